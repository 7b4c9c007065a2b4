import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  formatDate,
  MAX_PROVIDER_SEARCH,
  municipalityByCode,
  type PropertyProviderSearch,
  propertyProviderSearchSchema,
  vendorCompanyLabel,
} from '@propertydna/domain';
import { useId, useState } from 'react';
import { ListLoading } from '../../../../../components/list-loading';
import { LoadError } from '../../../../../components/load-error';
import { type InvitePrefill, InviteVendorModal } from '../../../../../components/vendors/invite-vendor-modal';
import {
  SpecialtyBadges,
  VendorAccessDetails,
  VerifiedBadge,
} from '../../../../../components/vendors/vendor-badges';
import { VendorContact } from '../../../../../components/vendors/vendor-contact';
import {
  VerificationLevelBadge,
  VerifiedChecks,
} from '../../../../../components/verification/verification-level';
import { errorMessage } from '../../../../../lib/error-message';
import { RoleGuard } from '../../../../../lib/permissions';
import { trpc } from '../../../../../lib/trpc';
import {
  type OwnVendor,
  PROVIDER_MESSAGES,
  type Provider,
  type ProviderSearchResult,
  providerResultsSummary,
} from './labels';
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

/** What an invite of one of the owner's own vendors to this property starts from: the vendor as kept. */
export function ownVendorInvitePrefill(vendor: OwnVendor): InvitePrefill {
  return { name: vendor.name, email: vendor.email, company: vendor.company, phone: vendor.phone };
}

