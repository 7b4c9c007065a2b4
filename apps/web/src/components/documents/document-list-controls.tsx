import { Select, SimpleGrid } from '@mantine/core';
import {
  DOCUMENT_SORT_LABELS,
  DOCUMENT_SORTS,
  DOCUMENT_STATUS_FILTER_LABELS,
  DOCUMENT_STATUS_FILTERS,
  type DocumentKind,
  type DocumentSort,
  type DocumentStatusFilter,
} from '@propertydna/domain';
import { useState } from 'react';
import { KIND_OPTIONS } from './labels';

/** What narrows and orders the vault's list (issue 32): sent to the server as the list's input. */
export interface DocumentListChoices {
  kind?: DocumentKind;
  status?: DocumentStatusFilter;
  propertyId?: string;
  sort: DocumentSort;
}

export interface DocumentListFilters {
  choices: DocumentListChoices;
  onChange: (choices: DocumentListChoices) => void;
  /** Any filter is on (the list is then "what matches", not "everything"). */
  filtered: boolean;
}

/** The vault's filters and sort, kept while the page is open; newest first, nothing filtered at first. */
export function useDocumentListFilters(): DocumentListFilters {
  const [choices, setChoices] = useState<DocumentListChoices>({ sort: 'newest' });
  return {
    choices,
    onChange: setChoices,
    filtered: Boolean(choices.kind || choices.status || choices.propertyId),
  };
}

/** The list input of the choices: only what is chosen (no filter is no key). */
export function listInputOf(choices: DocumentListChoices, q: string | undefined) {
  return {
    ...(q ? { q } : {}),
    ...(choices.kind ? { kind: choices.kind } : {}),
    ...(choices.status ? { status: choices.status } : {}),
    ...(choices.propertyId ? { propertyId: choices.propertyId } : {}),
    ...(choices.sort !== 'newest' ? { sort: choices.sort } : {}),
  };
}

const ALL = 'all';
const STATUS_OPTIONS = DOCUMENT_STATUS_FILTERS.map((value) => ({
  value,
  label: DOCUMENT_STATUS_FILTER_LABELS[value],
}));
const SORT_OPTIONS = DOCUMENT_SORTS.map((value) => ({ value, label: DOCUMENT_SORT_LABELS[value] }));

/**
 * The vault's filters — Type, Status (Expired, Expiring within 60 days, Verified, Self-declared) and, with
 * `properties`, Property — and 'Sort by' (newest, oldest, name, expiry). Each a labelled select a
 * keyboard works.
 */
export function DocumentListControls({
  filters,
  properties,
  idPrefix,
}: {
  filters: DocumentListFilters;
  /** The properties to filter by (the vault of all documents only). */
  properties?: readonly { id: string; name: string }[];
  idPrefix: string;
}) {
  const { choices, onChange } = filters;
  const set = (change: Partial<DocumentListChoices>) => onChange({ ...choices, ...change });
  const chosen = <T extends string>(value: string | null) =>
    value && value !== ALL ? (value as T) : undefined;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: properties ? 4 : 3 }}
      spacing="sm"
      maw={properties ? 880 : 660}
      role="group"
      aria-label="Filter and sort documents"
    >
      <Select
        id={`${idPrefix}-kind`}
        label="Type"
        miw={0}
        allowDeselect={false}
        data={[{ value: ALL, label: 'All types' }, ...KIND_OPTIONS]}
        value={choices.kind ?? ALL}
        onChange={(value) => set({ kind: chosen<DocumentKind>(value) })}
      />
      <Select
        id={`${idPrefix}-status`}
        label="Status"
        miw={0}
        allowDeselect={false}
        data={[{ value: ALL, label: 'Any status' }, ...STATUS_OPTIONS]}
        value={choices.status ?? ALL}
        onChange={(value) => set({ status: chosen<DocumentStatusFilter>(value) })}
      />
      {properties && (
        <Select
          id={`${idPrefix}-property`}
          label="Property"
          miw={0}
          allowDeselect={false}
          data={[
            { value: ALL, label: 'All properties' },
            ...properties.map((property) => ({ value: property.id, label: property.name })),
          ]}
          value={choices.propertyId ?? ALL}
          onChange={(value) => set({ propertyId: chosen<string>(value) })}
        />
      )}
      <Select
        id={`${idPrefix}-sort`}
        label="Sort by"
        miw={0}
        allowDeselect={false}
        data={SORT_OPTIONS}
        value={choices.sort}
        onChange={(value) => set({ sort: (value as DocumentSort | null) ?? 'newest' })}
      />
    </SimpleGrid>
  );
}
