import {
  type ComboboxItem,
  type ComboboxItemGroup,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import {
  municipalityByCode,
  municipalityInWords,
  municipalityLabel,
  PROPERTY_MUNICIPALITIES,
  PROVINCES,
  resolvePropertyMunicipality,
  suggestMunicipality,
} from '@propertydna/domain';
import { type ChangeEvent, useState } from 'react';

/**
 * The metros and local municipalities of South Africa by province, each labelled with its MDB code
 * ('City of Cape Town (CPT)'), so a search finds it by name or by code.
 */
const MUNICIPALITY_OPTIONS: ComboboxItemGroup<ComboboxItem>[] = Object.entries(PROVINCES).map(
  ([province, name]) => ({
    group: name,
    items: PROPERTY_MUNICIPALITIES.filter((municipality) => municipality.province === province).map(
      (municipality) => ({ value: municipality.code, label: municipalityLabel(municipality) }),
    ),
  }),
);

/** Each option's label by its code. */
const MUNICIPALITY_LABELS = new Map(
  PROPERTY_MUNICIPALITIES.map((municipality) => [municipality.code, municipalityLabel(municipality)]),
);

/** The municipality typed text names: a name or code, or an option's label ('George (WC044)'). */
function municipalityCodeOf(text: string): string | null {
  const labelled = /\(([A-Za-z0-9]+)\)\s*$/.exec(text);
  const resolution = resolvePropertyMunicipality(labelled?.[1] ?? text);
  return resolution.ok ? resolution.municipality.code : null;
}

/** What an Enter on half-typed text says: a prefix such as 'Cape' is never taken for a municipality. */
export const chooseFromListMessage = (text: string) =>
  `"${text}" is not one municipality: choose it from the list (name or code, e.g. City of Cape Town or CPT)`;

/**
 * The words the owner confirms before saving (issue 32 §5): 'City of Cape Town (CPT), Western Cape' for a
 * listed code, with where a suggestion came from; a stored name that is not on the list as it is.
 */
function MunicipalityWords({
  value,
  suggestedFrom,
}: {
  value: string | null;
  suggestedFrom?: string[] | null;
}) {
  if (value === null) {
    return <>Choose from the official list. An address that names its town or suburb suggests one.</>;
  }
  const municipality = municipalityByCode(value);
  if (!municipality) {
    return (
      <>Stored as &ldquo;{value}&rdquo;, not from the official list: choose the municipality to correct it.</>
    );
  }
  return (
    <>
      <Text span fw={600} fz="sm" c="var(--mantine-color-text)" data-testid="municipality-words">
        {municipalityInWords(municipality)}
      </Text>
      {suggestedFrom && suggestedFrom.length > 0
        ? ` — suggested from the address (${suggestedFrom.join(', ')}). Check it before you save.`
        : ''}
    </>
  );
}

/**
 * A South African municipality from the official list, searchable by name or code; its value is the MDB
 * code. Under it, the chosen municipality in words (name, code and province) for the owner to confirm.
 * Typed text that names exactly one municipality ('cpt', 'george') is taken when the field is left or
 * Enter is pressed without picking an option; text that names none or several ('Cape': City of Cape
 * Town, Cape Agulhas, …) is never taken on Enter, whatever the list shows first (issue 32: 'Cape' +
 * Enter picked Cape Agulhas for a Cape Town address) — an option is picked by click, or by the arrow
 * keys and Enter. `inputProps` is the form's getInputProps for the field; `suggestedFrom` the words of
 * the address the current value was suggested from.
 */
export function MunicipalitySelect({
  id,
  placeholder = 'Search by name or code, e.g. Cape Town or CPT',
  inputProps,
  suggestedFrom,
}: {
  id: string;
  placeholder?: string;
  inputProps: GetInputPropsReturnType;
  suggestedFrom?: string[] | null;
}) {
  const value = typeof inputProps.value === 'string' && inputProps.value !== '' ? inputProps.value : null;
  const [search, setSearch] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const selectedLabel = value ? MUNICIPALITY_LABELS.get(value) : undefined;
  return (
    <Select
      id={id}
      label="Municipality"
      placeholder={placeholder}
      withAsterisk
      searchable
      data={MUNICIPALITY_OPTIONS}
      nothingFoundMessage="No South African municipality matches"
      maxDropdownHeight={280}
      // Picking the chosen (or suggested) option again keeps it rather than clearing the field.
      allowDeselect={false}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...inputProps}
      description={<MunicipalityWords value={value} suggestedFrom={suggestedFrom} />}
      error={inputProps.error ?? hint}
      value={value}
      onChange={(next) => {
        setHint(null);
        inputProps.onChange(next ?? '');
      }}
      searchValue={search}
      onSearchChange={(next) => {
        setSearch(next);
        if (hint) setHint(null);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
        const text = event.currentTarget.value.trim();
        // Nothing typed, or the chosen option's label as it stands: Enter submits the form.
        if (text === '' || text === selectedLabel) return;
        // An option highlighted with the arrow keys: the list picks it.
        const listId = event.currentTarget.getAttribute('aria-controls');
        if (listId && document.getElementById(listId)?.querySelector('[data-combobox-selected]')) return;
        // Typed text: taken only when it names exactly one municipality; never submitted half-typed.
        event.preventDefault();
        const typed = municipalityCodeOf(text);
        if (typed) {
          setHint(null);
          inputProps.onChange(typed);
        } else {
          setHint(chooseFromListMessage(text));
        }
      }}
      onBlur={(event) => {
        // What is in the box when it is left (the search text; the DOM's, should a browser not report it).
        const text = search || event.currentTarget.value;
        // Taken when nothing of the list is chosen yet (none, or a name stored before the list).
        const typed = !selectedLabel && text.trim() !== '' ? municipalityCodeOf(text) : null;
        if (typed) inputProps.onChange(typed);
        inputProps.onBlur?.(event);
      }}
    />
  );
}

