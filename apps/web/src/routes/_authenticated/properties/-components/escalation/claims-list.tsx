import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { COVER_TITLES, formatDate } from '@propertydna/domain';
import { useEffect, useId, useRef } from 'react';
import { documentViewUrl } from '../../../../../components/documents/labels';
import { DownloadStatus } from '../../../../../components/download-status';
import { LoadError } from '../../../../../components/load-error';
import { PackContents, usePackChoice } from '../../../../../components/pack-chooser';
import { errorMessage } from '../../../../../lib/error-message';
import { trpc } from '../../../../../lib/trpc';
import { useDownload } from '../../../../../lib/use-download';
import {
  CLAIM_MESSAGES,
  CLAIM_STATUS_COLORS,
  CLAIM_STATUS_LABELS,
  type ClaimDetail,
  type ClaimEvidenceItem,
  type ClaimSummary,
  claimPackFallbackName,
  claimPackUrl,
  ESCALATION_TAB_MESSAGES,
  missingEvidenceHint,
  photosCountLabel,
  providerCanSupply,
} from './labels';

/** How a claim is named (its card, its pack's progress bar): 'Burst geyser on Nov 20, 2026'. */
export const claimName = (claim: Pick<ClaimSummary, 'incident_type_label' | 'incident_date'>) =>
  `${claim.incident_type_label} on ${formatDate(claim.incident_date)}`;

/**
 * The property's claims (issue 16 §5), newest first, each as a card; 'No claims yet' when there are
 * none. `focusClaimId` is the claim just started: its card takes the focus, so the owner
 * (and a screen reader) lands on it.
 */
export function ClaimsList({
  propertyId,
  focusClaimId,
  onFindProvider,
}: {
  propertyId: string;
  focusClaimId: string | null;
  onFindProvider: () => void;
}) {
  const claims = trpc.escalation.propertyClaims.useQuery({ propertyId });

  if (claims.isPending) {
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {ESCALATION_TAB_MESSAGES.claimsLoading}
        </Text>
        <Paper withBorder radius="md" p="md" aria-hidden data-testid="claim-skeleton">
          <Skeleton height={18} width="40%" />
          <Skeleton height={14} mt="sm" width="70%" />
        </Paper>
      </Stack>
    );
  }
  if (claims.isError) {
    return (
      <LoadError
        title={ESCALATION_TAB_MESSAGES.claimsLoadFailed}
        message={errorMessage(claims.error, 'Try again in a moment')}
        onRetry={() => void claims.refetch()}
      />
    );
  }
  if (claims.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text fw={600}>{ESCALATION_TAB_MESSAGES.noClaims}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {ESCALATION_TAB_MESSAGES.noClaimsHint}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md" data-testid="claims">
      {claims.data.map((claim) => (
        <ClaimCard
          key={claim.id}
          claim={claim}
          focus={claim.id === focusClaimId}
          onFindProvider={onFindProvider}
        />
      ))}
    </Stack>
  );
}

/**
 * One claim: its type, status, the incident's date, who started it and when, what happened, its photos,
 * the evidence checklist, and Download claim pack (the ZIP for the insurer, with its progress and, when
 * it fails, why).
 */
