import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DEMO_MESSAGES,
  describeCheck,
  EVIDENCE_KIND_LABELS,
  EVIDENCE_KINDS,
  type EvidenceKind,
  formatDate,
  TRADE_LABELS,
  TRADES,
  type Trade,
  tradesRequiredBy,
  VERIFICATION_LEVEL_MEANINGS,
  VERIFICATION_MESSAGES,
} from '@propertydna/domain';
import { useState } from 'react';
import { ViewLink } from '../../../../components/documents/document-links';
import { UploadProgressList } from '../../../../components/documents/upload-progress-list';
import { StackedTable } from '../../../../components/table-head';
import { checkLine, VerificationLevelBadge } from '../../../../components/verification/verification-level';
import { useAuth } from '../../../../lib/auth';
import { errorMessage } from '../../../../lib/error-message';
import { type RouterOutputs, trpc } from '../../../../lib/trpc';
import { useDocumentUpload } from '../../../../lib/upload/use-document-upload';
import { UPLOAD_ACCEPT } from '../../../../lib/upload/validate';

type Evidence = RouterOutputs['verification']['status']['evidence'][number];

const STATUS_COLORS: Record<Evidence['status'], string> = {
  pending: 'blue',
  approved: 'green',
  rejected: 'red',
  lapsed: 'orange',
  outdated: 'orange',
};
const STATUS_LABELS: Record<Evidence['status'], string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  lapsed: 'Lapsed',
  outdated: 'Outdated',
};

/** What the reviewer decided, in a sentence: what was checked and until when, or why it was rejected. */
export function decisionLine(evidence: Evidence): string {
  if (evidence.status === 'pending') return 'Waiting for a PropertyDNA reviewer';
  if (evidence.status === 'rejected') return `Rejected: ${evidence.reject_reason ?? ''}`;
  if (evidence.status === 'outdated') return VERIFICATION_MESSAGES.outdated;
  const until = evidence.valid_until ? `valid until ${formatDate(evidence.valid_until)}` : 'no end date';
  const by = evidence.reviewer_name ? ` by ${evidence.reviewer_name}` : '';
  return `Checked${by}: ${evidence.checked ?? ''} · ${until}`;
}

