import { describe, expect, it } from 'vitest';
import { CERTIFICATE_TYPES, PROPERTY_FEATURES } from './certificates.js';
import { DOCUMENT_KINDS } from './documents.js';
import {
  CLAIM_GUIDANCE,
  claimEvidence,
  type EvidenceCompletion,
  type EvidenceDocument,
  evidenceRequirementsFor,
  INCIDENT_EVIDENCE,
  INCIDENT_GUIDANCE,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
} from './incidents.js';
import { STANDARD_TASK_KEYS } from './maintenance-schedule.js';

const document = (overrides: Partial<EvidenceDocument> & Pick<EvidenceDocument, 'id'>): EvidenceDocument => ({
  name: `${overrides.id}.pdf`,
  kind: 'certificate',
  certificate_type: null,
  date: '2026-01-01',
  ...overrides,
});

const completion = (overrides: Partial<EvidenceCompletion> & Pick<EvidenceCompletion, 'task_id'>) => ({
  title: 'Geyser service and SANS 10254 check',
  standard_key: 'geyser_service',
  completed_on: '2026-03-01',
  document_id: null,
  ...overrides,
});

const keysOf = (items: { key: string }[]) => items.map((item) => item.key);

describe('incident types', () => {
  it('has the seven types of the Escalation tab, each with a label, evidence and guidance', () => {
    expect(INCIDENT_TYPES).toEqual([
      'storm_hail',
      'burst_geyser',
      'fire',
      'theft_burglary',
      'lightning_power_surge',
      'water_damage',
      'other',
    ]);
    expect(Object.values(INCIDENT_TYPE_LABELS)).toEqual([
      'Storm / hail',
      'Burst geyser',
      'Fire',
      'Theft / burglary',
      'Lightning / power surge',
      'Water damage',
      'Other',
    ]);
    expect(Object.keys(INCIDENT_EVIDENCE)).toEqual([...INCIDENT_TYPES]);
    expect(Object.keys(INCIDENT_GUIDANCE)).toEqual([...INCIDENT_TYPES]);
  });

  it("names only the vault's own certificate types, kinds, standard tasks and features", () => {
    for (const type of INCIDENT_TYPES) {
      const keys = new Set<string>();
      for (const requirement of INCIDENT_EVIDENCE[type]) {
        expect(keys.has(requirement.key), `${type}: ${requirement.key} twice`).toBe(false);
        keys.add(requirement.key);
        expect(requirement.label.length).toBeGreaterThan(0);
        expect(requirement.why.length).toBeGreaterThan(0);
        for (const certificate of requirement.certificateTypes ?? [])
          expect(CERTIFICATE_TYPES).toContain(certificate);
        for (const kind of requirement.documentKinds ?? []) expect(DOCUMENT_KINDS).toContain(kind);
        for (const task of requirement.maintenanceTasks ?? []) expect(STANDARD_TASK_KEYS).toContain(task);
        for (const feature of requirement.onlyWith ?? []) expect(PROPERTY_FEATURES).toContain(feature);
        // Every requirement can be met by something.
        expect(
          (requirement.certificateTypes?.length ?? 0) +
            (requirement.documentKinds?.length ?? 0) +
            (requirement.maintenanceTasks?.length ?? 0) +
            (requirement.claimDocuments ? 1 : 0),
        ).toBeGreaterThan(0);
      }
      // Every claim asks for the policy and for something attached to the claim itself.
      expect(keys.has('policy')).toBe(true);
      expect(INCIDENT_EVIDENCE[type].some((requirement) => requirement.claimDocuments)).toBe(true);
    }
  });

  it('asks for what an insurer asks for with each incident', () => {
    const all = [...PROPERTY_FEATURES];
    expect(keysOf(evidenceRequirementsFor('burst_geyser', []))).toEqual([
      'policy',
      'photos',
      'geyser_certificate',
      'geyser_service',
    ]);
    expect(keysOf(evidenceRequirementsFor('storm_hail', []))).toEqual([
      'policy',
      'photos',
      'roof_inspection',
      'gutters',
    ]);
    expect(keysOf(evidenceRequirementsFor('fire', all))).toEqual([
      'policy',
      'photos',
      'electrical_coc',
      'gas_coc',
      'thatch_retardant',
    ]);
    expect(keysOf(evidenceRequirementsFor('lightning_power_surge', all))).toEqual([
      'policy',
      'photos',
      'electrical_coc',
      'surge_protection',
      'lightning_conductor',
    ]);
    expect(keysOf(evidenceRequirementsFor('theft_burglary', all))).toEqual([
      'policy',
      'proof_of_ownership',
      'alarm_service',
    ]);
    expect(keysOf(evidenceRequirementsFor('water_damage', []))).toEqual([
      'policy',
      'photos',
      'plumbing_certificate',
      'maintenance',
    ]);
    expect(keysOf(evidenceRequirementsFor('other', all))).toEqual(['policy', 'photos']);
  });

  it('expects an installation’s certificate only where the property has it', () => {
    expect(keysOf(evidenceRequirementsFor('fire', []))).toEqual(['policy', 'photos', 'electrical_coc']);
    expect(keysOf(evidenceRequirementsFor('fire', ['gas']))).toContain('gas_coc');
    expect(keysOf(evidenceRequirementsFor('theft_burglary', ['pool']))).not.toContain('alarm_service');
    // A thatch roof is reason enough for a lightning conductor's certificate.
    expect(keysOf(evidenceRequirementsFor('lightning_power_surge', ['thatch_roof']))).toContain(
      'lightning_conductor',
    );
  });
});