/**
 * The municipality an address suggests (issue 32 §5), pre-selected while the owner has not chosen one:
 * `onAddressChange` is called with the address as typed; it sets the municipality to the suggestion (or
 * clears one it set earlier) unless the owner picked another. `suggestedFrom` is the words of the address
 * the current value came from, null when the owner chose it.
 */
export function useMunicipalitySuggestion({
  municipality,
  setMunicipality,
}: {
  municipality: string;
  setMunicipality: (code: string) => void;
}) {
  const [suggestion, setSuggestion] = useState<{ code: string; from: string[] } | null>(null);
  const ownerChose = municipality !== '' && municipality !== suggestion?.code;
  const onAddressChange = (address: string) => {
    if (ownerChose) return;
    const next = suggestMunicipality(address);
    setSuggestion(next ? { code: next.municipality.code, from: next.from } : null);
    const code = next?.municipality.code ?? '';
    if (code !== municipality) setMunicipality(code);
  };
  const suggestedFrom = suggestion && suggestion.code === municipality ? suggestion.from : null;
  return { onAddressChange, suggestedFrom };
}

/** The fields that describe a new property (spec §2 add-property form; the adopt modal's new property). */
export interface PropertyLocationValues {
  erfNumber: string;
  township: string;
  municipality: string;
  address: string;
  description: string;
}

/** The fields in screen order: the first with an error gets the focus. */
export const PROPERTY_LOCATION_FIELDS: readonly (keyof PropertyLocationValues)[] = [
  'erfNumber',
  'township',
  'address',
  'municipality',
  'description',
];

export const EMPTY_PROPERTY_LOCATION: PropertyLocationValues = {
  erfNumber: '',
  township: '',
  municipality: '',
  address: '',
  description: '',
};

/**
 * ERF/Portion/Stand number, township, address, municipality and an optional description. The address
 * comes before the municipality, which it suggests (pre-selected while the owner has not chosen one; the
 * chosen one is shown in words under it). Each input's id is `${idPrefix}-${field}`; `inputProps` is
 * the form's getInputProps for the field, `setMunicipality` the form's setter of that field.
 */
export function PropertyLocationFields({
  idPrefix,
  inputProps,
  setMunicipality,
}: {
  idPrefix: string;
  inputProps: (field: keyof PropertyLocationValues) => GetInputPropsReturnType;
  setMunicipality: (code: string) => void;
}) {
  const id = (field: keyof PropertyLocationValues) => `${idPrefix}-${field}`;
  const address = inputProps('address');
  const municipality = inputProps('municipality');
  const { onAddressChange, suggestedFrom } = useMunicipalitySuggestion({
    municipality: typeof municipality.value === 'string' ? municipality.value : '',
    setMunicipality,
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          id={id('erfNumber')}
          label="ERF/Portion/Stand number"
          placeholder="e.g. ERF 1234"
          withAsterisk
          {...inputProps('erfNumber')}
        />
        <TextInput
          id={id('township')}
          label="Township/Extension"
          placeholder="e.g. Gardens"
          withAsterisk
          {...inputProps('township')}
        />
      </SimpleGrid>
      <TextInput
        id={id('address')}
        label="Property address"
        placeholder="Street, suburb, city, postal code"
        withAsterisk
        autoComplete="street-address"
        {...address}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          address.onChange(event);
          onAddressChange(event.currentTarget.value);
        }}
      />
      <MunicipalitySelect id={id('municipality')} inputProps={municipality} suggestedFrom={suggestedFrom} />
      <Textarea
        id={id('description')}
        label="Description (Optional)"
        placeholder="Anything that helps you recognise the property"
        rows={3}
        {...inputProps('description')}
      />
    </>
  );
}