/** Choose what a document is, upload it and submit it for review (one document at a time). */
function SubmitEvidence({ requiredTrades }: { requiredTrades: readonly Trade[] }) {
  const utils = trpc.useUtils();
  const upload = useDocumentUpload({ notify: false });
  const submit = trpc.verification.submit.useMutation();
  const [kind, setKind] = useState<EvidenceKind | null>(null);
  const [trade, setTrade] = useState<Trade | null>(requiredTrades[0] ?? null);
  const [expiresAt, setExpiresAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const needsTrade = kind === 'trade_registration';
  const needsExpiry = kind === 'liability_insurance';
  const missing = !kind
    ? VERIFICATION_MESSAGES.kindRequired
    : needsTrade && !trade
      ? VERIFICATION_MESSAGES.tradeRequired
      : needsExpiry && !expiresAt
        ? VERIFICATION_MESSAGES.expiryRequired
        : null;

  const choose = async (file: File | null) => {
    if (!file || !kind) return;
    setProblem(null);
    const outcome = await upload.start([file], {
      destination: { organization: true },
      kind: 'certificate',
      expiresAt: expiresAt || null,
    });
    if (outcome.refusal) {
      setProblem(outcome.refusal);
      return;
    }
    const [documentId] = outcome.documentIds;
    if (!documentId) return;
    try {
      await submit.mutateAsync({
        kind,
        document_id: documentId,
        trade: needsTrade ? trade : null,
        expires_at: expiresAt || null,
      });
    } catch (error) {
      setProblem(errorMessage(error, 'Error'));
      return;
    }
    await utils.verification.status.invalidate();
    notifications.show({ color: 'green', message: VERIFICATION_MESSAGES.submitted });
    setKind(null);
    setExpiresAt('');
  };

  const busy = upload.busy || submit.isPending;
  return (
    <Card withBorder maw={640}>
      <Title order={3} size="h5" mb="sm">
        Submit a document for review
      </Title>
      <Stack gap="sm">
        <Select
          label="What it is"
          placeholder="Choose"
          required
          data={EVIDENCE_KINDS.map((value) => ({ value, label: EVIDENCE_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => setKind(value as EvidenceKind | null)}
          allowDeselect={false}
        />
        {needsTrade && (
          <Select
            label="Trade"
            required
            data={TRADES.map((value) => ({ value, label: TRADE_LABELS[value] }))}
            value={trade}
            onChange={(value) => setTrade(value as Trade | null)}
            allowDeselect={false}
          />
        )}
        <TextInput
          label="Expiry date"
          description={
            needsExpiry ? 'The date the certificate’s cover ends' : 'If the document has one (optional)'
          }
          type="date"
          required={needsExpiry}
          value={expiresAt}
          onChange={(event) => setExpiresAt(event.currentTarget.value)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group>
          <FileButton
            accept={UPLOAD_ACCEPT}
            disabled={missing !== null || busy}
            onChange={(file) => void choose(file)}
          >
            {(props) => (
              <Button {...props} disabled={missing !== null || busy} loading={busy}>
                Upload and submit for review
              </Button>
            )}
          </FileButton>
          {missing && (
            <Text size="sm" c="dimmed">
              {missing}
            </Text>
          )}
        </Group>
        <UploadProgressList items={upload.items} />
      </Stack>
    </Card>
  );
}

/**
 * The Verification tab: the supplier's level (what owners see on Find Provider and shared jobs), each
 * check with until when, what the level needs, and every submission with its decision (a rejection's
 * reason included).
 */
export function VerificationPanel() {
  const status = trpc.verification.status.useQuery();
  const { organization } = useAuth();
  const requiredTrades = tradesRequiredBy(organization?.specialties ?? []);
  if (status.isLoading) return <Loader size="sm" aria-label="Loading verification" />;
  if (status.isError || !status.data) {
    return <Alert color="red">{errorMessage(status.error, 'Unable to load your verification')}</Alert>;
  }
  const { verification, evidence } = status.data;
  const needs = [
    EVIDENCE_KIND_LABELS.company_registration,
    ...requiredTrades.map((trade) => TRADE_LABELS[trade]),
    EVIDENCE_KIND_LABELS.liability_insurance,
  ];
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Text>Your level:</Text>
        <VerificationLevelBadge level={verification.level} />
      </Group>
      <Text size="sm">{VERIFICATION_LEVEL_MEANINGS[verification.level]}</Text>
      {verification.checks.some((check) => check.status === 'outdated') && (
        <Alert color="orange" title="Company details changed">
          {VERIFICATION_MESSAGES.outdated}
        </Alert>
      )}
      {verification.checks.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your checks">
          {verification.checks.map((check) => (
            <Text component="li" size="sm" key={`${check.kind}:${check.trade ?? ''}`}>
              {checkLine(check)}
            </Text>
          ))}
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        Documents checked needs an approved, unexpired: {needs.join(', ')}. An approval ends at its
        valid-until date; submit the renewed document before then.
      </Text>
      {organization?.isDemo ? (
        // The server refuses a demo's evidence too; the form would only lead to that refusal.
        <Alert color="blue" title="Demo account">
          {DEMO_MESSAGES.verification}
        </Alert>
      ) : (
        <SubmitEvidence requiredTrades={requiredTrades} />
      )}
      <Title order={3} size="h5">
        Your submissions
      </Title>
      {evidence.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing submitted yet.
        </Text>
      ) : (
        <StackedTable aria-label="Your submissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>What it is</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Decision</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {evidence.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td data-label="Document">
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.document.name}
                    </Text>
                    <ViewLink id={item.document.id} name={item.document.name} />
                  </Group>
                </Table.Td>
                <Table.Td data-label="What it is">{describeCheck(item)}</Table.Td>
                <Table.Td data-label="Status">
                  <Badge color={STATUS_COLORS[item.status]} variant="light" tt="none">
                    {STATUS_LABELS[item.status]}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Decision">
                  <Text size="sm">{decisionLine(item)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Stack>
  );
}