/** Whom the invite dialog is open for: a provider, or one of the owner's vendors. */
type Inviting = { title: string; prefill: InvitePrefill };

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
 * Find Provider (issue 16 §6, issue 32 §6) on a property: by specialty, area (the property's municipality
 * at first, searched at once; emptied, anywhere) and free text, checked with the domain's schema. The
 * owner's own vendors that match come first, marked 'Your vendor', with their contact and their access to
 * this property; then the registered suppliers of the area, or, when it has none, of its province, which
 * the answer says in words ('No Plumbing providers in City of Cape Town; showing providers in Western
 * Cape'). Each provider with its specialties, area, reviewed insurance, verification level with what was
 * checked until when, the contact details it published (none made up) and 'Invite as vendor', which opens
 * the vendors' invite for this property prefilled with the provider's name, e-mail address and phone
 * (held back, with the reason, from a role that cannot change vendors: vendors.invite is vendors.write).
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
  const [search, setSearch] = useState<PropertyProviderSearch>(() =>
    propertyProviderSearchSchema.parse({ municipality: area }),
  );
  const results = trpc.escalation.findProviders.useQuery({ propertyId, ...search });
  const [inviting, setInviting] = useState<Inviting | null>(null);
  const focus = useReturnFocus();
  const form = useForm<SearchValues>({
    initialValues: { specialty: '', municipality: area, q: '' },
    validate: schemaResolver(propertyProviderSearchSchema, { sync: true }),
  });

  function submit(values: SearchValues) {
    const parsed = propertyProviderSearchSchema.safeParse(values);
    if (!parsed.success) return;
    setSearch(parsed.data);
    // The same search again asks the server again (a supplier may have registered since).
    if (JSON.stringify(parsed.data) === JSON.stringify(search)) void results.refetch();
  }

  function invite(whom: Inviting) {
    focus.remember();
    setInviting(whom);
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
            description={
              area
                ? "Your property's municipality at first; its province when it has nobody"
                : 'Town or municipality; empty for anywhere'
            }
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
          <Button type="submit" loading={results.isFetching}>
            {PROVIDER_MESSAGES.search}
          </Button>
        </Group>
      </form>
      <ProviderResults
        propertyId={propertyId}
        result={results.data}
        loading={results.isPending}
        error={results.isError ? errorMessage(results.error, 'Try again in a moment') : null}
        onRetry={() => void results.refetch()}
        onInvite={invite}
      />
      {inviting && (
        <InviteVendorModal
          opened
          title={inviting.title}
          propertyId={propertyId}
          prefill={inviting.prefill}
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
  propertyId,
  result,
  loading,
  error,
  onRetry,
  onInvite,
}: {
  propertyId: string;
  result: ProviderSearchResult | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onInvite: (whom: Inviting) => void;
}) {
  if (loading) return <ListLoading label={PROVIDER_MESSAGES.searching} testId="provider-skeleton" />;
  if (error !== null || !result) {
    return <LoadError title={PROVIDER_MESSAGES.loadFailed} message={error} onRetry={onRetry} />;
  }
  const widened = result.message && (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-light)" data-testid="provider-widened">
      <Text size="sm" fw={600} role="status">
        {result.message}
      </Text>
    </Paper>
  );
  if (result.vendors.length === 0 && result.providers.length === 0) {
    return (
      <Stack gap="sm">
        {widened}
        <Paper withBorder radius="md" p="lg">
          <Text fw={600} role="status">
            {PROVIDER_MESSAGES.empty}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {PROVIDER_MESSAGES.emptyHint}
          </Text>
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {widened}
      <Text size="sm" c="dimmed" role="status">
        {providerResultsSummary(result)}
      </Text>
      <Stack gap="sm" component="ul" aria-label="Providers" p={0} m={0} style={{ listStyle: 'none' }}>
        {result.vendors.map((vendor) => (
          <OwnVendorCard
            key={vendor.id}
            vendor={vendor}
            propertyId={propertyId}
            onInvite={() =>
              onInvite({
                title: `Invite ${vendor.name} to this property`,
                prefill: ownVendorInvitePrefill(vendor),
              })
            }
          />
        ))}
        {result.providers.map((provider) => (
          <ProviderCard
            key={provider.id}
            provider={provider}
            onInvite={() =>
              onInvite({
                title: `Invite ${provider.company_name} as vendor`,
                prefill: providerInvitePrefill(provider),
              })
            }
          />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * One of the owner's own vendors, first among the results and marked 'Your vendor': its name, company
 * ('Independent' when empty), its level when a checked registered supplier, specialties, contact as the
 * owner keeps it, and its access to this property; 'Invite to this property' unless that access is live.
 */
function OwnVendorCard({
  vendor,
  propertyId,
  onInvite,
}: {
  vendor: OwnVendor;
  propertyId: string;
  onInvite: () => void;
}) {
  const nameId = useId();
  const here = vendor.properties.find((property) => property.id === propertyId);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={nameId}
      data-testid="own-vendor"
      style={{ minWidth: 0, borderColor: 'var(--mantine-color-teal-filled)' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} size="h5" id={nameId} style={{ overflowWrap: 'anywhere' }}>
                {vendor.name}
              </Title>
              <Badge color="teal" variant="filled" tt="none" data-testid="your-vendor">
                {PROVIDER_MESSAGES.yourVendor}
              </Badge>
              {vendor.verified && vendor.verification_level && (
                <VerifiedBadge
                  registeredSupplier={vendor.registered_supplier}
                  level={vendor.verification_level}
                />
              )}
            </Group>
            <Text size="sm">{vendorCompanyLabel(vendor.company)}</Text>
            <SpecialtyBadges of={vendor.name} specialties={vendor.specialties} />
            {here ? (
              <VendorAccessDetails access={here.access} />
            ) : (
              <Text size="sm" c="dimmed">
                Not invited to this property
              </Text>
            )}
          </Stack>
          <VendorContact vendor={vendor} />
        </Group>
        {here?.access.status !== 'active' && (
          <Group gap="xs">
            <RoleGuard capability="vendors.write">
              <Button size="sm" variant="light" onClick={onInvite} aria-describedby={nameId}>
                {PROVIDER_MESSAGES.inviteOwn}
              </Button>
            </RoleGuard>
          </Group>
        )}
      </Stack>
    </Paper>
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
          <RoleGuard capability="vendors.write">
            <Button size="sm" variant="light" onClick={onInvite} aria-describedby={nameId}>
              {PROVIDER_MESSAGES.invite}
            </Button>
          </RoleGuard>
        </Group>
      </Stack>
    </Paper>
  );
}
