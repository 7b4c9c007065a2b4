import { z } from 'zod';

/**
 * What the vault knows about South African certificates and a property's installations: the
 * vocabulary the compliance rules (compliance-rules.ts) and the policy analysis (policy-analysis/)
 * share. Facts and their sources: docs/sa-compliance.md.
 */

/** What a certificate is (a document's `metadata.certificate_type`). */
export const CERTIFICATE_TYPES = [
  'electrical_coc',
  'gas_coc',
  'electric_fence_coc',
  'plumbing_coc',
  'beetle_clearance',
  'sseg_registration',
  'occupation_certificate',
  'geyser_coc',
  'roof_inspection',
  'alarm_service',
  'lightning_conductor',
  'thatch_retardant',
] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export const CERTIFICATE_TYPE_LABELS = {
  electrical_coc: 'Electrical Certificate of Compliance',
  gas_coc: 'Gas Certificate of Conformity',
  electric_fence_coc: 'Electric Fence System Certificate',
  plumbing_coc: 'Water installation (plumbing) certificate',
  beetle_clearance: 'Entomologist (beetle) certificate',
  sseg_registration: 'Solar PV (SSEG) registration',
  occupation_certificate: 'Occupation certificate',
  geyser_coc: 'Geyser certificate (SANS 10254)',
  roof_inspection: 'Roof inspection report',
  alarm_service: 'Alarm service certificate',
  lightning_conductor: 'Lightning conductor certificate',
  thatch_retardant: 'Thatch fire-retardant certificate',
} as const satisfies Record<CertificateType, string>;

export const CERTIFICATE_TYPE_MESSAGE = `Unknown certificate type: choose one of ${CERTIFICATE_TYPES.join(', ')}`;

export const certificateTypeSchema = z.enum(CERTIFICATE_TYPES, { error: () => CERTIFICATE_TYPE_MESSAGE });

/**
 * How long a certificate of a type is good for, in months from its issue date, where a rule or an
 * insurer's condition sets one; absent where the certificate has no expiry of its own (an electrical
 * CoC stays valid until the installation changes; a sale asks for one no older than two years, which
 * is a rule of the transfer, not an expiry).
 */
export const CERTIFICATE_VALIDITY_MONTHS: Partial<Record<CertificateType, number>> = {
  beetle_clearance: 3,
  alarm_service: 6,
  roof_inspection: 12,
  lightning_conductor: 12,
  thatch_retardant: 36,
};

/** What a property has that brings its own rules (`features` on a property). */
export const PROPERTY_FEATURES = [
  'gas',
  'electric_fence',
  'solar_pv',
  'thatch_roof',
  'pool',
  'borehole',
  'geyser',
  'alarm',
  'lightning_conductor',
] as const;
export type PropertyFeature = (typeof PROPERTY_FEATURES)[number];

/**
 * The feature a certificate type is about (the compliance rules ask for the certificate where the
 * property has it): an owner who no longer has that feature no longer needs the certificate. Types not
 * listed belong to the property itself (an electrical CoC, a beetle certificate), not to a feature.
 */
export const CERTIFICATE_TYPE_FEATURES: Partial<Record<CertificateType, PropertyFeature>> = {
  gas_coc: 'gas',
  electric_fence_coc: 'electric_fence',
  sseg_registration: 'solar_pv',
  alarm_service: 'alarm',
  geyser_coc: 'geyser',
  thatch_retardant: 'thatch_roof',
  lightning_conductor: 'lightning_conductor',
};

export const PROPERTY_FEATURE_LABELS = {
  gas: 'Gas installation',
  electric_fence: 'Electric fence',
  solar_pv: 'Solar PV (grid-tied)',
  thatch_roof: 'Thatch roof',
  pool: 'Swimming pool',
  borehole: 'Borehole',
  geyser: 'Geyser',
  alarm: 'Alarm system',
  lightning_conductor: 'Lightning conductor',
} as const satisfies Record<PropertyFeature, string>;

export const PROPERTY_FEATURE_MESSAGE = `Unknown property feature: choose from ${PROPERTY_FEATURES.join(', ')}`;

/** A property's features: each once, in the list's order, whatever order they were sent in. */
export const propertyFeaturesSchema = z
  .array(z.enum(PROPERTY_FEATURES, { error: () => PROPERTY_FEATURE_MESSAGE }))
  .max(PROPERTY_FEATURES.length * 2, 'Too many features')
  .transform((features) => PROPERTY_FEATURES.filter((feature) => features.includes(feature)));

/**
 * The maintenance conditions an insurer's policy wording can set (found by the policy analysis), and the
 * certificates in the vault that prove one is met. A condition no certificate can prove (burglar bars
 * fitted) has none: the check can only say it is unknown.
 */
export const MAINTENANCE_CONDITIONS = {
  geyser_sans_10254: { title: 'Geyser installed to SANS 10254', evidencedBy: ['geyser_coc'] },
  roof_maintained: { title: 'Roof maintained and inspected', evidencedBy: ['roof_inspection'] },
  alarm_serviced: { title: 'Alarm in working order and serviced', evidencedBy: ['alarm_service'] },
  thatch_treated: { title: 'Thatch treated with fire retardant', evidencedBy: ['thatch_retardant'] },
  lightning_conductor: { title: 'Lightning conductor certified', evidencedBy: ['lightning_conductor'] },
  electric_fence: { title: 'Electric fence certified', evidencedBy: ['electric_fence_coc'] },
  electrical_compliance: {
    title: 'Electrical installation compliant',
    evidencedBy: ['electrical_coc'],
  },
  gas_compliance: { title: 'Gas installation certified', evidencedBy: ['gas_coc'] },
  burglar_bars: { title: 'Burglar bars and locks fitted', evidencedBy: [] },
} as const satisfies Record<string, { title: string; evidencedBy: readonly CertificateType[] }>;
export type MaintenanceCondition = keyof typeof MAINTENANCE_CONDITIONS;
export const MAINTENANCE_CONDITION_KEYS = Object.keys(MAINTENANCE_CONDITIONS) as MaintenanceCondition[];
