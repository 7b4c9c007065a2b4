import { Group, Portal, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type DocumentSource, type DocumentStatus, documentStatus } from '@propertydna/domain';
import { useId } from 'react';
import { AnchorLink } from '../router-links';
import { DocumentStatusBadge } from './document-status-badge';

/**
 * What a badge needs to explain itself: the verifier's id, and (when the API knows them) who, which job
 * and where the document came from.
 */
export interface TrustFacts {
  verified_by: string | null;
  verified_by_organization?: string | null;
  job_ref?: string | null;
  /** Absent where the caller does not know it (a shared document is named by its issuer and job). */
  source?: DocumentSource | null;
}

/**
 * A verified document that came in through the owner's upload link (issue 15): a vendor's upload, or a
 * signed-in supplier's through the link (supplier_verified, but on no job).
 */
export function uploadedThroughInvite(document: TrustFacts): boolean {
  if (documentStatus(document) !== 'Verified') return false;
  return (
    document.source === 'vendor_upload' || (document.source === 'supplier_verified' && !document.job_ref)
  );
}

/**
 * Whether /verify knows the document's fingerprint: only a document a supplier issued on a job (what
 * /verify looks up). Without a source, the job decides (a shared document: its issuer's job).
 */
export function checkableAtVerify(document: TrustFacts): boolean {
  if (documentStatus(document) !== 'Verified' || !document.job_ref) return false;
  return document.source === undefined || document.source === null || document.source === 'supplier_verified';
}

/** 'Verified by Acme Roofing · JOB-…' (or without the job), null while pending. */
export function verifiedByLine(document: TrustFacts): string | null {
  if (documentStatus(document) !== 'Verified') return null;
  const who = document.verified_by_organization ?? 'the issuing supplier';
  return document.job_ref ? `Verified by ${who} · ${document.job_ref}` : `Verified by ${who}`;
}

/**
 * The sentence behind a status: who verified it and on which job (and that /verify can check it, only
 * when it can), who uploaded it through the owner's upload link, or why it is pending.
 */
export function trustExplanation(document: TrustFacts): string {
  if (uploadedThroughInvite(document)) {
    const who = document.verified_by_organization ?? 'your service provider';
    return `Verified: uploaded by ${who} through your upload link, not issued on a supplier's job.`;
  }
  if (documentStatus(document) === 'Verified') {
    const who = document.verified_by_organization ?? 'the supplier that issued it';
    const job = document.job_ref ? ` on job ${document.job_ref}` : '';
    const check = checkableAtVerify(document) ? ' Its fingerprint can be checked at /verify.' : '';
    return `Verified: issued by ${who}${job} through PropertyDNA.${check}`;
  }
  return 'Pending: uploaded by its owner, not issued by a supplier. Only documents a supplier issues on a job are Verified.';
}

/**
 * The status badge that explains itself: a tooltip on hover, focus or touch (the badge is focusable),
 * and the same sentence as its accessible description.
 */
export function TrustBadge({ document }: { document: TrustFacts }) {
  const id = useId();
  const explanation = trustExplanation(document);
  return (
    <Tooltip
      label={explanation}
      multiline
      w={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the explanation to keyboard users
        tabIndex={0}
        aria-describedby={id}
        style={{ display: 'inline-flex', borderRadius: 'var(--mantine-radius-xl)' }}
      >
        <DocumentStatusBadge document={document} />
        {/* Outside the cell (a portal), so the cell's text stays its status; read as the badge's description. */}
        <Portal>
          <VisuallyHidden id={id}>{explanation}</VisuallyHidden>
        </Portal>
      </span>
    </Tooltip>
  );
}

/** The badge with, under a verified document, who verified it and on which job. */
export function TrustStatus({ document }: { document: TrustFacts }) {
  const line = verifiedByLine(document);
  return (
    <Stack gap={2} align="flex-start">
      <TrustBadge document={document} />
      {line && (
        <Text size="xs" c="dimmed">
          {line}
        </Text>
      )}
    </Stack>
  );
}

/** The legend of the two statuses, with the way to /verify. */
export function TrustLegend({ status }: { status?: readonly DocumentStatus[] }) {
  const shown = status ?? (['Verified', 'Pending'] as const);
  return (
    <Stack gap={4}>
      {shown.includes('Verified') && (
        <Text size="sm" c="dimmed">
          <strong>Verified</strong>: issued by a supplier on one of its jobs through PropertyDNA; the supplier
          and job are named with it.
        </Text>
      )}
      {shown.includes('Pending') && (
        <Text size="sm" c="dimmed">
          <strong>Pending</strong>: uploaded by the owner, not issued by a supplier.
        </Text>
      )}
      <Group gap={4}>
        <Text size="sm" c="dimmed">
          Got a copy of a document?
        </Text>
        <AnchorLink to="/verify" size="sm">
          Check it at /verify
        </AnchorLink>
      </Group>
    </Stack>
  );
}
