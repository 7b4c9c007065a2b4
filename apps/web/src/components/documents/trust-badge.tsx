import { Badge, Group, Portal, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  PROVENANCE_LABELS,
  type Provenance,
  provenanceLine,
  type TrustBadge as TrustBadgeLabel,
  trustBadge,
  VERIFICATION_LEVEL_LABELS,
} from '@propertydna/domain';
import { useId } from 'react';
import { AnchorLink } from '../router-links';

/**
 * What a badge needs to explain itself: the document's provenance as the API answers it (the same on
 * the vault, /vault, the share page, the job page and /verify), and the job it was issued on if any.
 */
export interface TrustFacts {
  provenance: Provenance;
  job_ref?: string | null;
}

/** The line under the badge: the provenance line, with the job it was issued on. */
export function provenanceText(document: TrustFacts): string {
  const line = provenanceLine(document.provenance);
  return document.job_ref ? `${line} · ${document.job_ref}` : line;
}

/**
 * The sentence behind a badge: who put the document there, who issued it and how far PropertyDNA had
 * checked them then; that /verify answers the same for its fingerprint.
 */
export function trustExplanation(document: TrustFacts): string {
  const { provenance } = document;
  const where = PROVENANCE_LABELS[provenance.kind].toLowerCase();
  const job = document.job_ref ? ` (job ${document.job_ref})` : '';
  if (trustBadge(provenance) === 'Verified') {
    const level = VERIFICATION_LEVEL_LABELS[provenance.issuer_level ?? 'self_declared'].toLowerCase();
    return `Verified: ${where}${job}; PropertyDNA had checked ${provenance.issuer_name ?? 'the issuer'} (${level}) when it was issued. /verify answers the same for this file.`;
  }
  if (provenance.issuer_name === null) {
    return `Self-declared: ${where}; no checked supplier issued it. /verify knows the file as registered, not verified.`;
  }
  return `Self-declared: ${where}${job} by ${provenance.issuer_name}, whom PropertyDNA had not checked when it was issued. /verify knows the file as registered, not verified.`;
}

/** Verified (green) or Self-declared (grey): the one badge of a document. */
export function DocumentTrustBadge({ document }: { document: TrustFacts }) {
  const badge = trustBadge(document.provenance);
  return (
    <Badge color={badge === 'Verified' ? 'green' : 'gray'} variant="light" tt="none">
      {badge}
    </Badge>
  );
}

/**
 * The badge that explains itself: a tooltip on hover, focus or touch (the badge is focusable), and the
 * same sentence as its accessible description.
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
        <DocumentTrustBadge document={document} />
        {/* Outside the cell (a portal), so the cell's text stays its badge; read as the badge's description. */}
        <Portal>
          <VisuallyHidden id={id}>{explanation}</VisuallyHidden>
        </Portal>
      </span>
    </Tooltip>
  );
}

/** The badge with, under it, the provenance line (who put it there, who issued it, their level). */
export function TrustStatus({ document }: { document: TrustFacts }) {
  return (
    <Stack gap={2} align="flex-start">
      <TrustBadge document={document} />
      <Text size="xs" c="dimmed" data-testid="provenance-line">
        {provenanceText(document)}
      </Text>
    </Stack>
  );
}

/** The legend of the two badges, with the way to /verify. */
export function TrustLegend({ badges }: { badges?: readonly TrustBadgeLabel[] }) {
  const shown = badges ?? (['Verified', 'Self-declared'] as const);
  return (
    <Stack gap={4}>
      {shown.includes('Verified') && (
        <Text size="sm" c="dimmed">
          <strong>Verified</strong>: issued by a supplier PropertyDNA had checked (documents checked or
          register matched) when it issued it.
        </Text>
      )}
      {shown.includes('Self-declared') && (
        <Text size="sm" c="dimmed">
          <strong>Self-declared</strong>: the owner’s own upload, or from a supplier or vendor nobody had
          checked; the file is registered, nobody vouched for it.
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
