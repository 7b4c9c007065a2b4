import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COMPLIANCE_CONTEXTS,
  type ComplianceContext,
  contextsLabel,
  FINDING_SEVERITIES,
  type FINDING_TYPES,
  itemDueLabel,
  johannesburgToday,
  type PolicyCheckItem,
  policyCheckItems,
} from '@propertydna/domain';
import { useEffect, useState } from 'react';
import { canEditDetails } from '../../../../components/documents/document-details';
import { DocumentDetailsModal } from '../../../../components/documents/document-details-modal';
import { documentViewUrl, type VaultDocument } from '../../../../components/documents/labels';
import { errorMessage } from '../../../../lib/error-message';
import { RoleGuard } from '../../../../lib/permissions';
import { invalidatePropertyLists } from '../../../../lib/properties';
import { formatDateTime, timeAgo } from '../../../../lib/time';
import { type RouterOutputs, trpc } from '../../../../lib/trpc';
import { CONTEXT_LABELS, FINDING_BADGES, POLICY_STATUS_BADGES, SEVERITY_BADGES } from './policy-check-labels';
import { PolicyCover } from './policy-cover';

/** A property's compliance check as the API answers it (spec §3 Policy check). */
export type PolicyCheck = RouterOutputs['compliance']['policyCheck'];
export type PolicyCheckFinding = PolicyCheck['findings'][number];

/** The findings of one context, gaps first (the most severe first), then unknowns, then what is in order. */
export interface FindingGroup {
  context: ComplianceContext;
  findings: PolicyCheckFinding[];
}

/** Gap before unknown before compliant: what needs doing leads. */
const TYPE_ORDER = [
  'gap',
  'unknown',
  'compliant',
] as const satisfies readonly (typeof FINDING_TYPES)[number][];

/** The findings grouped by context (Ongoing, Transfer, Insurance; empty contexts left out), each sorted. */
export function groupFindings(findings: readonly PolicyCheckFinding[]): FindingGroup[] {
  const rank = (finding: PolicyCheckFinding) =>
    TYPE_ORDER.indexOf(finding.type) * FINDING_SEVERITIES.length +
    (FINDING_SEVERITIES.length - 1 - FINDING_SEVERITIES.indexOf(finding.severity));
  return COMPLIANCE_CONTEXTS.map((context) => ({
    context,
    findings: findings
      .filter((finding) => finding.context === context)
      .map((finding, index) => ({ finding, index }))
      .sort((a, b) => rank(a.finding) - rank(b.finding) || a.index - b.index)
      .map(({ finding }) => finding),
  })).filter((group) => group.findings.length > 0);
}

/**
 * A finding that can be settled by saying what a certificate is or when it was issued: certificates
 * without a type judged by their expiry alone, and a certificate without its issue date.
 */
export function asksForDetails(finding: Pick<PolicyCheckFinding, 'rule' | 'title'>): boolean {
  return finding.rule === 'untyped_certificates.ongoing' || finding.title.endsWith('issue date needed');
}

/**
 * The toast after 'Run Full Compliance Check': how many gaps it found, each counted once however many
 * contexts ask for it (as the 'What to do' list shows them).
 */
export function checkResultMessage(check: Pick<PolicyCheck, 'findings'>): string {
  const gaps = policyCheckItems(check.findings).filter((item) => item.type === 'gap').length;
  if (gaps === 0) return 'Compliance check complete: no gaps';
  return `Compliance check complete: ${gaps} ${gaps === 1 ? 'gap' : 'gaps'} found`;
}

/**
 * The Policy Check tab of a stored property (spec §2): its compliance check, rerun by the server when
 * something it read has changed, and 'Run Full Compliance Check'. What a check finds changes the
 * property's card and the dashboard counts, so those are refreshed after a run, and whenever the check
 * shown disagrees with the status the property was loaded with. A finding asking what a certificate is
 * or when it was issued offers 'Edit details' of the owner's own document it names. Both write: held
 * back, with the reason, from a role that cannot (properties.write, documents.write) and on a property
 * read-only on the Free plan (RoleGuard); the check, its evidence and the policy's cover stay to read.
 */
