import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ExpiryBadge } from './document-dates';
import { certificateSummary } from './document-details';
import { type DocumentSelection, SelectAllCheckbox, SelectDocumentCheckbox } from './document-selection';
import { KIND_LABELS, type VaultDocument } from './labels';
import { DocumentTrustBadge } from './trust-badge';

/**
 * The vault on a phone (issue 32): one compact row per document — its name, kind and status badges —
 * instead of a card of every column; tapping the row shows its details and actions (`details`) below
 * it, and tapping again hides them. With `selection`, a checkbox per row and one for all. Under a
 * certificate's name, what the compliance check sees of it, as the table shows it ('Date unknown' too).
 */
export function CompactDocumentList({
  documents,
  label,
  selection,
  details,
}: {
  documents: readonly VaultDocument[];
  /** The list's accessible name ('Documents'). */
  label: string;
  selection?: DocumentSelection;
  details: (document: VaultDocument) => ReactNode;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap={0}>
      {selection && (
        <Group gap="xs" px="xs" py={6}>
          <SelectAllCheckbox selection={selection} />
          <Text size="sm" c="dimmed">
            Select all
          </Text>
        </Group>
      )}
      <Box
        component="ul"
        aria-label={label}
        m={0}
        p={0}
        style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {documents.map((document) => {
          const expanded = open === document.id;
          const panel = `compact-details-${document.id}`;
          return (
            <Box
              component="li"
              key={document.id}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group gap="xs" wrap="nowrap" align="center" px="xs" py={8}>
                {selection && <SelectDocumentCheckbox selection={selection} document={document} />}
                <UnstyledButton
                  aria-expanded={expanded}
                  aria-controls={panel}
                  onClick={() => setOpen(expanded ? null : document.id)}
                  style={{ flex: 1, minWidth: 0, minHeight: 44 }}
                >
                  <Text size="sm" fw={500} truncate="end">
                    {document.name}
                  </Text>
                  <CertificateLine document={document} />
                  <Group gap={6} mt={2} wrap="wrap">
                    <Text size="xs" c="dimmed">
                      {KIND_LABELS[document.kind]}
                    </Text>
                    <DocumentTrustBadge document={document} />
                    <ExpiryBadge document={document} />
                  </Group>
                </UnstyledButton>
                <Text size="lg" c="dimmed" aria-hidden>
                  {expanded ? '▴' : '▾'}
                </Text>
              </Group>
              {expanded && (
                <Box id={panel} px="xs" pb="sm" pl={selection ? 40 : 'xs'}>
                  {details(document)}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}

/** A certificate's or an inspection's type and issue date, as the table's name cell words them. */
function CertificateLine({ document }: { document: VaultDocument }) {
  const summary = certificateSummary(document);
  if (!summary) return null;
  return (
    <Text size="xs" c="dimmed">
      {summary.type} ·{' '}
      <Text span inherit style={{ whiteSpace: 'nowrap' }}>
        {summary.issued}
      </Text>
    </Text>
  );
}
