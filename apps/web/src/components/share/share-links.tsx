import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, formatTime, SHARE_MESSAGES } from '@propertydna/domain';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { copyToClipboard } from '../documents/share-modal';
import { StackedTable, TableHead } from '../table-head';
import { rememberedShareUrl } from './remembered-links';

export type ShareLinkRow = RouterOutputs['shares']['links'][number];
export type ShareEventRow = RouterOutputs['shares']['events'][number];

/** Whose links to list: a supplier's job or an owner's property. */
export type ShareLinksOwner = { jobId: string } | { propertyId: string };

const STATUS_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

/** What each logged action is called in the access log. */
export const SHARE_ACTION_LABELS: Record<ShareEventRow['action'], string> = {
  view: 'Viewed',
  unlock_ok: 'Unlocked',
  unlock_failed: 'Wrong password',
  download: 'Downloaded',
  adopt: 'Adopted',
};

export const ACCESS_LOG_COLUMNS = ['Time', 'Event', 'Document', 'Visitor', 'IP'] as const;

/** A logged instant as date and time in Johannesburg ('Nov 22, 2026 10:00'). */
export function formatEventTime(value: string): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** What a link shares, in words: the job ('Job JOB-…') or its documents' names. */
export function sharedSubject(link: Pick<ShareLinkRow, 'job_ref' | 'document_names'>): string {
  if (link.job_ref) return `Job ${link.job_ref}`;
  const names = link.document_names;
  if (names.length === 0) return 'Documents since deleted';
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

export const SHARE_LINK_COLUMNS = [
  'Shares',
  'Created',
  'Status',
  'Password',
  'Views',
  'Downloads',
  'Expires',
  'Actions',
] as const;

/** Why an older link has no Copy: the server never kept it. */
export const COPY_ONLY_HERE =
  'A link can be copied only in the browser tab that made it: PropertyDNA keeps a fingerprint of each link, never the link itself. For an older link, make a new one (and revoke the old one if it should stop working).';

export interface ShareLinksTableProps {
  links: readonly ShareLinkRow[];
  /** A revoke is out: every Revoke button is disabled. */
  revoking?: boolean;
  /** The URL of a link made in this tab's session (only those can be copied), else null. */
  urlOf?: (id: string) => string | null;
  onCopy?: (url: string) => void;
  onRevoke: (id: string) => void;
  onShowLog: (id: string) => void;
}

/** The share links of a job or property: what each shares, status, counts, expiry, Copy, Access log and Revoke. */
export function ShareLinksTable({
  links,
  revoking = false,
  urlOf = () => null,
  onCopy,
  onRevoke,
  onShowLog,
}: ShareLinksTableProps) {
  if (links.length === 0) return <Text c="dimmed">No share links yet</Text>;
  const someNotCopyable = links.some((link) => link.status === 'active' && urlOf(link.id) === null);
  return (
    <Stack gap="xs">
      <StackedTable aria-label="Share links" minWidth={900}>
        <TableHead columns={SHARE_LINK_COLUMNS} />
        <Table.Tbody>
          {links.map((link) => {
            const subject = sharedSubject(link);
            const url = link.status === 'active' ? urlOf(link.id) : null;
            return (
              <Table.Tr key={link.id}>
                <Table.Td data-label="Shares">
                  <Text size="sm" fw={500} title={link.job_ref ? undefined : link.document_names.join(', ')}>
                    {subject}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Created" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(link.created_at)}
                </Table.Td>
                <Table.Td data-label="Status">
                  <Badge color={STATUS_COLOR[link.status]} variant="light" miw="max-content">
                    {link.status}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Password">{link.password_protected ? 'Yes' : 'No'}</Table.Td>
                <Table.Td data-label="Views">{link.views}</Table.Td>
                <Table.Td data-label="Downloads">{link.downloads}</Table.Td>
                <Table.Td data-label="Expires" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(link.expires_at)}
                </Table.Td>
                <Table.Td data-label="Actions">
                  <Group gap="xs" wrap="wrap">
                    <Button
                      size="compact-sm"
                      disabled={url === null}
                      aria-label={`Copy link: ${subject}`}
                      onClick={() => url && onCopy?.(url)}
                    >
                      Copy link
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Access log: ${subject}`}
                      onClick={() => onShowLog(link.id)}
                    >
                      Access log
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      color="red"
                      aria-label={`Revoke: ${subject}`}
                      disabled={link.status !== 'active' || revoking}
                      onClick={() => onRevoke(link.id)}
                    >
                      Revoke
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </StackedTable>
      {someNotCopyable && (
        <Text size="xs" c="dimmed">
          {COPY_ONLY_HERE}
        </Text>
      )}
    </Stack>
  );
}

/** A link's access log, newest first: when, what, which document, who and from where. */
export function AccessLogTable({ events }: { events: readonly ShareEventRow[] }) {
  if (events.length === 0) return <Text c="dimmed">No access yet</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label="Access log">
        <TableHead columns={ACCESS_LOG_COLUMNS} />
        <Table.Tbody>
          {events.map((event, index) => (
            // Events have no id, and the same visitor can do the same thing twice in one second; the
            // list is only ever replaced whole, so the position is a stable key.
            <Table.Tr key={index}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEventTime(event.created_at)}</Table.Td>
              <Table.Td>{SHARE_ACTION_LABELS[event.action]}</Table.Td>
              <Table.Td>{event.document_name ?? '—'}</Table.Td>
              <Table.Td>{event.user_name ?? 'Anonymous'}</Table.Td>
              <Table.Td>{event.ip}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The access log's body: a loader, the server's error, or the table. */
export function AccessLogView({
  loading,
  error,
  events,
}: {
  loading: boolean;
  error: string | null;
  events: readonly ShareEventRow[] | undefined;
}) {
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  if (loading || !events) return <Loader size="sm" aria-label="Loading access log" />;
  return <AccessLogTable events={events} />;
}

function AccessLog({ id }: { id: string }) {
  // Fetched afresh each time the log is opened: visits happen while the page is open.
  const events = trpc.shares.events.useQuery({ id }, { staleTime: 0 });
  return (
    <AccessLogView
      loading={events.isPending}
      error={events.isError ? errorMessage(events.error, 'Error') : null}
      events={events.data}
    />
  );
}

/**
 * The share links of a job (supplier) or a property (owner), each with Revoke and an 'Access log'
 * modal listing who opened, unlocked or downloaded through it.
 */
export function ShareLinks(props: ShareLinksOwner) {
  const input: ShareLinksOwner = 'jobId' in props ? { jobId: props.jobId } : { propertyId: props.propertyId };
  const utils = trpc.useUtils();
  const links = trpc.shares.links.useQuery(input);
  const [logFor, setLogFor] = useState<string | null>(null);
  const revoke = trpc.shares.revoke.useMutation({
    onSuccess: () => utils.shares.links.invalidate(input),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') }),
  });

  const copyLink = async (url: string) => {
    const copied = await copyToClipboard(url);
    notifications.show(
      copied
        ? { color: 'green', message: SHARE_MESSAGES.linkCopiedPlain }
        : { color: 'red', title: 'Error', message: 'Unable to copy the link.' },
    );
  };

  let body: ReactNode;
  if (links.isPending) body = <Loader size="sm" aria-label="Loading share links" />;
  else if (links.isError) {
    body = (
      <Alert color="red" role="alert">
        {errorMessage(links.error, 'Error')}
      </Alert>
    );
  } else {
    body = (
      <ShareLinksTable
        links={links.data}
        revoking={revoke.isPending}
        urlOf={rememberedShareUrl}
        onCopy={(url) => void copyLink(url)}
        onRevoke={(id) => revoke.mutate({ id })}
        onShowLog={setLogFor}
      />
    );
  }

  return (
    <>
      {body}
      <Modal opened={logFor !== null} onClose={() => setLogFor(null)} title="Access log" size="xl" centered>
        {logFor && <AccessLog id={logFor} />}
      </Modal>
    </>
  );
}
