import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  formatDate,
  MAX_PROVIDER_SEARCH,
  municipalityByCode,
  type ProviderSearch,
  providerSearchSchema,
} from '@propertydna/domain';
import { useId, useState } from 'react';
import { ListLoading } from '../../../../../components/list-loading';
import { LoadError } from '../../../../../components/load-error';
import { type InvitePrefill, InviteVendorModal } from '../../../../../components/vendors/invite-vendor-modal';
import { SpecialtyBadges } from '../../../../../components/vendors/vendor-badges';
import {
  VerificationLevelBadge,
  VerifiedChecks,
} from '../../../../../components/verification/verification-level';
import { errorMessage } from '../../../../../lib/error-message';
import { trpc } from '../../../../../lib/trpc';
import { PROVIDER_MESSAGES, type Provider } from './labels';
import { ProviderContact } from './provider-contact';
import { useReturnFocus } from './use-return-focus';

interface SearchValues {
  specialty: string;
  municipality: string;
  q: string;
}

/**
 * The area a property's municipality is searched by: a listed code's name ('CPT' → 'City of Cape Town',
 * which the server also finds as 'Cape Town' in an address), else the stored text.
 */
export function propertyArea(municipality: string | null | undefined): string {
  if (!municipality) return '';
  return municipalityByCode(municipality)?.name ?? municipality;
}

/** What an invite to a provider starts from: its name, published e-mail address and phone. */
export function providerInvitePrefill(provider: Provider): InvitePrefill {
  return {
    name: provider.trading_as ?? provider.company_name,
    email: provider.email ?? '',
    company: provider.company_name,
    phone: provider.phone,
  };
}

/**
 * 'Liability insurance current until Dec 31, 2026' while a reviewed insurance certificate holds (the API
 * answers insured_until only then), else that none is on file: typed insurance is never called current.
 */
export function insuranceLine(provider: Pick<Provider, 'insured_until'>): string {
  return provider.insured_until
    ? `Liability insurance current until ${formatDate(provider.insured_until)}`
    : PROVIDER_MESSAGES.noInsurance;
}

/**
 * Find Provider (issue 16 §6): registered suppliers by specialty, area (the property's municipality at
 * first, searched at once) and free text, checked with the domain's schema; each result with its
 * specialties, area, reviewed insurance, verification level with what was checked until when, contact links and 'Invite as vendor', which opens the
 * vendors' invite for this property prefilled with the provider's name, e-mail address and phone.
 */
export function FindProvider({
  propertyId,
  municipality,
  now,
}: {
  propertyId: string;
  municipality: string | null;
  now?: Date;
}) {
  const area = propertyArea(municipality);
  const [search, setSearch] = useState<ProviderSearch>(() =>
    providerSearchSchema.parse({ municipality: area }),
  );
  const providers = trpc.escalation.providers.useQuery(search);
  const [inviting, setInviting] = useState<Provider | null>(null);
  const focus = useReturnFocus();
  const form = useForm<SearchValues>({
    initialValues: { specialty: '', municipality: area, q: '' },
    validate: schemaResolver(providerSearchSchema, { sync: true }),
  });

  function submit(values: SearchValues) {
    const parsed = providerSearchSchema.safeParse(values);
    if (!parsed.success) return;
    setSearch(parsed.data);
    // The same search again asks the server again (a supplier may have registered since).
    if (JSON.stringify(parsed.data) === JSON.stringify(search)) void providers.refetch();
  }

  return (
    <Stack gap="md">
      <form noValidate onSubmit={form.onSubmit(submit)} aria-label="Search providers">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label="Specialty"
            placeholder="e.g. Plumbing, Roofing, Electrical"
            maxLength={MAX_PROVIDER_SEARCH}
            {...form.getInputProps('specialty')}
          />
          <TextInput
            label="Area"
            description={area ? "Your property's municipality at first" : 'Town or municipality'}
            placeholder="e.g. Cape Town"
            maxLength={MAX_PROVIDER_SEARCH}
            {...form.getInputProps('municipality')}
          />
          <TextInput
            label="Name or keyword"
            placeholder="e.g. geyser"
            maxLength={MAX_PROVIDER_SEARCH}
            {...form.getInputProps('q')}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" loading={providers.isFetching}>
            {PROVIDER_MESSAGES.search}
          </Button>
        </Group>
      </form>
      <ProviderResults
        providers={providers.data}
        loading={providers.isPending}
        error={providers.isError ? errorMessage(providers.error, 'Try again in a moment') : null}
        onRetry={() => void providers.refetch()}
        onInvite={(provider) => {
          focus.remember();
          setInviting(provider);
        }}
      />
      {inviting && (
        <InviteVendorModal
          opened
          title={`Invite ${inviting.company_name} as vendor`}
          propertyId={propertyId}
          prefill={providerInvitePrefill(inviting)}
          now={now}
          onClose={() => {
            setInviting(null);
            focus.restore();
          }}
        />
      )}
    </Stack>
  );
}

function ProviderResults({
  providers,
  loading,
  error,
  onRetry,
  onInvite,
}: {
  providers: readonly Provider[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onInvite: (provider: Provider) => void;
}) {
  if (loading) return <ListLoading label={PROVIDER_MESSAGES.searching} testId="provider-skeleton" />;
  if (error !== null || !providers) {
    return <LoadError title={PROVIDER_MESSAGES.loadFailed} message={error} onRetry={onRetry} />;
  }
  if (providers.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text fw={600} role="status">
          {PROVIDER_MESSAGES.empty}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          {PROVIDER_MESSAGES.emptyHint}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {providers.length === 1 ? '1 provider' : `${providers.length} providers`}, checked suppliers first
      </Text>
      <Stack gap="sm" component="ul" aria-label="Providers" p={0} m={0} style={{ listStyle: 'none' }}>
        {providers.map((provider) => (
          <ProviderCard key={provider.id} provider={provider} onInvite={() => onInvite(provider)} />
        ))}
      </Stack>
    </Stack>
  );
}

function ProviderCard({ provider, onInvite }: { provider: Provider; onInvite: () => void }) {
  const nameId = useId();
  const tradingAs =
    provider.trading_as && provider.trading_as !== provider.company_name ? provider.trading_as : null;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={nameId}
      data-testid="provider"
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} size="h5" id={nameId} style={{ overflowWrap: 'anywhere' }}>
                {provider.company_name}
              </Title>
              <VerificationLevelBadge level={provider.verification.level} />
            </Group>
            {tradingAs && <Text size="sm">Trading as {tradingAs}</Text>}
            <SpecialtyBadges of={provider.company_name} specialties={provider.specialties} />
            {provider.area && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span size="sm" fw={600}>
                  Area:
                </Text>{' '}
                {provider.area}
              </Text>
            )}
            <Text
              size="sm"
              c={provider.insured_until ? undefined : 'dimmed'}
              data-testid="provider-insurance"
            >
              {insuranceLine(provider)}
            </Text>
            <VerifiedChecks checks={provider.verification.checks} of={provider.company_name} />
          </Stack>
          <ProviderContact provider={provider} />
        </Group>
        {provider.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {provider.description}
          </Text>
        )}
        <Group gap="xs">
          <Button size="sm" variant="light" onClick={onInvite} aria-describedby={nameId}>
            {PROVIDER_MESSAGES.invite}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
