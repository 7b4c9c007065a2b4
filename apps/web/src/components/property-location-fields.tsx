import {
  type ComboboxItem,
  type ComboboxItemGroup,
  Select,
  SimpleGrid,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import {
  municipalityLabel,
  PROPERTY_MUNICIPALITIES,
  PROVINCES,
  resolvePropertyMunicipality,
} from '@propertydna/domain';
import { useState } from 'react';

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

/** The municipality typed text names: a name or code, or an option's label ('George (WC044)'). */
function municipalityCodeOf(text: string): string | null {
  const labelled = /\(([A-Za-z0-9]+)\)\s*$/.exec(text);
  const resolution = resolvePropertyMunicipality(labelled?.[1] ?? text);
  return resolution.ok ? resolution.municipality.code : null;
}

/**
 * A South African municipality from the official list, searchable by name or code; its value is the MDB
 * code. Typed text that names exactly one municipality ('cpt', 'george') is taken when the field is left
 * without picking an option. `inputProps` is the form's getInputProps for the field.
 */
export function MunicipalitySelect({
  id,
  placeholder = 'Search by name or code, e.g. Cape Town or CPT',
  inputProps,
}: {
  id: string;
  placeholder?: string;
  inputProps: GetInputPropsReturnType;
}) {
  const value = typeof inputProps.value === 'string' && inputProps.value !== '' ? inputProps.value : null;
  const [search, setSearch] = useState('');
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
      selectFirstOptionOnChange
      {...inputProps}
      value={value}
      onChange={(next) => inputProps.onChange(next ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      onBlur={(event) => {
        // What is in the box when it is left (the search text; the DOM's, should a browser not report it).
        const text = search || event.currentTarget.value;
        const typed = value === null && text.trim() !== '' ? municipalityCodeOf(text) : null;
        if (typed) inputProps.onChange(typed);
        inputProps.onBlur?.(event);
      }}
    />
  );
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
  'municipality',
  'address',
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
 * ERF/Portion/Stand number, township, municipality, address and an optional description. Each input's
 * id is `${idPrefix}-${field}`; `inputProps` is the form's getInputProps for the field.
 */
export function PropertyLocationFields({
  idPrefix,
  inputProps,
}: {
  idPrefix: string;
  inputProps: (field: keyof PropertyLocationValues) => GetInputPropsReturnType;
}) {
  const id = (field: keyof PropertyLocationValues) => `${idPrefix}-${field}`;
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
      <MunicipalitySelect id={id('municipality')} inputProps={inputProps('municipality')} />
      <TextInput
        id={id('address')}
        label="Property address"
        placeholder="Street, suburb, city, postal code"
        withAsterisk
        autoComplete="street-address"
        {...inputProps('address')}
      />
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
