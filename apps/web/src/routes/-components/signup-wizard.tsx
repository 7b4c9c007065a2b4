import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type AccountGroup,
  isComingSoon,
  SIGNUP_FIELDS_BY_USER_TYPE,
  SIGNUP_MESSAGES,
  type SignupRequestInput,
  type SignupRoleField,
  seesPortfolio,
  signupFormSchema,
  toSignupRequest,
  USER_TYPES_BY_GROUP,
  type UserType,
} from '@propertydna/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { PasswordField } from '../../components/password-field';
import { AnchorLink } from '../../components/router-links';
import { ACCOUNT_GROUP_LABELS, USER_TYPE_LABELS } from '../../lib/user-type-labels';
import { ChoiceCard } from './choice-card';
import type { SignupPreset } from './signup-presets';

export interface SignupWizardProps {
  /** Preselects the account type and, when it can be chosen, the role. */
  preset?: SignupPreset | undefined;
  /** 'existing': a homeowner who already owns a property. */
  scenario?: 'existing' | undefined;
  /** A signup request is out: the submit button reads 'Creating Account...'. */
  busy: boolean;
  onSubmit: (request: SignupRequestInput) => void;
  /** Where to return after logging in (the share the visitor came from); carried by 'Log in'. */
  redirect?: string | undefined;
  /** The email to start from (the address a transfer link was sent to). */
  email?: string | null | undefined;
}

type Step = 1 | 2 | 3;

export interface SignupFormValues {
  accountType: AccountGroup | '';
  userType: UserType | '';
  company: string;
  registrationNumber: string;
  vatNumber: string;
  companyType: string;
  tradingAs: string;
  businessAddress: string;
  specialties: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
  agreeToMarketing: boolean;
}

/** Company forms South African companies register under (CIPC), for the company type field. */
export const COMPANY_TYPES = [
  'Private company (Pty) Ltd',
  'Public company (Ltd)',
  'Close corporation (CC)',
  'Personal liability company (Inc)',
  'Non-profit company (NPC)',
  'Trust',
  'Partnership',
  'Sole proprietor',
] as const;

/** The role-dependent fields that may be left blank (spec §5); the others are required where they appear. */
const OPTIONAL_ROLE_FIELDS: readonly SignupRoleField[] = ['vatNumber', 'tradingAs'];

const ROLE_FIELD_INPUTS: Record<
  SignupRoleField,
  { label: string; placeholder?: string; description?: string; autoComplete?: string }
> = {
  company: { label: 'Company name', autoComplete: 'organization' },
  registrationNumber: {
    label: 'Company registration number',
    placeholder: 'e.g. 2019/123456/07',
    description: 'As CIPC issued it: YYYY/NNNNNN/NN',
  },
  vatNumber: {
    label: 'VAT number',
    placeholder: 'e.g. 4123456789',
    description: '10 digits starting with 4',
  },
  companyType: { label: 'Company type' },
  tradingAs: { label: 'Trading as', placeholder: 'The name your customers know you by' },
  businessAddress: { label: 'Business address', autoComplete: 'street-address' },
  specialties: {
    label: 'Service categories',
    placeholder: 'e.g. Roofing, Waterproofing, Gutters',
    description: 'Separate categories with commas',
  },
};

/** The order fields appear in, so the first invalid one can take focus. */
const FIELD_ORDER: readonly (keyof SignupFormValues)[] = [
  'company',
  'tradingAs',
  'registrationNumber',
  'vatNumber',
  'companyType',
  'businessAddress',
  'specialties',
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'password',
  'confirmPassword',
  'agreeToTerms',
];

const fieldId = (field: keyof SignupFormValues) => `signup-${field}`;

function initialState(preset: SignupPreset | undefined): {
  step: Step;
  accountType: AccountGroup | '';
  userType: UserType | '';
} {
  switch (preset) {
    case 'homeowner':
      return { step: 3, accountType: 'individual', userType: 'homeowner' };
    case 'supplier':
      return { step: 3, accountType: 'company', userType: 'supplier' };
    // Developer is Coming Soon: the company roles are shown and developer cannot be chosen.
    case 'developer':
      return { step: 2, accountType: 'company', userType: '' };
    default:
      return { step: 1, accountType: '', userType: '' };
  }
}

