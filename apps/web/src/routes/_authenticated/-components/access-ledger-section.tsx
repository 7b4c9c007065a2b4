import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ACCESS_KIND_LABELS,
  ACCESS_KINDS,
  type AccessKind,
  type AccessLedgerQuery,
  type AccessRevokeKind,
} from '@propertydna/domain';
import { useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { ListLoading } from '../../../components/list-loading';
import { LoadError } from '../../../components/load-error';
import { StackedTable, TableHead } from '../../../components/table-head';
import { errorMessage } from '../../../lib/error-message';
import { RoleGuard } from '../../../lib/permissions';
import { formatDateTime } from '../../../lib/time';
import { type RouterOutputs, trpc } from '../../../lib/trpc';

type LedgerRow = RouterOutputs['accessLedger']['list']['rows'][number];

/** What each action is called on screen. */
const ACTION_LABELS: Record<string, string> = {
  view: 'Viewed',
  download: 'Downloaded',
  upload: 'Uploaded',
  adopt: 'Added to their vault',
  grant_accept: 'Accepted the invitation',
  evidence_approve: 'Approved verification evidence',
  evidence_reject: 'Rejected verification evidence',
  last_use: 'Last used the API',
  accept: 'Accepted the transfer',
};
const actionLabel = (action: string) => ACTION_LABELS[action] ?? action.replaceAll('_', ' ');

/** What the revoke button ends, in the confirming dialog. */
const REVOKE_WORDS: Record<AccessRevokeKind, string> = {
  share_link: 'this share link: whoever holds it can no longer open it',
  vendor_invite: "this vendor's upload link: they can no longer upload",
  grant: "this person's shared access to the property",
  api_token: 'this API token: every request with it is refused from now on',
  transfer_pack: 'this transfer pack link',
};

const COLUMNS = ['When', 'Who', 'What', 'Property', 'Address', 'Actions'] as const;

/**
 * The access ledger (issue 31 §3): every access to the organisation's information by someone who is not
 * one of its members — share links, vendor upload links, shared access, API tokens, PropertyDNA staff,
 * transfers — newest first, filterable; a live access can be revoked from its row. With `propertyId`,
 * that property's accesses only (on the property page). The server decides who may revoke what.
 */
export function AccessLedgerSection({ propertyId }: { propertyId?: string }) {
  const [filters, setFilters] = useState<{ kind: AccessKind | ''; from: string; to: string }>({
    kind: '',
    from: '',
    to: '',
  });
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<LedgerRow | null>(null);
  const query: AccessLedgerQuery = {
    ...(propertyId ? { propertyId } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(page > 1 ? { page } : {}),
  };
  const ledger = trpc.accessLedger.list.useQuery(query, { retry: false });
  const change = (patch: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const filtered = Boolean(filters.kind || filters.from || filters.to);
  const headingId = propertyId ? 'property-access-ledger' : 'account-access-ledger';
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Access ledger
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {propertyId
          ? 'Everyone outside your organisation who opened, downloaded or added to this property’s information.'
          : 'Everyone outside your organisation who opened, downloaded or added to its information: share links, vendors, people you gave shared access, API tokens, PropertyDNA staff reviewing verification evidence and transfer recipients.'}{' '}
        Kept for two years, then counted per month.
      </Text>
      <Group mt="md" gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Kind"
          value={filters.kind}
          onChange={(event) => change({ kind: event.currentTarget.value as AccessKind | '' })}
          data={[
            { value: '', label: 'All kinds' },
            ...ACCESS_KINDS.map((kind) => ({ value: kind, label: ACCESS_KIND_LABELS[kind] })),
          ]}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from}
          onChange={(e) => change({ from: e.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to}
          onChange={(e) => change({ to: e.currentTarget.value })}
        />
        {filtered && (
          <Button variant="default" onClick={() => change({ kind: '', from: '', to: '' })}>
            Clear filters
          </Button>
        )}
      </Group>
      <Stack mt="md" gap="sm">
        {ledger.isPending && (
          <ListLoading label="Loading the access ledger…" testId="access-ledger-loading" />
        )}
        {ledger.isError && (
          <LoadError
            title="Unable to load the access ledger"
            message={errorMessage(ledger.error, 'Please try again')}
            onRetry={() => void ledger.refetch()}
          />
        )}
        {ledger.data && ledger.data.rows.length === 0 && (
          <Text size="sm">
            {filtered || page > 1
              ? 'No access matches these filters.'
              : 'No one outside your organisation has accessed its information in the last two years.'}
          </Text>
        )}
        {ledger.data && ledger.data.rows.length > 0 && (
          <StackedTable aria-label="Access ledger" minWidth={820}>
            <TableHead columns={COLUMNS} />
            <Table.Tbody>
              {ledger.data.rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td data-label="When" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.at)}
                  </Table.Td>
                  <Table.Td data-label="Who">
                    <Badge variant="light" color="gray" mr={6}>
                      {ACCESS_KIND_LABELS[row.kind]}
                    </Badge>
                    <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.who}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="What">
                    {actionLabel(row.action)}
                    {row.document ? `: ${row.document.name}` : ''}
                  </Table.Td>
                  <Table.Td data-label="Property">{row.property?.name ?? '—'}</Table.Td>
                  <Table.Td data-label="Address">{row.ip ?? '—'}</Table.Td>
                  <Table.Td data-label="Actions">
                    {row.revoke ? (
                      <RoleGuard capability="shares.write">
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`Revoke access: ${row.who}`}
                          onClick={() => setRevoking(row)}
                        >
                          Revoke
                        </Button>
                      </RoleGuard>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        )}
        {ledger.data && (page > 1 || ledger.data.has_more) && (
          <Group gap="sm">
            <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Text size="sm">Page {page}</Text>
            <Button variant="default" disabled={!ledger.data.has_more} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </Group>
        )}
        {ledger.data && ledger.data.summary.length > 0 && (
          <div>
            <Title order={3} size="h5" mt="sm">
              Older than two years (counted per month)
            </Title>
            <Table mt="xs" aria-label="Older accesses per month">
              <TableHead columns={['Month', 'Kind', 'Accesses']} />
              <Table.Tbody>
                {ledger.data.summary.map((row) => (
                  <Table.Tr key={`${row.month} ${row.kind}`}>
                    <Table.Td>{row.month}</Table.Td>
                    <Table.Td>{ACCESS_KIND_LABELS[row.kind]}</Table.Td>
                    <Table.Td>{row.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
      <RevokeAccessDialog row={revoking} onClose={() => setRevoking(null)} />
    </Paper>
  );
}

function RevokeAccessDialog({ row, onClose }: { row: LedgerRow | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const revoke = trpc.accessLedger.revoke.useMutation();
  const target = row?.revoke;
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={row !== null} onClose={close} title="Revoke access?">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!target) return;
          revoke.mutate(target, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: 'Access revoked', message: row?.who ?? '' });
              void utils.accessLedger.list.invalidate();
              close();
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {row?.who}: this ends {target ? REVOKE_WORDS[target.kind] : 'this access'}. What was already
            opened stays in the ledger.
          </Text>
          <DialogFooter
            error={revoke.error ? errorMessage(revoke.error, 'Unable to revoke this access') : null}
            onCancel={close}
            submitLabel="Revoke access"
            busy={revoke.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
