import { describe, expect, it } from 'vitest';
import { johannesburgToday } from '../due-band.js';
import {
  CALLBACK_TIME_LABELS,
  CALLBACK_TIMES,
  callbackInputSchema,
  claimInputSchema,
  ESCALATION_MESSAGES,
  MAX_CLAIM_DOCUMENTS,
  propertyProviderSearchSchema,
  providerSearchSchema,
} from './escalation.js';
import { dataOf, errorsOf } from './test-helpers.js';

const today = johannesburgToday(new Date());
const PHOTO = '3F1C2A5E-8B7D-4C9A-9E1F-2D3C4B5A6F70';

describe('claimInputSchema (Start Claim)', () => {
  const claim = {
    incident_type: 'burst_geyser',
    incident_date: '2026-11-20',
    description: ' The geyser in the roof burst overnight. ',
  };

  it('accepts a claim, trimming the description, without photos', () => {
    expect(dataOf(claimInputSchema, claim)).toEqual({
      incident_type: 'burst_geyser',
      incident_date: '2026-11-20',
      description: 'The geyser in the roof burst overnight.',
      document_ids: [],
    });
    expect(dataOf(claimInputSchema, { ...claim, document_ids: null }).document_ids).toEqual([]);
  });

  it('takes the photos as document ids, each once', () => {
    expect(
      dataOf(claimInputSchema, { ...claim, document_ids: [PHOTO, PHOTO.toLowerCase(), ` ${PHOTO} `] })
        .document_ids,
    ).toEqual([PHOTO.toLowerCase()]);
  });

  it('takes today, refuses any day after it', () => {
    expect(dataOf(claimInputSchema, { ...claim, incident_date: today }).incident_date).toBe(today);
    expect(errorsOf(claimInputSchema, { ...claim, incident_date: '2999-01-01' })).toEqual({
      incident_date: 'The date of the incident cannot be in the future',
    });
  });

  it('gives one clear message for each missing field', () => {
    expect(errorsOf(claimInputSchema, {})).toEqual({
      incident_type: 'Choose the type of incident',
      incident_date: 'Date of the incident is required',
      description: 'Describe what happened',
    });
    expect(
      errorsOf(claimInputSchema, { incident_type: 'flood', incident_date: ' ', description: ' ' }),
    ).toEqual({
      incident_type: ESCALATION_MESSAGES.incidentTypeRequired,
      incident_date: ESCALATION_MESSAGES.incidentDateRequired,
      description: ESCALATION_MESSAGES.descriptionRequired,
    });
  });

  it('refuses a malformed date, a long description and too many photos', () => {
    expect(
      errorsOf(claimInputSchema, {
        ...claim,
        incident_date: '20/11/2026',
        description: 'x'.repeat(4001),
        document_ids: Array.from(
          { length: MAX_CLAIM_DOCUMENTS + 1 },
          (_, n) => `${PHOTO.slice(0, -2)}${n + 10}`,
        ),
      }),
    ).toEqual({
      incident_date: 'Enter a valid date',
      description: 'Description must be at most 4000 characters',
      document_ids: 'Attach at most 20 photos or documents to a claim',
    });
    expect(dataOf(claimInputSchema, { ...claim, description: 'x'.repeat(4000) }).description).toHaveLength(
      4000,
    );
    expect(errorsOf(claimInputSchema, { ...claim, incident_date: '2026-02-30' })).toEqual({
      incident_date: 'Enter a valid date',
    });
    expect(errorsOf(claimInputSchema, { ...claim, document_ids: PHOTO })).toEqual({
      document_ids: 'Photos must be a list of documents from the vault',
    });
  });
});

describe('callbackInputSchema (Schedule Call)', () => {
  const callback = { phone: ' 082 123 4567 ', preferred_time: 'morning', topic: ' My burst geyser claim ' };

  it('accepts a request in one of the three slots', () => {
    expect(dataOf(callbackInputSchema, callback)).toEqual({
      phone: '+27821234567',
      preferred_time: 'morning',
      topic: 'My burst geyser claim',
    });
    expect(CALLBACK_TIMES.map((time) => CALLBACK_TIME_LABELS[time])).toEqual([
      'Morning (08:00–12:00)',
      'Afternoon (12:00–17:00)',
      'Evening (17:00–19:00)',
    ]);
  });

  it('gives one clear message for each missing or wrong field', () => {
    expect(errorsOf(callbackInputSchema, {})).toEqual({
      phone: 'Phone number is required',
      preferred_time: 'Choose when we should call: morning, afternoon or evening',
      topic: 'Tell us what the call is about',
    });
    expect(
      errorsOf(callbackInputSchema, { phone: 'call me', preferred_time: 'night', topic: 'x'.repeat(501) }),
    ).toEqual({
      phone: 'Enter a valid phone number',
      preferred_time: ESCALATION_MESSAGES.preferredTimeRequired,
      topic: 'Topic must be at most 500 characters',
    });
  });
});

describe('providerSearchSchema (Find Provider)', () => {
  it('takes every filter as optional trimmed text', () => {
    expect(dataOf(providerSearchSchema, {})).toEqual({});
    expect(dataOf(providerSearchSchema, { specialty: ' roof ', municipality: '', q: 'Acme' })).toEqual({
      specialty: 'roof',
      municipality: undefined,
      q: 'Acme',
    });
    expect(errorsOf(providerSearchSchema, { q: 'x'.repeat(101) })).toEqual({
      q: 'Search must be at most 100 characters',
    });
  });
});

describe('propertyProviderSearchSchema (Find Provider for a property)', () => {
  it('tells an absent area (the property’s) from an empty one (anywhere)', () => {
    expect(dataOf(propertyProviderSearchSchema, {})).toEqual({});
    expect(dataOf(propertyProviderSearchSchema, { municipality: '  ', specialty: ' Solar ' })).toEqual({
      municipality: '',
      specialty: 'Solar',
    });
    expect(dataOf(propertyProviderSearchSchema, { municipality: ' CPT ' })).toEqual({ municipality: 'CPT' });
  });

  it('refuses an overlong or non-text area with the shared messages', () => {
    expect(errorsOf(propertyProviderSearchSchema, { municipality: 'x'.repeat(101) })).toEqual({
      municipality: 'Municipality must be at most 100 characters',
    });
    expect(errorsOf(propertyProviderSearchSchema, { municipality: 7 })).toEqual({
      municipality: 'Municipality must be text',
    });
  });
});