function ClaimCard({
  claim,
  focus,
  onFindProvider,
}: {
  claim: ClaimSummary;
  focus: boolean;
  onFindProvider: () => void;
}) {
  const titleId = useId();
  const card = useRef<HTMLElement>(null);
  const detail = trpc.escalation.claim.useQuery({ id: claim.id });
  const download = useDownload({ failureTitle: CLAIM_MESSAGES.packFailed });
  const choice = usePackChoice('claim_pack', { claimId: claim.id });
  const name = claimName(claim);

  async function downloadPack() {
    const done = await download.start({
      url: claimPackUrl(claim.id, choice.query()),
      fallbackName: claimPackFallbackName(detail.data?.property ?? { name: '' }),
    });
    // The server remembers the choice it was made with: the chooser shows that one from now on.
    if (done) choice.generated();
  }

  useEffect(() => {
    if (!focus) return;
    card.current?.focus();
    card.current?.scrollIntoView({ block: 'nearest' });
  }, [focus]);

  return (
    <Paper
      component="article"
      ref={card}
      tabIndex={-1}
      withBorder
      radius="md"
      p="md"
      aria-label={name}
      data-testid="claim-card"
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <div>
          <Group gap="xs">
            <Title order={3} size="h5" id={titleId}>
              {claim.incident_type_label}
            </Title>
            <Badge color={CLAIM_STATUS_COLORS[claim.status]} variant="light">
              {CLAIM_STATUS_LABELS[claim.status]}
            </Badge>
          </Group>
          <Text size="sm">Incident on {formatDate(claim.incident_date)}</Text>
          <Text size="xs" c="dimmed">
            Started {formatDate(claim.created_at)}
            {claim.created_by ? ` by ${claim.created_by}` : ''}
          </Text>
        </div>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {claim.description}
        </Text>
        {detail.data && <ClaimCoverNotice cover={detail.data.cover} />}
        <ClaimPhotos count={claim.documents_count} documents={detail.data?.documents} />
        <EvidenceChecklist
          claim={claim}
          detail={detail.data}
          loading={detail.isPending}
          error={detail.isError ? errorMessage(detail.error, 'Try again in a moment') : null}
          onRetry={() => void detail.refetch()}
          onFindProvider={onFindProvider}
        />
        <PackContents choice={choice} disabled={false} />
        <Group gap="xs">
          <Button
            variant="light"
            loading={download.running}
            aria-describedby={titleId}
            onClick={() => void downloadPack()}
          >
            {CLAIM_MESSAGES.downloadPack}
          </Button>
        </Group>
        <DownloadStatus
          state={download.state}
          label={`Claim pack: ${name}`}
          failureTitle={CLAIM_MESSAGES.packFailed}
        />
      </Stack>
    </Paper>
  );
}

/**
 * Whether the policy covered the incident's day (issue 26 §5), as the server read the vault's dates: a
 * lapsed or not-yet-started policy is said plainly, with what to do; when the vault cannot tell, that is
 * said too; a policy in force is one quiet line.
 */
export function ClaimCoverNotice({ cover }: { cover: ClaimDetail['cover'] }) {
  if (cover.status === 'in_force') {
    return (
      <Text size="sm" data-testid="claim-cover" data-status={cover.status}>
        <Text span fw={600} size="sm">
          {COVER_TITLES.in_force}.
        </Text>{' '}
        {cover.message}
      </Text>
    );
  }
  const denied = cover.status === 'lapsed' || cover.status === 'not_started';
  return (
    <Alert
      color={denied ? 'red' : 'yellow'}
      variant="light"
      title={COVER_TITLES[cover.status]}
      data-testid="claim-cover"
      data-status={cover.status}
    >
      <Text size="sm">{cover.message}</Text>
    </Alert>
  );
}

/** '3 photos', with each one's name linking to it in the vault once the claim's details are in. */
function ClaimPhotos({
  count,
  documents,
}: {
  count: number;
  documents: ClaimDetail['documents'] | undefined;
}) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {photosCountLabel(count)}
      </Text>
      {documents && documents.length > 0 && (
        <Stack
          component="ul"
          gap={2}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Photos of the claim"
        >
          {documents.map((document) => (
            <Text component="li" key={document.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Anchor href={documentViewUrl(document.id)} target="_blank" rel="noopener">
                {document.name}
              </Anchor>
            </Text>
          ))}
        </Stack>
      )}
    </div>
  );
}

/**
 * What the insurer asks for with the claim's incident type (issue 16 §5): each item Found, with what the
 * vault and the service history hold for it (names and dates), or Missing, with why it matters and what
 * to do (upload it, record the service, or invite a provider: Find Provider).
 */