describe('claimEvidence', () => {
  const vault: EvidenceDocument[] = [
    document({ id: 'policy', kind: 'policy', name: 'Policy.pdf', date: '2025-07-01' }),
    document({ id: 'geyser', certificate_type: 'geyser_coc', name: 'Geyser CoC.pdf', date: '2024-05-10' }),
    document({ id: 'plumbing', certificate_type: 'plumbing_coc', name: 'Plumbing.pdf', date: '2025-02-01' }),
    document({ id: 'roof', kind: 'inspection', certificate_type: 'roof_inspection', date: '2026-02-01' }),
    document({ id: 'photo-1', kind: 'other', name: 'Ceiling.jpg', date: '2026-11-20' }),
    document({ id: 'photo-2', kind: 'other', name: 'Floor.jpg', date: '2026-11-20' }),
    document({ id: 'deed', kind: 'deed' }),
  ];

  it('finds the policy, the photos, the certificates and the service history of a burst geyser, newest first', () => {
    const evidence = claimEvidence({
      incidentType: 'burst_geyser',
      features: ['geyser'],
      documents: vault,
      claimDocumentIds: ['photo-2', 'photo-1'],
      completions: [
        completion({ task_id: 'task-1', completed_on: '2025-03-01', document_id: 'geyser' }),
        completion({ task_id: 'task-1', completed_on: '2026-03-01' }),
        completion({ task_id: 'task-2', title: 'Clear gutters', standard_key: 'gutters_downpipes' }),
        completion({ task_id: 'task-3', title: 'My own task', standard_key: null }),
      ],
    });
    expect(evidence).toEqual([
      {
        key: 'policy',
        label: 'Your insurance policy (schedule and wording)',
        why: expect.any(String),
        found: [
          {
            source: 'document',
            name: 'Policy.pdf',
            date: '2025-07-01',
            document_id: 'policy',
            task_id: null,
            expires_on: null,
            expired: false,
          },
        ],
        missing: false,
      },
      {
        key: 'photos',
        label: 'Photos of the damage',
        why: expect.any(String),
        // Same day: by name.
        found: [
          {
            source: 'document',
            name: 'Ceiling.jpg',
            date: '2026-11-20',
            document_id: 'photo-1',
            task_id: null,
            expires_on: null,
            expired: false,
          },
          {
            source: 'document',
            name: 'Floor.jpg',
            date: '2026-11-20',
            document_id: 'photo-2',
            task_id: null,
            expires_on: null,
            expired: false,
          },
        ],
        missing: false,
      },
      {
        key: 'geyser_certificate',
        label: 'Geyser certificate of compliance (SANS 10254)',
        why: expect.stringContaining('SANS 10254'),
        found: [
          {
            source: 'document',
            name: 'Plumbing.pdf',
            date: '2025-02-01',
            document_id: 'plumbing',
            task_id: null,
            expires_on: null,
            expired: false,
          },
          {
            source: 'document',
            name: 'Geyser CoC.pdf',
            date: '2024-05-10',
            document_id: 'geyser',
            task_id: null,
            expires_on: null,
            expired: false,
          },
        ],
        missing: false,
      },
      {
        key: 'geyser_service',
        label: 'Geyser service history',
        why: expect.any(String),
        found: [
          {
            source: 'maintenance',
            name: 'Geyser service and SANS 10254 check',
            date: '2026-03-01',
            document_id: null,
            task_id: 'task-1',
            expires_on: null,
            expired: false,
          },
          {
            source: 'maintenance',
            name: 'Geyser service and SANS 10254 check',
            date: '2025-03-01',
            document_id: 'geyser',
            task_id: 'task-1',
            expires_on: null,
            expired: false,
          },
        ],
        missing: false,
      },
    ]);
  });

  it('says what is missing: nothing found, no photos attached, no service history', () => {
    const evidence = claimEvidence({
      incidentType: 'burst_geyser',
      features: [],
      documents: [document({ id: 'deed', kind: 'deed' }), document({ id: 'photo', kind: 'other' })],
      claimDocumentIds: [],
      completions: [completion({ task_id: 'task-3', standard_key: null })],
    });
    expect(evidence.map(({ key, missing, found }) => ({ key, missing, found: found.length }))).toEqual([
      { key: 'policy', missing: true, found: 0 },
      { key: 'photos', missing: true, found: 0 },
      { key: 'geyser_certificate', missing: true, found: 0 },
      { key: 'geyser_service', missing: true, found: 0 },
    ]);
  });

  it('reads a roof inspection both as a certificate and as a completed task', () => {
    const evidence = claimEvidence({
      incidentType: 'storm_hail',
      features: [],
      documents: vault,
      claimDocumentIds: [],
      completions: [
        completion({ task_id: 'roof-task', title: 'Roof inspection', standard_key: 'roof_inspection' }),
      ],
    });
    const roof = evidence.find((item) => item.key === 'roof_inspection');
    expect(roof?.found.map((found) => [found.source, found.date])).toEqual([
      ['maintenance', '2026-03-01'],
      ['document', '2026-02-01'],
    ]);
    expect(evidence.find((item) => item.key === 'gutters')?.missing).toBe(true);
  });

  it('says an expired document is expired, and lists one nobody dated last (date unknown, never its upload day)', () => {
    const [, , certificate] = claimEvidence({
      incidentType: 'burst_geyser',
      features: ['geyser'],
      documents: [
        document({ id: 'undated', certificate_type: 'geyser_coc', date: null }),
        document({ id: 'also-undated', certificate_type: 'geyser_coc', date: null }),
        document({
          id: 'old',
          certificate_type: 'geyser_coc',
          date: '2020-01-01',
          expires_on: '2021-01-01',
          expired: true,
        }),
      ],
      claimDocumentIds: [],
      completions: [],
    });
    expect(
      certificate?.found.map((found) => [found.document_id, found.date, found.expired, found.expires_on]),
    ).toEqual([
      ['old', '2020-01-01', true, '2021-01-01'],
      ['also-undated', null, false, null],
      ['undated', null, false, null],
    ]);
  });

  it("attaches a theft claim's documents as its proof of ownership", () => {
    const [, proof, alarm] = claimEvidence({
      incidentType: 'theft_burglary',
      features: ['alarm'],
      documents: [...vault, document({ id: 'alarm', certificate_type: 'alarm_service', date: '2026-06-01' })],
      claimDocumentIds: ['photo-1'],
      completions: [],
    });
    expect(proof).toMatchObject({
      key: 'proof_of_ownership',
      missing: false,
      found: [{ document_id: 'photo-1' }],
    });
    expect(alarm).toMatchObject({ key: 'alarm_service', missing: false, found: [{ document_id: 'alarm' }] });
  });
});

