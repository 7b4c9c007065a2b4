import { Box, Loader, TextInput } from '@mantine/core';
import { documentSearchSchema, MAX_DOCUMENT_SEARCH } from '@propertydna/domain';
import { useEffect, useState } from 'react';

/** How long typing pauses before the vault is searched. */
export const DOCUMENT_SEARCH_DEBOUNCE_MS = 250;

export interface DocumentSearch {
  /** What the box shows. */
  search: string;
  onSearchChange: (value: string) => void;
  /** The search sent to the server once typing pauses (trimmed; undefined: none). */
  q: string | undefined;
  /** The schema's message for a search the server would refuse (it is then not sent). */
  error: string | null;
}

/**
 * The vault's search as typed and as sent: the text is checked with the server's schema
 * (documentSearchSchema) and sent once typing pauses for {@link DOCUMENT_SEARCH_DEBOUNCE_MS}.
 */
export function useDocumentSearch(): DocumentSearch {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const parsed = documentSearchSchema.safeParse({ q: search });
  const next = parsed.success ? parsed.data.q : q;
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);

  useEffect(() => {
    if (next === q) return;
    const timer = setTimeout(() => setQ(next), DOCUMENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [next, q]);

  return { search, onSearchChange: setSearch, q, error };
}

/**
 * The vault's search box: documents by their text (read from the document, scans included), name,
 * type and confirmed fields. `searching` shows a spinner while the results are not yet the box's.
 */
export function DocumentSearchBox({
  search,
  searching,
  idPrefix,
}: {
  search: DocumentSearch;
  searching: boolean;
  idPrefix: string;
}) {
  return (
    <Box role="search" aria-label="Search documents">
      <TextInput
        id={`${idPrefix}-search`}
        type="search"
        label="Search documents"
        description="Their text, names, types and fields: certificate numbers, insurers, suppliers"
        placeholder="e.g. electrical, EC-1234 or Kloof"
        value={search.search}
        onChange={(event) => search.onSearchChange(event.currentTarget.value)}
        error={search.error}
        maxLength={MAX_DOCUMENT_SEARCH}
        autoComplete="off"
        rightSection={searching ? <Loader size="xs" aria-hidden /> : null}
      />
    </Box>
  );
}