export function PolicyCheckTab({
  propertyId,
  complianceStatus,
}: {
  propertyId: string;
  /** The status the property was loaded with, to notice a check that changed it. */
  complianceStatus?: PolicyCheck['complianceStatus'];
}) {
  const utils = trpc.useUtils();
  const check = trpc.compliance.policyCheck.useQuery({ id: propertyId });
  const run = trpc.compliance.runCheck.useMutation();
  // What the owner can edit of the documents a finding names (shared with the Vault tab's list).
  const documents = trpc.documents.byProperty.useQuery({ propertyId });
  const [editing, setEditing] = useState<VaultDocument | null>(null);

  const refreshPortfolio = () =>
    Promise.all([
      utils.properties.byId.invalidate({ id: propertyId }),
      invalidatePropertyLists(utils),
      utils.properties.stats.invalidate(),
    ]);

  const shownStatus = check.data?.complianceStatus;
  useEffect(() => {
    if (shownStatus && complianceStatus && shownStatus !== complianceStatus) void refreshPortfolio();
  }, [shownStatus, complianceStatus]);

  const runCheck = async () => {
    let result: PolicyCheck;
    try {
      result = await run.mutateAsync({ id: propertyId });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Compliance check failed',
        message: errorMessage(error, 'The compliance check could not be run'),
      });
      return;
    }
    utils.compliance.policyCheck.setData({ id: propertyId }, result);
    notifications.show({
      color: result.findings.some((finding) => finding.type === 'gap') ? 'orange' : 'green',
      message: checkResultMessage(result),
    });
    await refreshPortfolio();
  };

  return (
    <>
      <PolicyCheckView
        check={check.data}
        loading={check.isPending}
        error={check.isError ? errorMessage(check.error, 'The compliance check could not be loaded') : null}
        onRetry={() => void check.refetch()}
        running={run.isPending}
        onRun={() => void runCheck()}
        documents={documents.data}
        onEditDetails={setEditing}
      />
      {/* What the policies' wordings cover and the maintenance they ask for (issue 28). */}
      <PolicyCover propertyId={propertyId} />
      <DocumentDetailsModal document={editing} onClose={() => setEditing(null)} />
    </>
  );
}

export interface PolicyCheckViewProps {
  check: PolicyCheck | undefined;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  running: boolean;
  onRun: () => void;
  /** The clock the 'Last checked' time is read against (tests). */
  now?: Date;
  /** The property's documents: those a finding names that the owner can edit get 'Edit details'. */
  documents?: readonly VaultDocument[];
  onEditDetails?: (document: VaultDocument) => void;
}

/** What a finding card needs to offer 'Edit details'. */
type DetailsEditing = Pick<PolicyCheckViewProps, 'documents' | 'onEditDetails'>;

/** The Policy Check tab from what it is given: status, when it last ran, transfer readiness, findings. */
export function PolicyCheckView({
  check,
  loading,
  error,
  onRetry,
  running,
  onRun,
  now,
  ...editing
}: PolicyCheckViewProps) {
  const status = check ? POLICY_STATUS_BADGES[check.status] : null;
  return (
    <Stack gap="lg" aria-busy={running}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={2} size="h4">
              Overall status
            </Title>
            {status && (
              <Badge color={status.color} size="lg" variant="light" data-testid="policy-status">
                {status.label}
              </Badge>
            )}
          </Group>
          {check && (
            <Text size="sm" c="dimmed">
              Last checked{' '}
              <time dateTime={check.lastChecked} title={formatDateTime(check.lastChecked)}>
                {timeAgo(check.lastChecked, now)}
              </time>
              <VisuallyHidden> ({formatDateTime(check.lastChecked)})</VisuallyHidden>
            </Text>
          )}
        </Stack>
        {/* compliance.runCheck needs properties.write. */}
        <RoleGuard capability="properties.write">
          <Button onClick={onRun} loading={running} disabled={loading && !check}>
            Run Full Compliance Check
          </Button>
        </RoleGuard>
      </Group>
      {running && (
        <Text size="sm" role="status">
          Checking the vault against the rules...
        </Text>
      )}
      <PolicyCheckBody check={check} loading={loading} error={error} onRetry={onRetry} {...editing} />
    </Stack>
  );
}

