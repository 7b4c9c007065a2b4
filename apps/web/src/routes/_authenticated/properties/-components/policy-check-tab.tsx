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
  FINDING_SEVERITIES,
  type FINDING_TYPES,
} from '@propertydna/domain';
import { useEffect, useState } from 'react';
import { canEditDetails } from '../../../../components/documents/document-details';
import { DocumentDetailsModal } from '../../../../components/documents/document-details-modal';
import { documentViewUrl, type VaultDocument } from '../../../../components/documents/labels';
import { errorMessage } from '../../../../lib/error-message';
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

/** The toast after 'Run Full Compliance Check': how many gaps it found. */
export function checkResultMessage(check: Pick<PolicyCheck, 'findings'>): string {
  const gaps = check.findings.filter((finding) => finding.type === 'gap').length;
  if (gaps === 0) return 'Compliance check complete: no gaps';
  return `Compliance check complete: ${gaps} ${gaps === 1 ? 'gap' : 'gaps'} found`;
}

/**
 * The Policy Check tab of a stored property (spec §2): its compliance check, rerun by the server when
 * something it read has changed, and 'Run Full Compliance Check'. What a check finds changes the
 * property's card and the dashboard counts, so those are refreshed after a run, and whenever the check
 * shown disagrees with the status the property was loaded with. A finding asking what a certificate is
 * or when it was issued offers 'Edit details' of the owner's own document it names.
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
        <Button onClick={onRun} loading={running} disabled={loading && !check}>
          Run Full Compliance Check
        </Button>
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
  return (
    <>
      <TransferReadiness check={check} />
      {groupFindings(check.findings).map((group) => (
        <FindingSection key={group.context} group={group} {...editing} />
      ))}
    </>
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

function FindingSection({ group, ...editing }: { group: FindingGroup } & DetailsEditing) {
  const label = CONTEXT_LABELS[group.context];
  const id = `policy-check-${group.context}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <div>
        <Title order={3} size="h5" id={id}>
          {label.title}
        </Title>
        <Text size="sm" c="dimmed">
          {label.description}
        </Text>
      </div>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={id}>
        {group.findings.map((finding) => (
          <FindingCard key={finding.id} finding={finding} {...editing} />
        ))}
      </Stack>
    </Stack>
  );
}

function FindingCard({
  finding,
  documents,
  onEditDetails,
}: { finding: PolicyCheckFinding } & DetailsEditing) {
  const type = FINDING_BADGES[finding.type];
  const severity = SEVERITY_BADGES[finding.severity];
  const editable =
    onEditDetails && documents && asksForDetails(finding)
      ? finding.evidence.flatMap(({ id }) => {
          const document = documents.find((candidate) => candidate.id === id);
          return document && canEditDetails(document) ? [document] : [];
        })
      : [];
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
          {finding.type !== 'compliant' && (
            <Badge color={severity.color} variant="outline">
              {severity.label}
            </Badge>
          )}
        </Group>
        <Text fw={600} component="h4" m={0} fz="md">
          {finding.title}
        </Text>
        <Text size="sm">{finding.description}</Text>
        {finding.type !== 'compliant' && (
          <Text size="sm">
            <Text span fw={600} inherit>
              Next step:
            </Text>{' '}
            {finding.action}
          </Text>
        )}
        {finding.evidence.length > 0 && (
          <Text size="sm" component="div">
            <Text span fw={600} inherit>
              Evidence:
            </Text>{' '}
            {finding.evidence.map((document, index) => (
              <span key={document.id}>
                {index > 0 && ', '}
                <Anchor href={documentViewUrl(document.id)} target="_blank" rel="noopener noreferrer" inherit>
                  {document.name}
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Anchor>
              </span>
            ))}
          </Text>
        )}
        {onEditDetails && editable.length > 0 && (
          <Group gap="xs" wrap="wrap">
            {editable.map((document) => (
              <Button
                key={document.id}
                size="compact-sm"
                variant="light"
                // One document: 'Edit details', named after it; several: each says whose details.
                aria-label={editable.length === 1 ? `Edit details of ${document.name}` : undefined}
                onClick={() => onEditDetails(document)}
                styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
              >
                {editable.length === 1 ? 'Edit details' : `Edit details of ${document.name}`}
              </Button>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Source: {finding.source}
        </Text>
      </Stack>
    </Paper>
  );
}