describe('guidance (Learn More)', () => {
  it('says for every incident what to do first, what the insurer asks and when to report', () => {
    for (const type of INCIDENT_TYPES) {
      const guidance = INCIDENT_GUIDANCE[type];
      expect(guidance.firstSteps.length, type).toBeGreaterThan(1);
      expect(guidance.insurerWillAsk.length, type).toBeGreaterThan(1);
      expect(guidance.timeLimits.join(' '), type).toMatch(/as soon as reasonably possible/);
    }
  });

  it('tells a burglary victim to get a SAPS case number within a day or two', () => {
    const theft = INCIDENT_GUIDANCE.theft_burglary;
    expect(theft.firstSteps.join(' ')).toContain('case (CAS) number');
    expect(theft.timeLimits[0]).toContain('24 to 48 hours');
  });

  it('names the rules and the ombud for a rejected claim, as general information', () => {
    expect(CLAIM_GUIDANCE.ifRejected.join(' ')).toContain('Policyholder Protection Rules');
    expect(CLAIM_GUIDANCE.ifRejected.join(' ')).toContain('National Financial Ombud Scheme');
    expect(CLAIM_GUIDANCE.sources.length).toBeGreaterThan(2);
    expect(CLAIM_GUIDANCE.disclaimer).toContain('not legal or financial advice');
    expect(CLAIM_GUIDANCE.everyClaim.length).toBeGreaterThan(0);
  });
});
