import { Anchor, Container, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LoadError } from '../components/load-error';
import { LogoLink } from '../components/logo';
import { AnchorLink } from '../components/router-links';
import { errorMessage } from '../lib/error-message';
import { pageHead } from '../lib/page-head';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/privacy')({
  head: pageHead('Privacy notice'),
  component: PrivacyPage,
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

const days = (count: number) => (count % 365 === 0 ? `${count / 365} years` : `${count} days`);

/**
 * The privacy notice (issue 31 §4, POPIA): what is kept, why, for how long, who processes it and how to
 * exercise one's rights. The operators and the retention are this deployment's, read from the server
 * (GET /api/privacy), so the notice says what the housekeeping really does.
 */
function PrivacyPage() {
  const notice = trpc.privacy.notice.useQuery();
  const retention = notice.data?.retention;
  return (
    <Container component="main" size="md" py="xl">
      <Group mb="xl">
        <LogoLink />
      </Group>
      <Title order={1}>Privacy notice</Title>
      <Text c="dimmed" mt="xs">
        Under the Protection of Personal Information Act 4 of 2013 (POPIA). Last updated: November 2026
      </Text>
      <Stack gap="xl" mt="xl">
        <Section title="What we keep, and why">
          <List spacing="xs">
            <List.Item>
              Your account: name, email address, phone number, account type and, for companies and suppliers,
              registration and VAT numbers. To sign you in, reach you about your account and show suppliers'
              details to the owners they work for.
            </List.Item>
            <List.Item>
              Your properties and their documents (deeds, certificates, policies, reports), with what we read
              from them and what you confirm. To keep your record, check compliance and remind you in time.
            </List.Item>
            <List.Item>
              The audit trail: who uploaded, viewed, downloaded, shared or changed what, when and from which
              address. So that you and a buyer can trust the record.
            </List.Item>
            <List.Item>
              The access log of your share links, vendor invites and transfer links: each view, unlock and
              download with its address and time. So that you can see who looked.
            </List.Item>
            <List.Item>
              Your marketing choice, with when you last gave or withdrew it. We send product news only if you
              agreed.
            </List.Item>
          </List>
        </Section>

        <Section title="How long we keep it">
          {notice.isError ? (
            <LoadError
              title="Could not load how long records are kept"
              message={errorMessage(notice.error, 'Please try again.')}
              onRetry={() => void notice.refetch()}
            />
          ) : !retention ? (
            <Skeleton height={120} aria-busy="true" />
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Record</Table.Th>
                    <Table.Th scope="col">Kept for</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>Your account, properties, documents and audit trail</Table.Td>
                    <Table.Td>As long as your account is open, or until you delete them</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>Access log of links (views, unlocks, downloads)</Table.Td>
                    <Table.Td>{days(retention.accessLogDays)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>A sign-in session you no longer use</Table.Td>
                    <Table.Td>{retention.sessionDays} days</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>Failed sign-in attempts and other counters</Table.Td>
                    <Table.Td>{retention.attemptHours} hours</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>Background work that failed (it can hold an email address)</Table.Td>
                    <Table.Td>{retention.failedJobDays} days</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>Background work that finished</Table.Td>
                    <Table.Td>{retention.finishedJobDays} days</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>Webhook delivery log</Table.Td>
                    <Table.Td>{retention.webhookLogDays} days</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>A private demo</Table.Td>
                    <Table.Td>{retention.demoHours} hours</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Section>

        <Section title="Who processes it for us">
          {notice.data ? (
            <List spacing="xs">
              {notice.data.operators.map((operator) => (
                <List.Item key={operator.purpose}>
                  <Text span fw={600}>
                    {operator.purpose}:
                  </Text>{' '}
                  {operator.operator}
                </List.Item>
              ))}
            </List>
          ) : (
            !notice.isError && <Skeleton height={60} aria-busy="true" />
          )}
          <Text>
            We do not sell your information, and share it with nobody else unless the law requires it.
          </Text>
        </Section>

        <Section title="Your rights">
          <List spacing="xs">
            <List.Item>
              See and correct: everything we keep about your properties is in your vault; your details and
              your marketing choice are on your{' '}
              <AnchorLink to="/account" underline="always">
                account page
              </AnchorLink>
              .
            </List.Item>
            <List.Item>
              Delete: you can delete documents and properties yourself, and an owner can close the whole
              account on the account page (Danger zone): everyone in it is signed out at once, and unless it
              is reopened within the grace period (30 days by default) every record and file of it is deleted.
            </List.Item>
            <List.Item>
              Get a copy: an owner or admin can download all of the organisation’s data on the account page
              (Download all my data): one ZIP with every record and every stored file, with the SHA-256 of
              each.
            </List.Item>
            <List.Item>
              Know who had access: the access ledger on the account page (and on each property’s page) lists
              every access to your information by anyone outside your organisation — share-link views and
              downloads with their address and time, vendor uploads, people you granted access to, API tokens,
              PropertyDNA staff reviewing verification evidence and transfer recipients — and lets you revoke
              an access that is still live from its row. It keeps two years; older months are kept as counts.
            </List.Item>
            <List.Item>
              Object or complain: if you are not satisfied with how we handle your information, you may
              complain to the{' '}
              <Anchor href="https://inforegulator.org.za" underline="always" target="_blank" rel="noopener">
                Information Regulator of South Africa
              </Anchor>
              .
            </List.Item>
          </List>
        </Section>
      </Stack>
    </Container>
  );
}
