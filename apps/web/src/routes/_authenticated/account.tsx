import { Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can, homePathOf, ROLE_LABELS } from '@propertydna/domain';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChangeEmailSection } from '../../components/change-email-form';
import { ChangePasswordSection } from '../../components/change-password-form';
import { useAuth } from '../../lib/auth';
import { pageHead } from '../../lib/page-head';
import { planStateOf, useStartTrial } from '../../lib/plan';
import { trpc } from '../../lib/trpc';
import { USER_TYPE_LABELS } from '../../lib/user-type-labels';
import { AccessLedgerSection } from './-components/access-ledger-section';
import { AlertSettingsSection, CalendarFeedSection } from './-components/alert-settings';
import { ApiTokensSection } from './-components/api-tokens-section';
import { BillingSection } from './-components/billing-section';
import { CloseAccountSection } from './-components/close-account-section';
import { ExportSection } from './-components/export-section';
import { MembersSection } from './-components/members-section';
import { PlanSummary } from './-components/plan-summary';
import { PrivacySection } from './-components/privacy-section';
import { ReadingSettingsSection } from './-components/reading-settings';
import { WebhooksSection } from './-components/webhooks-section';

export const Route = createFileRoute('/_authenticated/account')({
  head: pageHead('Account'),
  component: AccountPage,
});

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/**
 * /account, the user menu's 'Account settings': who is signed in, the organisation, the plan, maintenance
 * alerts, the calendar feed, reading documents and webhooks (owners), API tokens (everyone), the password.
 */
function AccountPage() {
  const { user, organization } = useAuth();
  const startTrial = useStartTrial();
  const utils = trpc.useUtils();
  if (!user || !organization) return null;
  const owner = homePathOf(user.userType) !== '/supplier';
  const plan = planStateOf(organization, undefined, user?.role);
  // The trial brings email alerts: their settings are asked for again once it runs.
  const onStartTrial = () =>
    startTrial.mutate(undefined, { onSuccess: () => void utils.notifications.settings.invalidate() });
  return (
    <Container size="md" py="xl">
      <Title order={1}>Account</Title>
      <Text c="dimmed" mt={4}>
        {owner
          ? 'Your details, your plan, maintenance alerts, your calendar feed, reading documents, webhooks, API tokens, your privacy choices, your email address and your password'
          : 'Your details, your organisation\u2019s plan, API tokens, your privacy choices, your email address and your password'}
      </Text>
      <Stack gap="lg" mt="xl">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-details">
          <Title order={2} size="h4" id="account-details">
            Your details
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} mt="md" mb={0}>
            <Detail label="Name">
              {user.firstName} {user.lastName}
            </Detail>
            <Detail label="Email">
              {user.email}
              {user.pending_email ? ` (changing to ${user.pending_email}, waiting for confirmation)` : ''}
            </Detail>
            <Detail label="Organisation">{organization.name}</Detail>
            <Detail label="Account type">{USER_TYPE_LABELS[user.userType].label}</Detail>
            <Detail label="Your role">{ROLE_LABELS[user.role]}</Detail>
          </SimpleGrid>
        </Paper>
        {owner && <PlanSummary state={plan} starting={startTrial.isPending} onStartTrial={onStartTrial} />}
        {owner && <BillingSection canManage={can(user.role, 'plan.manage')} />}
        {owner && (
          <AlertSettingsSection
            canStartTrial={plan.canStartTrial}
            starting={startTrial.isPending}
            onStartTrial={onStartTrial}
          />
        )}
        <MembersSection />
        {owner && <CalendarFeedSection />}
        {owner && <ReadingSettingsSection />}
        {owner && <WebhooksSection />}
        <ApiTokensSection />
        <PrivacySection />
        <AccessLedgerSection />
        <ExportSection />
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-email-title">
          <ChangeEmailSection idPrefix="account-email" />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <ChangePasswordSection idPrefix="account" />
        </Paper>
        <CloseAccountSection />
      </Stack>
    </Container>
  );
}