function PolicyCheckBody({
  check,
  loading,
  error,
  onRetry,
  ...editing
}: Pick<PolicyCheckViewProps, 'check' | 'loading' | 'error' | 'onRetry'> & DetailsEditing) {
  if (error && !check) {
    return (
      <Alert color="red" role="alert" title="The compliance check could not be loaded">
        <Text size="sm">{error}</Text>
        {onRetry && (
          <Button size="xs" variant="default" mt="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  if (loading || !check) {
    // No skeleton or aria-busy: the tab is rendered hidden (its query not yet sent) until it is opened.
    return (
      <Group gap="sm" role="status" py="md">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Loading the compliance check...</Text>
      </Group>
    );
  }
  if (check.findings.length === 0) {
    return (
      <Stack gap={4} py="md">
        <Text fw={600}>Nothing to check yet.</Text>
        <Text size="sm" c="dimmed">
          The compliance rules cover properties in South Africa. Upload certificates and your insurance policy
          to the vault, and record the property's features, to see what applies.
        </Text>
      </Stack>
    );
  }
  const inOrder = groupFindings(check.findings.filter((finding) => finding.type === 'compliant'));
  return (
    <>
      <TransferReadiness check={check} />
      <WhatToDo check={check} {...editing} />
      {inOrder.length > 0 && (
        <Stack gap="md" component="section" aria-labelledby="policy-check-in-order">
          <div>
            <Title order={3} size="h5" id="policy-check-in-order">
              In order
            </Title>
            <Text size="sm" c="dimmed">
              What the vault already shows is in order, by context.
            </Text>
          </div>
          {inOrder.map((group) => (
            <FindingSection key={group.context} group={group} />
          ))}
        </Stack>
      )}
    </>
  );
}

/**
 * What to do (issue 32): the check's gaps and what it cannot tell, grouped by what the owner must do, once
 * per thing (a certificate three contexts ask for is one item naming the three), most severe first, then
 * by due date (policyCheckItems, the same list the API, the reports and the daily alert give).
 */
function WhatToDo({ check, ...editing }: { check: PolicyCheck } & DetailsEditing) {
  const items = policyCheckItems(check.findings);
  // Overdue against the day the check was made for.
  const today = johannesburgToday(new Date(check.lastChecked));
  return (
    <Stack gap="sm" component="section" aria-labelledby="policy-check-to-do">
      <div>
        <Title order={3} size="h5" id="policy-check-to-do">
          What to do
        </Title>
        <Text size="sm" c="dimmed">
          {items.length === 0
            ? 'Nothing: every rule that applies is met.'
            : 'Most severe first. Each item is listed once, with every context that asks for it.'}
        </Text>
      </div>
      {items.length > 0 && (
        <Stack
          gap="sm"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="policy-check-to-do"
        >
          {items.map((item) => (
            <ItemCard key={item.id} item={item} today={today} {...editing} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The owner's own documents named by these findings that a finding asks details of, each once. */
function editableDocuments(
  findings: readonly PolicyCheckFinding[],
  { documents, onEditDetails }: DetailsEditing,
): VaultDocument[] {
  if (!onEditDetails || !documents) return [];
  const ids = new Set(
    findings.filter(asksForDetails).flatMap((finding) => finding.evidence.map((document) => document.id)),
  );
  return documents.filter((document) => ids.has(document.id) && canEditDetails(document));
}

function EditDetailsButtons({
  editable,
  onEditDetails,
}: {
  editable: readonly VaultDocument[];
  onEditDetails: DetailsEditing['onEditDetails'];
}) {
  if (!onEditDetails || editable.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {editable.map((document) => (
        // The details are saved by documents.update, which needs documents.write.
        <RoleGuard key={document.id} capability="documents.write">
          <Button
            size="compact-sm"
            variant="light"
            // One document: 'Edit details', named after it; several: each says whose details.
            aria-label={editable.length === 1 ? `Edit details of ${document.name}` : undefined}
            onClick={() => onEditDetails(document)}
            styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
          >
            {editable.length === 1 ? 'Edit details' : `Edit details of ${document.name}`}
          </Button>
        </RoleGuard>
      ))}
    </Group>
  );
}

function EvidenceLinks({ evidence }: { evidence: readonly { id: string; name: string }[] }) {
  if (evidence.length === 0) return null;
  return (
    <Text size="sm" component="div">
      <Text span fw={600} inherit>
        Evidence:
      </Text>{' '}
      {evidence.map((document, index) => (
        <span key={document.id}>
          {index > 0 && ', '}
          <Anchor href={documentViewUrl(document.id)} target="_blank" rel="noopener noreferrer" inherit>
            {document.name}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </span>
      ))}
    </Text>
  );
}

/** One thing to do: its level, what and when, the contexts asking for it, and each context's reason. */
function ItemCard({
  item,
  today,
  ...editing
}: { item: PolicyCheckItem<PolicyCheckFinding>; today: string } & DetailsEditing) {
  const type = FINDING_BADGES[item.type];
  const level = SEVERITY_BADGES[item.level];
  const due = itemDueLabel(item.due_date, today);
  const evidence = [
    ...new Map(item.findings.flatMap((finding) => finding.evidence).map((d) => [d.id, d])).values(),
  ];
  const titleId = `policy-check-item-${item.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-item={item.id}
      data-level={item.level}
      aria-labelledby={titleId}
      style={{
        borderLeft: `4px solid var(--mantine-color-${level.color}-6)`,
        overflowWrap: 'anywhere',
      }}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color={level.color} variant="light">
            {level.label}
          </Badge>
          <Badge color={type.color} variant="outline">
            {type.label}
          </Badge>
          {due && (
            <Text size="sm" fw={600} component="span">
              {due}
            </Text>
          )}
        </Group>
        <Text fw={600} component="h4" m={0} fz="md" id={titleId}>
          {item.title}
        </Text>
        <Text size="sm">
          <Text span fw={600} inherit>
            Next step:
          </Text>{' '}
          {item.action}
        </Text>
        <Text size="sm" data-testid="item-contexts">
          <Text span fw={600} inherit>
            Asked for in:
          </Text>{' '}
          {contextsLabel(item.contexts)}
        </Text>
        <Stack
          gap={4}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Why: ${item.title}`}
        >
          {item.findings.map((finding) => (
            <Text component="li" size="sm" key={finding.id} data-finding={finding.id}>
              <Text span fw={600} inherit>
                {CONTEXT_LABELS[finding.context].title}:
              </Text>{' '}
              {finding.title === item.title ? '' : `${finding.title}. `}
              {finding.description}{' '}
              <Text span size="xs" c="dimmed">
                (Source: {finding.source})
              </Text>
            </Text>
          ))}
        </Stack>
        <EvidenceLinks evidence={evidence} />
        <EditDetailsButtons
          editable={editableDocuments(item.findings, editing)}
          onEditDetails={editing.onEditDetails}
        />
      </Stack>
    </Paper>
  );
}

/** 'Ready for transfer: 3 of 5', with a bar and what is still missing for a sale. */
function TransferReadiness({ check }: { check: PolicyCheck }) {
  const { ready, required } = check.transferReadiness;
  if (required === 0) return null;
  // In the order the Transfer findings are listed: the most pressing first.
  const missing = groupFindings(check.findings.filter((finding) => finding.context === 'transfer'))
    .flatMap((group) => group.findings)
    .filter((finding) => finding.type !== 'compliant');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="transfer-readiness-title">
      <Title order={3} size="h5" id="transfer-readiness-title">
        Ready for transfer: {ready} of {required}
      </Title>
      <Progress
        value={(ready / required) * 100}
        color={ready === required ? 'green' : 'orange'}
        mt="xs"
        aria-label={`Ready for transfer: ${ready} of ${required}`}
      />
      {missing.length > 0 ? (
        <Text size="sm" mt="xs">
          Still needed for a sale: {missing.map((finding) => finding.title).join('; ')}.
        </Text>
      ) : (
        <Text size="sm" mt="xs">
          Everything a sale asks for is in the vault.
        </Text>
      )}
    </Paper>
  );
}

/** The findings of one context that are in order. */
function FindingSection({ group }: { group: FindingGroup }) {
  const label = CONTEXT_LABELS[group.context];
  const id = `policy-check-${group.context}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <div>
        <Title order={4} size="h6" id={id}>
          {label.title}
        </Title>
        <Text size="sm" c="dimmed">
          {label.description}
        </Text>
      </div>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={id}>
        {group.findings.map((finding) => (
          <FindingCard key={finding.id} finding={finding} />
        ))}
      </Stack>
    </Stack>
  );
}

/** A finding in order: what it is, what proves it, and its source. */
function FindingCard({ finding }: { finding: PolicyCheckFinding }) {
  const type = FINDING_BADGES[finding.type];
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-finding={finding.id}
      style={{ borderLeft: `4px solid var(--mantine-color-${type.color}-6)`, overflowWrap: 'anywhere' }}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color={type.color} variant="light">
            {type.label}
          </Badge>
        </Group>
        <Text fw={600} component="h5" m={0} fz="md">
          {finding.title}
        </Text>
        <Text size="sm">{finding.description}</Text>
        <EvidenceLinks evidence={finding.evidence} />
        <Text size="xs" c="dimmed">
          Source: {finding.source}
        </Text>
      </Stack>
    </Paper>
  );
}
