import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_TYPE_LABELS,
  CERTIFICATE_TYPE_MESSAGE,
  CERTIFICATE_TYPES,
  certificateTypeSchema,
  MAINTENANCE_CONDITION_KEYS,
  MAINTENANCE_CONDITIONS,
  PROPERTY_FEATURE_MESSAGE,
  propertyFeaturesSchema,
} from './certificates.js';

describe('certificate types', () => {
  it('labels every type and refuses an unknown one with the list', () => {
    expect(Object.keys(CERTIFICATE_TYPE_LABELS)).toEqual([...CERTIFICATE_TYPES]);
    expect(certificateTypeSchema.parse('electrical_coc')).toBe('electrical_coc');
    const refused = certificateTypeSchema.safeParse('coc');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(CERTIFICATE_TYPE_MESSAGE);
  });
});

describe('propertyFeaturesSchema', () => {
  it('keeps each feature once in the list order', () => {
    expect(propertyFeaturesSchema.parse(['pool', 'gas', 'pool'])).toEqual(['gas', 'pool']);
    expect(propertyFeaturesSchema.parse([])).toEqual([]);
  });

  it('refuses an unknown feature with the list', () => {
    const refused = propertyFeaturesSchema.safeParse(['gas', 'moat']);
    expect(refused.error?.issues[0]?.message).toBe(PROPERTY_FEATURE_MESSAGE);
  });
});

describe('maintenance conditions', () => {
  it('name only known certificate types as evidence', () => {
    expect(MAINTENANCE_CONDITION_KEYS).toHaveLength(Object.keys(MAINTENANCE_CONDITIONS).length);
    for (const key of MAINTENANCE_CONDITION_KEYS) {
      for (const type of MAINTENANCE_CONDITIONS[key].evidencedBy) expect(CERTIFICATE_TYPES).toContain(type);
    }
  });
});