function EvidenceChecklist({
  claim,
  detail,
  loading,
  error,
  onRetry,
  onFindProvider,
}: {
  claim: ClaimSummary;
  detail: ClaimDetail | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onFindProvider: () => void;
}) {
  const headingId = useId();
  const heading = (
    <Title order={4} size="h6" id={headingId}>
      {CLAIM_MESSAGES.evidenceTitle}
    </Title>
  );
  if (loading) {
    return (
      <section aria-labelledby={headingId}>
        {heading}
        <Text size="sm" c="dimmed" role="status">
          {CLAIM_MESSAGES.evidenceLoading}
        </Text>
      </section>
    );
  }
  if (error !== null || !detail) {
    return (
      <section aria-labelledby={headingId}>
        {heading}
        <LoadError title={CLAIM_MESSAGES.evidenceLoadFailed} message={error} onRetry={onRetry} mt="xs" />
      </section>
    );
  }
  const missing = detail.evidence.filter((item) => item.missing).length;
  // A policy whose dates deny cover is in the vault but is not cover: it is not counted as found.
  const denied =
    (detail.cover.status === 'lapsed' || detail.cover.status === 'not_started') &&
    detail.evidence.some((item) => item.key === 'policy' && !item.missing);
  const found = detail.evidence.length - missing - (denied ? 1 : 0);
  return (
    <section aria-labelledby={headingId}>
      {heading}
      <Text size="sm" c="dimmed">
        {missing === 0 && !denied
          ? 'Everything your insurer asks for is in your vault or service history.'
          : `${found} of ${detail.evidence.length} found; ${missing} missing${denied ? `; ${CLAIM_MESSAGES.notCover[detail.cover.status as 'lapsed' | 'not_started'].toLowerCase()} policy` : ''}.`}
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} mt="xs" style={{ listStyle: 'none' }}>
        {detail.evidence.map((item) => (
          <EvidenceRow
            key={item.key}
            claim={claim}
            item={item}
            notCover={
              item.key === 'policy' &&
              !item.missing &&
              (detail.cover.status === 'lapsed' || detail.cover.status === 'not_started')
                ? CLAIM_MESSAGES.notCover[detail.cover.status]
                : null
            }
            onFindProvider={onFindProvider}
          />
        ))}
      </Stack>
    </section>
  );
}

const SOURCE_LABELS = { document: 'Vault', maintenance: 'Service record' } as const;

function EvidenceRow({
  claim,
  item,
  notCover,
  onFindProvider,
}: {
  claim: ClaimSummary;
  item: ClaimEvidenceItem;
  /** The policy's dates deny cover on the incident's day: what it is called instead of Found. */
  notCover: string | null;
  onFindProvider: () => void;
}) {
  // Found, but every document found has expired (and no service record counts): not plain Found.
  const expired = !item.missing && item.found.every((found) => found.expired);
  return (
    <li data-testid={`evidence-${item.key}`} data-missing={item.missing}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge
          color={item.missing || notCover || expired ? 'red' : 'green'}
          variant={item.missing ? 'filled' : 'light'}
          style={{ flexShrink: 0 }}
          miw={72}
        >
          {item.missing
            ? CLAIM_MESSAGES.missing
            : (notCover ?? (expired ? CLAIM_MESSAGES.expired : CLAIM_MESSAGES.found))}
        </Badge>
        <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {item.label}
        </Text>
      </Group>
      {item.missing ? (
        <Stack gap={4} mt={4} pl={{ base: 0, xs: 80 }}>
          <Text size="sm">{item.why}</Text>
          <Text size="sm" c="dimmed">
            {missingEvidenceHint(claim.incident_type, item.key)}
          </Text>
          {providerCanSupply(claim.incident_type, item.key) && (
            <div>
              <Button size="compact-sm" variant="light" onClick={onFindProvider}>
                Find a provider
              </Button>
            </div>
          )}
        </Stack>
      ) : (
        <Stack
          component="ul"
          gap={2}
          pl={{ base: 0, xs: 80 }}
          // Only the left padding is the indent (a padding of 0 here would override it).
          style={{ listStyle: 'none', margin: '4px 0 0', paddingTop: 0, paddingRight: 0, paddingBottom: 0 }}
        >
          {item.found.map((found, index) => (
            <Text component="li" key={index} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {found.name}{' '}
              <Text span size="sm" c="dimmed">
                ({SOURCE_LABELS[found.source]},{' '}
                {found.date === null ? CLAIM_MESSAGES.dateUnknown : formatDate(found.date)}
                {found.expired && found.expires_on ? `; expired ${formatDate(found.expires_on)}` : ''})
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </li>
  );
}