function useSignupForm(
  initial: { accountType: AccountGroup | ''; userType: UserType | '' },
  email: string | null | undefined,
) {
  return useForm<SignupFormValues>({
    initialValues: {
      accountType: initial.accountType,
      userType: initial.userType,
      company: '',
      registrationNumber: '',
      vatNumber: '',
      companyType: '',
      tradingAs: '',
      businessAddress: '',
      specialties: '',
      firstName: '',
      lastName: '',
      email: email ?? '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      agreeToTerms: false,
      agreeToMarketing: false,
    },
    validate: schemaResolver(signupFormSchema, { sync: true }),
  });
}
type SignupForm = ReturnType<typeof useSignupForm>;

/**
 * The three-step registration wizard (spec §2, §5): 1 account type, 2 role (Coming Soon roles cannot be
 * chosen), 3 the registration form with the role's fields. Back returns to the previous step. The form
 * shows the domain schema's own messages; a password mismatch and unagreed Terms also raise the spec's
 * toasts.
 */
export function SignupWizard({ preset, scenario, busy, onSubmit, redirect, email }: SignupWizardProps) {
  const initial = initialState(preset);
  const [step, setStep] = useState<Step>(initial.step);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const form = useSignupForm(initial, email);

  useEffect(() => {
    // Each step change moves keyboard (and screen reader) focus to the new step's heading.
    if (moved.current) stepHeading.current?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    moved.current = true;
    form.clearErrors();
    setStep(next);
  };

  const { accountType, userType } = form.values;

  const chooseAccountType = (group: AccountGroup) => {
    if (group !== accountType) form.setFieldValue('userType', '');
    form.setFieldValue('accountType', group);
    goTo(2);
  };

  const chooseRole = (role: UserType) => {
    if (isComingSoon(role)) return;
    form.setFieldValue('userType', role);
    goTo(3);
  };

  const handleInvalid = (errors: Record<string, ReactNode>) => {
    if (errors.confirmPassword === SIGNUP_MESSAGES.passwordMismatch.message) {
      notifications.show({ color: 'red', ...SIGNUP_MESSAGES.passwordMismatch });
    } else if (errors.agreeToTerms) {
      notifications.show({ color: 'red', ...SIGNUP_MESSAGES.termsRequired });
    }
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const handleValid = (values: SignupFormValues) => {
    const parsed = signupFormSchema.safeParse(values);
    if (parsed.success) onSubmit(toSignupRequest(parsed.data));
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Title order={1} size="h2">
        Create your account
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        Step {step} of 3
      </Text>

      {step === 1 && (
        <section aria-labelledby="signup-step-1">
          <Title order={2} size="h4" mt="lg" id="signup-step-1" ref={stepHeading} tabIndex={-1}>
            Choose account type
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            {(['individual', 'company'] as const).map((group) => (
              <ChoiceCard
                key={group}
                label={ACCOUNT_GROUP_LABELS[group].label}
                description={ACCOUNT_GROUP_LABELS[group].description}
                selected={accountType === group}
                onChoose={() => chooseAccountType(group)}
              />
            ))}
          </SimpleGrid>
        </section>
      )}

      {step === 2 && accountType !== '' && (
        <section aria-labelledby="signup-step-2">
          <Title order={2} size="h4" mt="lg" id="signup-step-2" ref={stepHeading} tabIndex={-1}>
            Choose your role
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {ACCOUNT_GROUP_LABELS[accountType].label} account
          </Text>
          {preset === 'developer' && (
            <Alert color="blue" variant="light" mt="md">
              Developer accounts are coming soon. You can sign up with another role today.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            {USER_TYPES_BY_GROUP[accountType].map((role) => (
              <ChoiceCard
                key={role}
                label={USER_TYPE_LABELS[role].label}
                description={USER_TYPE_LABELS[role].description}
                disabled={isComingSoon(role)}
                badge={isComingSoon(role) ? 'Coming Soon' : undefined}
                selected={userType === role}
                onChoose={() => chooseRole(role)}
              />
            ))}
          </SimpleGrid>
          <Group mt="lg">
            <Button variant="default" onClick={() => goTo(1)}>
              Back
            </Button>
          </Group>
        </section>
      )}

      {step === 3 && userType !== '' && (
        <section aria-labelledby="signup-step-3">
          <Title order={2} size="h4" mt="lg" id="signup-step-3" ref={stepHeading} tabIndex={-1}>
            Your details
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Signing up as: {USER_TYPE_LABELS[userType].label}
          </Text>
          {scenario === 'existing' && seesPortfolio(userType) && (
            <Alert color="blue" variant="light" mt="md" title="Already own a property?">
              Once your account is created, add your property from your dashboard. It gets its permanent DNA
              code and a vault for its documents, such as the title deed.
            </Alert>
          )}
          <form noValidate onSubmit={form.onSubmit(handleValid, handleInvalid)}>
            <RoleFields userType={userType} form={form} />
            <Title order={3} size="h5" mt="lg">
              Personal details
            </Title>
            <Stack gap="sm" mt="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  id={fieldId('firstName')}
                  label="First name"
                  withAsterisk
                  autoComplete="given-name"
                  {...form.getInputProps('firstName')}
                />
                <TextInput
                  id={fieldId('lastName')}
                  label="Last name"
                  withAsterisk
                  autoComplete="family-name"
                  {...form.getInputProps('lastName')}
                />
              </SimpleGrid>
              <TextInput
                id={fieldId('email')}
                label="Email"
                type="email"
                withAsterisk
                autoComplete="email"
                {...form.getInputProps('email')}
              />
              <TextInput
                id={fieldId('phoneNumber')}
                label="Phone number (optional)"
                type="tel"
                autoComplete="tel"
                placeholder="e.g. 082 123 4567"
                {...form.getInputProps('phoneNumber')}
              />
              <PasswordField
                id={fieldId('password')}
                label="Password"
                description="At least 8 characters"
                withAsterisk
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
              <PasswordField
                id={fieldId('confirmPassword')}
                label="Confirm password"
                withAsterisk
                autoComplete="new-password"
                {...form.getInputProps('confirmPassword')}
              />
              <Checkbox
                id={fieldId('agreeToTerms')}
                mt="xs"
                label={
                  <>
                    I agree to the{' '}
                    <Anchor href="/terms" target="_blank" rel="noopener">
                      Terms of Service
                    </Anchor>
                  </>
                }
                {...form.getInputProps('agreeToTerms', { type: 'checkbox' })}
              />
              <Checkbox
                id={fieldId('agreeToMarketing')}
                label="Send me product news and property tips by email"
                {...form.getInputProps('agreeToMarketing', { type: 'checkbox' })}
              />
            </Stack>
            <Group justify="space-between" mt="xl">
              <Button variant="default" onClick={() => goTo(2)} disabled={busy}>
                Back
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Creating Account...' : 'Create Account'}
              </Button>
            </Group>
          </form>
        </section>
      )}

      <Text size="sm" ta="center" mt="xl">
        Already have an account?{' '}
        <AnchorLink to="/login" search={redirect ? { redirect } : {}}>
          Log in
        </AnchorLink>
      </Text>
    </Paper>
  );
}

/** The company fields the chosen role fills in (spec §5, `SIGNUP_FIELDS_BY_USER_TYPE`). */
function RoleFields({ userType, form }: { userType: UserType; form: SignupForm }) {
  const fields: readonly SignupRoleField[] = SIGNUP_FIELDS_BY_USER_TYPE[userType];
  if (fields.length === 0) return null;
  // Shown in the order of FIELD_ORDER, whatever the order of the domain's list.
  const ordered = FIELD_ORDER.filter((field): field is SignupRoleField =>
    (fields as readonly string[]).includes(field),
  );
  return (
    <>
      <Title order={3} size="h5" mt="lg">
        Company details
      </Title>
      <Stack gap="sm" mt="xs">
        {ordered.map((field) => {
          const input = ROLE_FIELD_INPUTS[field];
          const optional = OPTIONAL_ROLE_FIELDS.includes(field);
          const label = optional ? `${input.label} (optional)` : input.label;
          if (field === 'companyType') {
            return (
              <NativeSelect
                key={field}
                id={fieldId(field)}
                label={label}
                withAsterisk={!optional}
                data={[{ value: '', label: 'Choose a company type' }, ...COMPANY_TYPES]}
                {...form.getInputProps(field)}
              />
            );
          }
          return (
            <TextInput
              key={field}
              id={fieldId(field)}
              label={label}
              withAsterisk={!optional}
              placeholder={input.placeholder}
              description={input.description}
              autoComplete={input.autoComplete}
              {...form.getInputProps(field)}
            />
          );
        })}
      </Stack>
    </>
  );
}
