import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_TYPES,
  type CertificateType,
  MAINTENANCE_CONDITION_KEYS,
  type MaintenanceCondition,
  PROPERTY_FEATURES,
  type PropertyFeature,
} from './certificates.js';
import {
  COMPLIANCE_CONTEXTS,
  COMPLIANCE_RULES,
  type ComplianceDocument,
  type ComplianceFinding,
  type ComplianceInput,
  evaluateCompliance,
  OTHER_CONDITION_RULE,
  OTHER_POLICY_CONDITION,
  type PolicyConditionInput,
  type PolicyTaskState,
  transferReadiness,
} from './compliance-rules.js';
import { DOCUMENT_KINDS } from './documents.js';
import { calendarDateOf, dayNumberOf, formatDateOnly, parseDateOnly } from './due-band.js';
import { policyTaskKey } from './policy-tasks.js';
import { addMonths } from './recurrence.js';
import { hasLoneSurrogates } from './schemas/common.js';

const TODAY = '2026-11-23';

let serial = 0;
function cert(
  type: CertificateType,
  issued_on: string | null,
  extra: Partial<ComplianceDocument> = {},
): ComplianceDocument {
  serial += 1;
  return {
    id: `doc-${String(serial).padStart(4, '0')}`,
    name: `${type} ${issued_on ?? 'undated'}`,
    kind: 'certificate',
    certificate_type: type,
    issued_on,
    expires_at: null,
    ...extra,
  };
}

function policy(expires_at: string | null, extra: Partial<ComplianceDocument> = {}): ComplianceDocument {
  serial += 1;
  return {
    id: `policy-${String(serial).padStart(4, '0')}`,
    name: `Home policy ${expires_at ?? 'undated'}`,
    kind: 'policy',
    certificate_type: null,
    issued_on: null,
    expires_at,
    ...extra,
  };
}

function check(
  documents: readonly ComplianceDocument[],
  options: {
    features?: readonly PropertyFeature[];
    municipality?: string;
    country?: string;
    today?: string;
    policyConditions?: readonly PolicyConditionInput[];
    policyTasks?: readonly PolicyTaskState[];
  } = {},
): ComplianceFinding[] {
  return evaluateCompliance({
    property: {
      country: options.country ?? 'ZA',
      municipality: options.municipality ?? 'JHB',
      features: options.features ?? [],
    },
    documents,
    today: options.today ?? TODAY,
    ...(options.policyConditions ? { policyConditions: options.policyConditions } : {}),
    ...(options.policyTasks ? { policyTasks: options.policyTasks } : {}),
  });
}

function byRule(findings: readonly ComplianceFinding[], rule: string): ComplianceFinding {
  const finding = findings.find((candidate) => candidate.rule === rule);
  if (!finding) throw new Error(`No finding of ${rule}: ${findings.map((f) => f.rule).join(', ')}`);
  return finding;
}

/** type, severity of a rule's finding */
function verdict(findings: readonly ComplianceFinding[], rule: string): [string, string] {
  const finding = byRule(findings, rule);
  return [finding.type, finding.severity];
}

function rules(findings: readonly ComplianceFinding[]): string[] {
  return findings.map((finding) => finding.rule);
}

const currentPolicy = () => policy('2027-06-01');

describe('COMPLIANCE_RULES', () => {
  it('has unique ids, a source and a title each, in context order', () => {
    const ids = COMPLIANCE_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    const order = COMPLIANCE_RULES.map((rule) => COMPLIANCE_CONTEXTS.indexOf(rule.context));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const rule of COMPLIANCE_RULES) {
      expect(rule.source.length).toBeGreaterThan(0);
      expect(rule.title.length).toBeGreaterThan(0);
    }
  });

  it('lists the rules of the brief with their citations', () => {
    const sources = Object.fromEntries(COMPLIANCE_RULES.map((rule) => [rule.id, rule.source]));
    expect(sources['electrical_coc.ongoing']).toBe('Electrical Installation Regulations 2009, reg 7(1)');
    expect(sources['electrical_coc.transfer']).toBe('Electrical Installation Regulations 2009, reg 7(5)');
    expect(sources['plumbing_coc.transfer']).toBe('City of Cape Town Water By-law 2010, s14');
    expect(sources['gas_coc.transfer']).toContain('reg 17(3)');
    expect(sources['electric_fence_coc.ongoing']).toContain('reg 12');
    for (const condition of MAINTENANCE_CONDITION_KEYS) {
      expect(sources[`policy_condition.${condition}`]).toBeDefined();
    }
  });
});

describe('evaluateCompliance: the basics', () => {
  it('gives an empty vault its gaps, each context in order', () => {
    const findings = check([]);
    expect(findings.map((finding) => [finding.id, finding.type, finding.severity])).toEqual([
      ['electrical_coc.ongoing:ongoing', 'gap', 'medium'],
      ['electrical_coc.transfer:transfer', 'gap', 'high'],
      ['insurance_policy.insurance:insurance', 'gap', 'high'],
      ['roof_inspection.insurance:insurance', 'gap', 'low'],
    ]);
    const [electrical] = findings;
    expect(electrical).toMatchObject({
      title: 'No Electrical Certificate of Compliance',
      rule: 'electrical_coc.ongoing',
      source: 'Electrical Installation Regulations 2009, reg 7(1)',
      context: 'ongoing',
      evidence: [],
      action:
        'Upload your Electrical Certificate of Compliance, or ask a registered electrical contractor for one',
    });
    expect(electrical?.description).toContain('one certificate every property needs');
    expect(transferReadiness(findings)).toEqual({ ready: 0, required: 1 });
  });

  it('judges only South African properties', () => {
    expect(check([], { country: 'UK' })).toEqual([]);
    expect(check([], { country: 'US' })).toEqual([]);
    expect(check([], { country: ' za ' })).toHaveLength(4);
  });

  it('throws a RangeError for a malformed date', () => {
    expect(() => check([], { today: '2026-02-30' })).toThrow(RangeError);
    expect(() => check([cert('electrical_coc', '2026-13-01')])).toThrow(RangeError);
    expect(() => check([cert('electrical_coc', null, { expires_at: '2026-11-23T10:00' })])).toThrow(
      RangeError,
    );
  });

  it('ignores documents that are no certificate', () => {
    const deed = { ...cert('electrical_coc', '2026-01-01'), kind: 'deed' as const, certificate_type: null };
    expect(check([deed])).toEqual(check([]));
  });
});

describe('electrical CoC', () => {
  it('a 3-year-old CoC is compliant while owning, a gap for a transfer', () => {
    const coc = cert('electrical_coc', '2023-11-01');
    const findings = check([coc]);
    expect(byRule(findings, 'electrical_coc.ongoing')).toMatchObject({
      type: 'compliant',
      severity: 'low',
      evidence: [{ id: coc.id, name: coc.name }],
      action: 'Nothing to do: keep it in the vault',
    });
    const transfer = byRule(findings, 'electrical_coc.transfer');
    expect(transfer).toMatchObject({
      type: 'gap',
      severity: 'high',
      title: 'Electrical Certificate of Compliance older than 2 years',
      source: 'Electrical Installation Regulations 2009, reg 7(5)',
      evidence: [{ id: coc.id, name: coc.name }],
      action: 'Ask a registered electrical contractor for a new Electrical Certificate of Compliance',
    });
    expect(transfer.description).toContain('older than 2 years');
    expect(transfer.description).toContain('Nov 01, 2023');
  });

  it.each([
    ['2024-11-23', TODAY, 'compliant'],
    ['2024-11-22', TODAY, 'gap'],
    ['2024-02-29', '2026-02-28', 'compliant'],
    ['2024-02-29', '2026-03-01', 'gap'],
    ['2024-12-31', '2026-12-31', 'compliant'],
    ['2024-12-31', '2027-01-01', 'gap'],
  ])('issued on %s is %s… for a transfer on %s', (issued, today, type) => {
    expect(byRule(check([cert('electrical_coc', issued)], { today }), 'electrical_coc.transfer').type).toBe(
      type,
    );
  });

  it('without an issue date: held while owning, unknown for a transfer', () => {
    const coc = cert('electrical_coc', null);
    const findings = check([coc]);
    expect(byRule(findings, 'electrical_coc.ongoing')).toMatchObject({
      type: 'compliant',
      description: expect.stringContaining('is in the vault'),
    });
    const transfer = byRule(findings, 'electrical_coc.transfer');
    expect(transfer).toMatchObject({
      type: 'unknown',
      severity: 'high',
      title: 'Electrical Certificate of Compliance: issue date needed',
      action: `Add the issue date of "${coc.name}"`,
    });
    expect(transfer.description).toContain('within 2 years of issue');
    // An expiry date does not tell its age: still unknown.
    const withExpiry = cert('electrical_coc', null, { expires_at: '2030-01-01' });
    expect(byRule(check([withExpiry]), 'electrical_coc.transfer').type).toBe('unknown');
  });

  it('an expiry date on the CoC counts: expired is high, within 30 days medium', () => {
    const expired = check([cert('electrical_coc', '2026-01-01', { expires_at: '2026-11-23' })]);
    expect(byRule(expired, 'electrical_coc.ongoing')).toMatchObject({
      type: 'gap',
      severity: 'high',
      title: 'Electrical Certificate of Compliance expired',
      description: expect.stringContaining('expired on Nov 23, 2026'),
    });
    expect(verdict(expired, 'electrical_coc.transfer')).toEqual(['gap', 'high']);
    expect(byRule(expired, 'electrical_coc.transfer').title).toBe(
      'Electrical Certificate of Compliance expired',
    );

    const soon = check([cert('electrical_coc', '2026-01-01', { expires_at: '2026-12-23' })]);
    expect(byRule(soon, 'electrical_coc.ongoing')).toMatchObject({
      type: 'gap',
      severity: 'medium',
      title: 'Electrical Certificate of Compliance expires soon',
      description: expect.stringContaining('expires on Dec 23, 2026'),
      action:
        'Ask a registered electrical contractor for a new Electrical Certificate of Compliance before Dec 23, 2026',
    });
    expect(byRule(soon, 'electrical_coc.transfer')).toMatchObject({
      type: 'compliant',
      action: 'Renew it before Dec 23, 2026',
    });

    const later = check([cert('electrical_coc', '2026-01-01', { expires_at: '2026-12-24' })]);
    expect(byRule(later, 'electrical_coc.ongoing')).toMatchObject({
      type: 'compliant',
      description: expect.stringContaining('expires on Dec 24, 2026'),
    });
  });

  it('reads a timestamp expiry as its date in Johannesburg', () => {
    // The vault stores an expiry date of 2 December as the start of that day in Johannesburg.
    const coc = cert('electrical_coc', '2026-01-01', { expires_at: '2026-12-01T22:00:00.000Z' });
    expect(byRule(check([coc], { today: '2026-12-01' }), 'electrical_coc.ongoing')).toMatchObject({
      type: 'gap',
      severity: 'medium',
      description: expect.stringContaining('expires on Dec 02, 2026'),
    });
    expect(verdict(check([coc], { today: '2026-12-02' }), 'electrical_coc.ongoing')).toEqual(['gap', 'high']);
  });

  it('only the newest counts: a superseded CoC raises no gap', () => {
    const old = cert('electrical_coc', '2015-03-01', { expires_at: '2020-03-01' });
    const current = cert('electrical_coc', '2026-02-01');
    for (const documents of [
      [old, current],
      [current, old],
    ]) {
      const findings = check(documents);
      expect(byRule(findings, 'electrical_coc.ongoing')).toMatchObject({
        type: 'compliant',
        evidence: [{ id: current.id, name: current.name }],
      });
      expect(byRule(findings, 'electrical_coc.transfer').type).toBe('compliant');
    }
  });

  it('ranks an undated CoC after a dated one, then by expiry, then by id', () => {
    const dated = cert('electrical_coc', '2026-01-01');
    const undated = cert('electrical_coc', null);
    expect(byRule(check([undated, dated]), 'electrical_coc.transfer').evidence[0]?.id).toBe(dated.id);

    const sameDayNoExpiry = cert('electrical_coc', '2026-01-01');
    const sameDayExpiring = cert('electrical_coc', '2026-01-01', { expires_at: '2030-01-01' });
    expect(byRule(check([sameDayNoExpiry, sameDayExpiring]), 'electrical_coc.ongoing').evidence[0]?.id).toBe(
      sameDayExpiring.id,
    );
    const later = cert('electrical_coc', '2026-01-01', { expires_at: '2031-01-01' });
    expect(byRule(check([sameDayExpiring, later]), 'electrical_coc.ongoing').evidence[0]?.id).toBe(later.id);

    const twin = { ...dated, id: 'a-first', name: 'Twin' };
    expect(byRule(check([dated, twin]), 'electrical_coc.ongoing').evidence[0]?.id).toBe('a-first');
    expect(byRule(check([twin, dated]), 'electrical_coc.ongoing').evidence[0]?.id).toBe('a-first');
    // The same document twice is one certificate.
    expect(check([dated, dated])).toEqual(check([dated]));
  });
});

describe('gas, electric fence and solar PV', () => {
  it('gas: missing is medium while owning and high at transfer', () => {
    const findings = check([], { features: ['gas'] });
    expect(verdict(findings, 'gas_coc.ongoing')).toEqual(['gap', 'medium']);
    expect(verdict(findings, 'gas_coc.transfer')).toEqual(['gap', 'high']);
    expect(byRule(findings, 'gas_coc.transfer').source).toContain('2 years by custom');
  });

  it('gas: older than 2 years is a medium gap at transfer, by custom', () => {
    const findings = check([cert('gas_coc', '2024-11-22')], { features: ['gas'] });
    expect(verdict(findings, 'gas_coc.ongoing')).toEqual(['compliant', 'low']);
    const transfer = byRule(findings, 'gas_coc.transfer');
    expect([transfer.type, transfer.severity]).toEqual(['gap', 'medium']);
    expect(transfer.description).toContain('older than 2 years');
    expect(transfer.description).toContain('customarily');
    expect(
      verdict(check([cert('gas_coc', '2024-11-23')], { features: ['gas'] }), 'gas_coc.transfer'),
    ).toEqual(['compliant', 'low']);
  });

  it('a held certificate brings its rules even without the feature', () => {
    expect(rules(check([cert('gas_coc', '2026-01-01')]))).toContain('gas_coc.transfer');
    expect(rules(check([]))).not.toContain('gas_coc.ongoing');
  });

  it('electric fence: a medium gap while owning and at transfer, compliant when held', () => {
    const missing = check([], { features: ['electric_fence'] });
    expect(verdict(missing, 'electric_fence_coc.ongoing')).toEqual(['gap', 'medium']);
    expect(verdict(missing, 'electric_fence_coc.transfer')).toEqual(['gap', 'medium']);
    const held = check([cert('electric_fence_coc', '2013-05-01')], { features: ['electric_fence'] });
    expect(verdict(held, 'electric_fence_coc.ongoing')).toEqual(['compliant', 'low']);
    expect(verdict(held, 'electric_fence_coc.transfer')).toEqual(['compliant', 'low']);
  });

  it('solar PV: the SSEG registration is a medium gap when missing', () => {
    const missing = check([], { features: ['solar_pv'] });
    expect(verdict(missing, 'sseg_registration.ongoing')).toEqual(['gap', 'medium']);
    expect(byRule(missing, 'sseg_registration.ongoing').description).toContain('registered');
    const held = check([cert('sseg_registration', '2025-05-01')], { features: ['solar_pv'] });
    expect(verdict(held, 'sseg_registration.ongoing')).toEqual(['compliant', 'low']);
  });
});

describe('ongoing: expiry of every other certificate', () => {
  it("leaves the age of an insurer's certificate to the insurance rules (never critical for it)", () => {
    const findings = check([cert('alarm_service', '2026-05-22')], { features: ['alarm'] });
    expect(rules(findings)).not.toContain('alarm_service.ongoing');
    expect(byRule(findings, 'alarm_service.insurance')).toMatchObject({
      type: 'gap',
      severity: 'medium',
      title: 'Alarm service certificate expired',
      description: expect.stringContaining('expired on Nov 22, 2026'),
    });
  });

  it('roof inspection of a leap day: expires on 28 February a year later', () => {
    const roof = cert('roof_inspection', '2024-02-29');
    const before = check([roof, currentPolicy()], { today: '2025-02-27' });
    expect(byRule(before, 'roof_inspection.insurance')).toMatchObject({
      type: 'compliant',
      action: 'Renew it before Feb 28, 2025',
    });
    const on = check([roof, currentPolicy()], { today: '2025-02-28' });
    expect(verdict(on, 'roof_inspection.insurance')).toEqual(['gap', 'low']);
    expect(rules(on)).not.toContain('roof_inspection.ongoing');
  });

  it('is unknown for a certificate with a validity but neither date', () => {
    const roof = cert('roof_inspection', null);
    const findings = check([roof]);
    expect(byRule(findings, 'roof_inspection.insurance')).toMatchObject({
      type: 'unknown',
      severity: 'low',
      title: 'Roof inspection report: issue date needed',
      description: expect.stringContaining('within 12 months of issue'),
    });
    // Its expiry date answers instead.
    const dated = cert('roof_inspection', null, { expires_at: '2027-03-01' });
    expect(verdict(check([dated]), 'roof_inspection.insurance')).toEqual(['compliant', 'low']);
  });

  it('judges a certificate without a validity only by an expiry date on it', () => {
    expect(rules(check([cert('occupation_certificate', '1998-01-01')]))).not.toContain(
      'occupation_certificate.ongoing',
    );
    const expired = check([cert('occupation_certificate', '2020-01-01', { expires_at: '2026-01-01' })]);
    expect(byRule(expired, 'occupation_certificate.ongoing')).toMatchObject({
      type: 'gap',
      severity: 'high',
      source: 'The expiry date on the certificate',
    });
  });

  it('leaves certificates of a sale to the transfer rules', () => {
    const findings = check([cert('beetle_clearance', '2020-01-01'), cert('plumbing_coc', '2020-01-01')], {
      municipality: 'CPT',
    });
    expect(
      findings.filter((finding) => finding.context === 'ongoing').map((finding) => finding.rule),
    ).toEqual(['electrical_coc.ongoing']);
  });

  it('a superseded certificate raises no expiry gap', () => {
    const findings = check([
      cert('occupation_certificate', '2020-01-01', { expires_at: '2024-01-01' }),
      cert('occupation_certificate', '2024-01-01', { expires_at: '2030-01-01' }),
    ]);
    expect(verdict(findings, 'occupation_certificate.ongoing')).toEqual(['compliant', 'low']);
    const roofs = check([cert('roof_inspection', '2023-01-01'), cert('roof_inspection', '2026-06-01')]);
    expect(verdict(roofs, 'roof_inspection.insurance')).toEqual(['compliant', 'low']);
  });
});

describe('transfer: Cape Town plumbing certificate', () => {
  it('is needed only in Cape Town, by code or name', () => {
    expect(verdict(check([], { municipality: 'CPT' }), 'plumbing_coc.transfer')).toEqual(['gap', 'high']);
    expect(rules(check([], { municipality: 'City of Cape Town' }))).toContain('plumbing_coc.transfer');
    expect(rules(check([], { municipality: 'cpt' }))).toContain('plumbing_coc.transfer');
    expect(rules(check([], { municipality: 'WC011' }))).not.toContain('plumbing_coc.transfer');
    expect(rules(check([], { municipality: 'JHB' }))).not.toContain('plumbing_coc.transfer');
    expect(byRule(check([], { municipality: 'CPT' }), 'plumbing_coc.transfer').source).toBe(
      'City of Cape Town Water By-law 2010, s14',
    );
  });

  it.each([
    ['2026-08-23', TODAY, 'compliant'],
    ['2026-08-22', TODAY, 'gap'],
    ['2026-08-31', '2026-11-30', 'compliant'],
    ['2026-08-31', '2026-12-01', 'gap'],
  ])('issued on %s is %s… for a transfer on %s', (issued, today, type) => {
    const finding = byRule(
      check([cert('plumbing_coc', issued)], { municipality: 'CPT', today }),
      'plumbing_coc.transfer',
    );
    expect(finding.type).toBe(type);
    if (type === 'gap') expect(finding.description).toContain('older than 3 months');
  });
});

describe('transfer: beetle certificate', () => {
  it('is customary only in the Western Cape and KwaZulu-Natal', () => {
    for (const municipality of ['CPT', 'WC011', 'ETH']) {
      expect(verdict(check([], { municipality }), 'beetle_clearance.transfer')).toEqual(['gap', 'medium']);
    }
    for (const municipality of ['JHB', 'TSH', 'Atlantis', 'DC1']) {
      expect(rules(check([], { municipality }))).not.toContain('beetle_clearance.transfer');
    }
  });

  it.each([
    ['2026-08-23', 'compliant'],
    ['2026-08-22', 'gap'],
  ])('issued on %s is %s on the day 3 months later', (issued, type) => {
    expect(
      byRule(check([cert('beetle_clearance', issued)], { municipality: 'ETH' }), 'beetle_clearance.transfer')
        .type,
    ).toBe(type);
  });

  it('without an issue date: its expiry date answers, else unknown', () => {
    const byExpiry = (expires_at: string | null) =>
      verdict(
        check([cert('beetle_clearance', null, { expires_at })], { municipality: 'CPT' }),
        'beetle_clearance.transfer',
      );
    expect(byExpiry('2026-12-10')).toEqual(['compliant', 'low']);
    expect(byExpiry('2026-11-23')).toEqual(['gap', 'medium']);
    expect(byExpiry(null)).toEqual(['unknown', 'medium']);
  });
});

describe('transferReadiness', () => {
  it('counts the compliant transfer findings of all of them', () => {
    const findings = check(
      [
        cert('electrical_coc', '2025-01-01'),
        cert('gas_coc', '2025-01-01'),
        cert('electric_fence_coc', '2020-01-01'),
        cert('beetle_clearance', '2026-10-01'),
      ],
      { municipality: 'CPT', features: ['gas', 'electric_fence'] },
    );
    expect(
      findings.filter((finding) => finding.context === 'transfer').map((finding) => finding.rule),
    ).toEqual([
      'electrical_coc.transfer',
      'gas_coc.transfer',
      'electric_fence_coc.transfer',
      'plumbing_coc.transfer',
      'beetle_clearance.transfer',
    ]);
    expect(transferReadiness(findings)).toEqual({ ready: 4, required: 5 });
    expect(transferReadiness([])).toEqual({ ready: 0, required: 0 });
  });
});

describe('insurance: the policy', () => {
  const policyFinding = (documents: ComplianceDocument[]) =>
    byRule(check(documents), 'insurance_policy.insurance');

  it('none is a high gap, as severe as an expired one (the severity scale)', () => {
    expect(policyFinding([])).toMatchObject({
      type: 'gap',
      severity: 'high',
      title: 'No insurance policy',
    });
  });

  it('an expired one is a high gap', () => {
    const expired = policy('2026-11-01');
    expect(policyFinding([expired])).toMatchObject({
      type: 'gap',
      severity: 'high',
      title: 'Expired insurance policy',
      description: expect.stringContaining('expired on Nov 01, 2026'),
      evidence: [{ id: expired.id, name: expired.name }],
    });
    expect(policyFinding([policy(TODAY)]).title).toBe('Expired insurance policy');
  });

  it('one expiring within 30 days is a medium gap; later, compliant', () => {
    expect(policyFinding([policy('2026-12-23')])).toMatchObject({
      type: 'gap',
      severity: 'medium',
      description: expect.stringContaining('expires on Dec 23, 2026'),
    });
    expect(policyFinding([policy('2026-12-24')])).toMatchObject({ type: 'compliant', severity: 'low' });
  });

  it('a renewed policy counts, not the old schedule', () => {
    const old = policy('2026-06-01');
    const renewed = policy('2027-06-01');
    expect(policyFinding([old, renewed])).toMatchObject({
      type: 'compliant',
      evidence: [{ id: renewed.id, name: renewed.name }],
    });
    const twin = policy('2027-06-01', { id: 'a-policy' });
    expect(policyFinding([renewed, twin]).evidence[0]?.id).toBe('a-policy');
  });

  it('is unknown when no current policy is dated and some are undated', () => {
    const undated = policy(null, { id: 'b' });
    const other = policy(null, { id: 'a' });
    expect(policyFinding([undated, other])).toMatchObject({
      type: 'unknown',
      evidence: [
        { id: 'a', name: other.name },
        { id: 'b', name: undated.name },
      ],
    });
    expect(policyFinding([policy('2020-01-01'), undated]).type).toBe('unknown');
    expect(policyFinding([policy('2027-06-01'), undated]).type).toBe('compliant');
  });
});

describe('insurance: upkeep certificates', () => {
  it('roof: every property, low when missing', () => {
    expect(verdict(check([]), 'roof_inspection.insurance')).toEqual(['gap', 'low']);
    expect(verdict(check([cert('roof_inspection', '2026-01-10')]), 'roof_inspection.insurance')).toEqual([
      'compliant',
      'low',
    ]);
  });

  it('alarm, geyser, thatch, lightning conductor: where the property has them', () => {
    const features: PropertyFeature[] = ['alarm', 'geyser', 'thatch_roof', 'lightning_conductor'];
    const missing = check([], { features });
    for (const rule of [
      'alarm_service.insurance',
      'geyser_coc.insurance',
      'thatch_retardant.insurance',
      'lightning_conductor.insurance',
    ]) {
      expect(verdict(missing, rule)).toEqual(['gap', 'medium']);
    }
    const held = check(
      [
        cert('alarm_service', '2026-09-01'),
        cert('geyser_coc', '2012-01-01'),
        cert('thatch_retardant', '2024-01-01'),
        cert('lightning_conductor', '2026-02-01'),
      ],
      { features },
    );
    for (const rule of ['alarm_service', 'geyser_coc', 'thatch_retardant', 'lightning_conductor']) {
      expect(verdict(held, `${rule}.insurance`)).toEqual(['compliant', 'low']);
    }
    expect(rules(check([]))).not.toContain('geyser_coc.insurance');
  });

  it('thatch: retardant good for 3 years', () => {
    const thatch = (issued: string) =>
      verdict(
        check([cert('thatch_retardant', issued)], { features: ['thatch_roof', 'lightning_conductor'] }),
        'thatch_retardant.insurance',
      );
    expect(thatch('2023-12-24')).toEqual(['compliant', 'low']);
    expect(thatch('2023-11-23')).toEqual(['gap', 'medium']);
  });

  it('thatch without a lightning conductor: surge protection is unknown', () => {
    const findings = check([], { features: ['thatch_roof'] });
    expect(byRule(findings, 'surge_protection.insurance')).toMatchObject({
      type: 'unknown',
      severity: 'low',
      evidence: [],
    });
    expect(rules(findings)).not.toContain('lightning_conductor.insurance');
    expect(rules(check([], { features: ['thatch_roof', 'lightning_conductor'] }))).not.toContain(
      'surge_protection.insurance',
    );
  });
});

/** A maintenance condition found in the policy 'Hollard Home' (page 12). */
const condition = (
  key: MaintenanceCondition,
  extra: Partial<PolicyConditionInput> = {},
): PolicyConditionInput => ({
  condition: key,
  document_id: 'policy-1',
  document_name: 'Hollard Home',
  page: 12,
  excerpt: 'The geyser must be installed in accordance with SANS 10254.',
  ...extra,
});

describe('insurance: the policy wording conditions', () => {
  it('is compliant with the newest valid certificate as evidence', () => {
    const geyser = cert('geyser_coc', '2019-04-01');
    const finding = byRule(
      check([geyser], { policyConditions: [condition('geyser_sans_10254')] }),
      'policy_condition.geyser_sans_10254',
    );
    expect(finding).toMatchObject({
      id: 'policy_condition.geyser_sans_10254:insurance',
      type: 'compliant',
      context: 'insurance',
      evidence: [{ id: geyser.id, name: geyser.name }],
      source: '"Hollard Home", page 12',
    });
  });

  it('is a medium gap quoting the policy when nothing proves it', () => {
    const finding = byRule(
      check([], { policyConditions: [condition('geyser_sans_10254')] }),
      'policy_condition.geyser_sans_10254',
    );
    expect(finding).toMatchObject({ type: 'gap', severity: 'medium', evidence: [] });
    expect(finding.description).toContain(
      '"Hollard Home", page 12, says: "The geyser must be installed in accordance with SANS 10254."',
    );
    expect(finding.description).toContain('rejected');
    expect(finding.action).toBe(
      'Ask a registered plumber for a new Geyser certificate (SANS 10254), and upload it',
    );
  });

  it('a stale certificate is a gap with the stale one as evidence; an expiring one still proves it', () => {
    const stale = cert('roof_inspection', '2025-01-01');
    const finding = byRule(
      check([stale], { policyConditions: [condition('roof_maintained')] }),
      'policy_condition.roof_maintained',
    );
    expect(finding).toMatchObject({ type: 'gap', evidence: [{ id: stale.id, name: stale.name }] });
    const expiring = cert('roof_inspection', '2025-12-01');
    expect(
      verdict(
        check([expiring], { policyConditions: [condition('roof_maintained')] }),
        'policy_condition.roof_maintained',
      ),
    ).toEqual(['compliant', 'low']);
  });

  it('is unknown when the certificate has no date', () => {
    const finding = byRule(
      check([cert('roof_inspection', null)], { policyConditions: [condition('roof_maintained')] }),
      'policy_condition.roof_maintained',
    );
    expect(finding.type).toBe('unknown');
    expect(finding.action).toContain('Add the issue date');
  });

  it('burglar bars: no certificate proves it, so it goes into the schedule, with proof kept', () => {
    const finding = byRule(
      check([], {
        policyConditions: [condition('burglar_bars', { page: null, excerpt: 'Burglar bars fitted.' })],
      }),
      'policy_condition.burglar_bars',
    );
    expect(finding).toMatchObject({
      type: 'unknown',
      action: 'Add it to your maintenance schedule, and keep proof that it is done: photos or an invoice',
      source: '"Hollard Home"',
    });
    expect(finding.description).toContain('"Hollard Home", says: "Burglar bars fitted."');
  });

  it('quotes every place a condition is found, white space folded and long excerpts cut', () => {
    const long = `Thatch   shall be\ntreated ${'x'.repeat(300)}`;
    const findings = check([], {
      features: ['thatch_roof', 'lightning_conductor'],
      policyConditions: [
        condition('thatch_treated', { excerpt: long }),
        condition('thatch_treated', {
          document_name: 'Schedule',
          page: 2,
          excerpt: 'Retardant every 3 years.',
        }),
      ],
    });
    expect(findings.filter((finding) => finding.rule === 'policy_condition.thatch_treated')).toHaveLength(1);
    const finding = byRule(findings, 'policy_condition.thatch_treated');
    expect(finding.source).toBe('"Hollard Home", page 12; "Schedule", page 2');
    expect(finding.description).toContain('"Thatch shall be treated xxx');
    expect(finding.description).toContain(`${'x'.repeat(175)}…"; and "Schedule", page 2, says: "Retardant`);
  });

  it('cuts a long excerpt between characters, never inside one (no lone surrogate is stored)', () => {
    const long = `${'x'.repeat(198)}😀 and more words after the cut`;
    const findings = check([], {
      features: ['thatch_roof', 'lightning_conductor'],
      policyConditions: [condition('thatch_treated', { excerpt: long })],
    });
    const { description } = byRule(findings, 'policy_condition.thatch_treated');
    expect(hasLoneSurrogates(description)).toBe(false);
    expect(description).toContain(`${'x'.repeat(198)}…"`);
  });

  it('follows the conditions order, after the other insurance rules', () => {
    const findings = check([currentPolicy()], {
      policyConditions: [condition('burglar_bars'), condition('electrical_compliance')],
    });
    expect(rules(findings).slice(-2)).toEqual([
      'policy_condition.electrical_compliance',
      'policy_condition.burglar_bars',
    ]);
  });

  it('a condition no catalogued key names: one unknown finding per clause, after the catalogued ones, named by its clause', () => {
    const trees = {
      ...condition('burglar_bars'),
      condition: OTHER_POLICY_CONDITION,
      title: 'Trees overhanging the roof',
      clause_ref: '7.4',
      page: 3,
      excerpt: 'Trees overhanging the roof must be\ntrimmed.',
    } satisfies PolicyConditionInput;
    const drains = {
      ...trees,
      title: undefined,
      clause_ref: undefined,
      page: null,
      excerpt:
        'Storm-water drains must be kept clear of leaves and debris at all times, and gutters cleaned.',
    };
    const short = { ...drains, excerpt: 'Gutters kept clean.' };
    const findings = check([currentPolicy()], {
      policyConditions: [trees, condition('burglar_bars'), drains, short],
    });
    expect(rules(findings).slice(-4)).toEqual([
      'policy_condition.burglar_bars',
      OTHER_CONDITION_RULE,
      OTHER_CONDITION_RULE,
      OTHER_CONDITION_RULE,
    ]);
    const [first, second, third] = findings.filter((finding) => finding.rule === OTHER_CONDITION_RULE);
    expect(first).toEqual({
      id: `policy_condition.other:insurance:${policyTaskKey('policy-1', trees.excerpt)}`,
      type: 'unknown',
      title: 'Policy condition: Trees overhanging the roof',
      description:
        'Your policy "Hollard Home", clause 7.4, page 3, says: "Trees overhanging the roof must be trimmed." No certificate proves it, so the vault cannot tell whether it is met; a claim that turns on it can be rejected without proof.',
      severity: 'medium',
      level: 'medium',
      due_date: null,
      rule: OTHER_CONDITION_RULE,
      source: '"Hollard Home", clause 7.4, page 3',
      context: 'insurance',
      evidence: [],
      action: 'Add it to your maintenance schedule, and keep proof that it is done: photos or an invoice',
    });
    // Without a title: the clause's first words; without a place: the policy's name.
    expect(second?.title).toBe(
      'Policy condition: Storm-water drains must be kept clear of leaves and debris at all times, and gu…',
    );
    expect(third?.title).toBe('Policy condition: Gutters kept clean.');
    expect(second?.source).toBe('"Hollard Home"');
    expect(new Set(findings.map((finding) => finding.id)).size).toBe(findings.length);
  });
});

describe('a condition no certificate proves, answered by its task (issue 28)', () => {
  const trees = {
    ...condition('burglar_bars'),
    condition: OTHER_POLICY_CONDITION,
    title: 'Trees overhanging the roof',
    clause_ref: '7.4',
    page: 3,
    excerpt: 'Trees overhanging the roof must be trimmed.',
  } satisfies PolicyConditionInput;
  const task = (entry: PolicyConditionInput, changes: Partial<PolicyTaskState> = {}): PolicyTaskState => ({
    key: policyTaskKey(entry.document_id, entry.excerpt),
    title: 'Trim the trees over the roof',
    next_due: '2027-10-01',
    last_done_on: '2026-10-01',
    ...changes,
  });
  const otherFinding = (tasks: readonly PolicyTaskState[], today = TODAY) =>
    byRule(
      check([currentPolicy()], { policyConditions: [trees], policyTasks: tasks, today }),
      OTHER_CONDITION_RULE,
    );

  it('stays unknown while its task is not marked done, and then says to mark it done', () => {
    const finding = otherFinding([task(trees, { last_done_on: null, next_due: '2026-12-23' })]);
    expect(finding).toMatchObject({
      type: 'unknown',
      action:
        'Mark "Trim the trees over the roof" done in Maintenance once it is done, and keep proof: photos or an invoice',
    });
    // A task of another clause answers nothing.
    expect(otherFinding([{ ...task(trees), key: policyTaskKey('policy-1', 'Other words') }]).type).toBe(
      'unknown',
    );
  });

  it("is done (in order, by the owner's own record, not a certificate) while the done task is not due again", () => {
    const finding = otherFinding([task(trees)]);
    expect(finding).toMatchObject({
      id: `policy_condition.other:insurance:${policyTaskKey('policy-1', trees.excerpt)}`,
      type: 'compliant',
      severity: 'low',
      title: 'Policy condition done: Trees overhanging the roof',
      evidence: [],
      source: '"Hollard Home", clause 7.4, page 3',
      action: 'Nothing to do before 2027-10-01: keep the proof with the task',
    });
    expect(finding.description).toContain(
      'Your maintenance record: "Trim the trees over the roof" done on 2026-10-01, due again 2027-10-01. This is your own record, not a certificate',
    );
    // Due again today is still done; the day after it is overdue.
    expect(otherFinding([task(trees)], '2027-10-01').type).toBe('compliant');
  });

  it('is an overdue gap (high) once the done task is due again', () => {
    const finding = otherFinding([task(trees)], '2027-10-02');
    expect(finding).toMatchObject({
      type: 'gap',
      severity: 'high',
      title: 'Policy condition overdue: Trees overhanging the roof',
      action: 'Do "Trim the trees over the roof" again and mark it done in Maintenance, with the proof',
    });
    expect(finding.description).toContain(
      'last marked "Trim the trees over the roof" done on 2026-10-01; it was due again on 2027-10-01',
    );
  });

  it("burglar bars found in two places: done only when both clauses' tasks are done", () => {
    const first = condition('burglar_bars', { excerpt: 'Burglar bars fitted to all windows.' });
    const second = condition('burglar_bars', {
      document_name: 'Schedule',
      excerpt: 'Bars on every opening.',
    });
    const bars = (tasks: readonly PolicyTaskState[]) =>
      byRule(
        check([currentPolicy()], { policyConditions: [first, second], policyTasks: tasks }),
        'policy_condition.burglar_bars',
      );
    expect(bars([task(first, { title: 'Check the burglar bars' })])).toMatchObject({
      type: 'unknown',
      action: 'Add it to your maintenance schedule, and keep proof that it is done: photos or an invoice',
    });
    const both = bars([
      task(first, { title: 'Check the burglar bars' }),
      task(second, { title: 'Bars on every opening', next_due: '2027-02-01' }),
    ]);
    expect(both).toMatchObject({
      type: 'compliant',
      title: 'Policy condition done: Burglar bars and locks fitted',
      action: 'Nothing to do before 2027-02-01: keep the proof with the task',
    });
    expect(both.description).toContain(
      '"Check the burglar bars" done on 2026-10-01, due again 2027-10-01; "Bars on every opening" done on',
    );
  });

  it('a certificate condition is not answered by a task: its certificate proves it', () => {
    const geyser = condition('geyser_sans_10254');
    const finding = byRule(
      check([], { policyConditions: [geyser], policyTasks: [task(geyser)] }),
      'policy_condition.geyser_sans_10254',
    );
    expect(finding.type).toBe('gap');
  });

  it('refuses a malformed task date as it refuses any other', () => {
    expect(() => otherFinding([task(trees, { next_due: '2027-02-30' })])).toThrow(RangeError);
    expect(() => otherFinding([task(trees, { last_done_on: '2026-13-01' })])).toThrow(RangeError);
  });
});

// Property tests: bounded runs (vitest.setup.ts also stops each after 1 s).

const DAY_2015 = dayNumberOf(parseDateOnly('2015-01-01'));
const DAY_2031 = dayNumberOf(parseDateOnly('2031-12-31'));
// Often a date of a small pool, so that certificates tie on their dates and the id decides.
const dates = fc.oneof(
  fc.constantFrom('2024-02-29', '2025-06-01', '2026-01-15'),
  fc.integer({ min: DAY_2015, max: DAY_2031 }).map((day) => formatDateOnly(calendarDateOf(day))),
);
const todays = fc
  .integer({ min: dayNumberOf(parseDateOnly('2020-01-01')), max: dayNumberOf(parseDateOnly('2030-12-31')) })
  .map((day) => formatDateOnly(calendarDateOf(day)));
const expiries = fc.option(
  fc.oneof(
    dates,
    dates.map((date) => `${date}T10:30:00+02:00`),
    dates.map((date) => `${date}T22:00:00.000Z`),
  ),
  { nil: null },
);
const documentArb = fc.record({
  id: fc.constantFrom('d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8'),
  name: fc.constantFrom('Certificate', 'Schedule', 'Report'),
  kind: fc.constantFrom(...DOCUMENT_KINDS),
  certificate_type: fc.option(fc.constantFrom(...CERTIFICATE_TYPES), { nil: null }),
  issued_on: fc.option(dates, { nil: null }),
  expires_at: expiries,
});
const conditionArb = fc.record({
  condition: fc.constantFrom(...MAINTENANCE_CONDITION_KEYS),
  document_id: fc.constant('p1'),
  document_name: fc.constantFrom('Hollard Home', 'Santam'),
  page: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
  excerpt: fc.string({ maxLength: 40 }),
});
const inputArb: fc.Arbitrary<ComplianceInput> = fc.record({
  property: fc.record({
    country: fc.constant('ZA'),
    municipality: fc.constantFrom('CPT', 'JHB', 'ETH', 'WC011', 'City of Cape Town', 'Atlantis'),
    features: fc.subarray([...PROPERTY_FEATURES]),
  }),
  documents: fc.array(documentArb, { maxLength: 10 }),
  policyConditions: fc.array(conditionArb, { maxLength: 4 }),
  today: todays,
});

const gapIds = (findings: readonly ComplianceFinding[]) =>
  findings.filter((finding) => finding.type === 'gap').map((finding) => finding.id);

describe('evaluateCompliance: properties', () => {
  it('gives each finding a unique id of its rule and context, in rule order, citing real documents', () => {
    const ruleIndex = new Map(COMPLIANCE_RULES.map((rule, index) => [rule.id, index]));
    fc.assert(
      fc.property(inputArb, (input) => {
        const findings = evaluateCompliance(input);
        const ids = findings.map((finding) => finding.id);
        expect(new Set(ids).size).toBe(ids.length);
        const order = findings.map((finding) => ruleIndex.get(finding.rule) ?? -1);
        expect(order.every((index, i) => index >= 0 && (i === 0 || index > (order[i - 1] ?? -1)))).toBe(true);
        const documentIds = new Set(input.documents.map((document) => document.id));
        for (const finding of findings) {
          expect(finding.id).toBe(`${finding.rule}:${finding.context}`);
          expect(finding.title && finding.description && finding.action && finding.source).toBeTruthy();
          for (const evidence of finding.evidence) expect(documentIds.has(evidence.id)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('names untyped certificates expiring the same day in id order, whatever the vault order (seed 717131977)', () => {
    const certificate = (id: string, expires_at: string) => ({
      id,
      name: 'Certificate',
      kind: 'certificate' as const,
      certificate_type: null,
      issued_on: null,
      expires_at,
    });
    const documents = [certificate('d2', '2024-02-29'), certificate('d1', '2024-02-29T10:30:00+02:00')];
    const input = {
      property: { country: 'ZA', municipality: 'CPT', features: [] },
      policyConditions: [],
      today: '2024-01-30',
    };
    const evidence = (docs: typeof documents) =>
      evaluateCompliance({ ...input, documents: docs }).find(
        (finding) => finding.rule === 'untyped_certificates.ongoing',
      )?.evidence;
    expect(evidence(documents)).toEqual([
      { id: 'd1', name: 'Certificate' },
      { id: 'd2', name: 'Certificate' },
    ]);
    expect(evidence([...documents].reverse())).toEqual(evidence(documents));
  });

  it('is deterministic and does not depend on the documents order', () => {
    fc.assert(
      fc.property(
        inputArb.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray([...input.documents], { minLength: input.documents.length }),
          ),
        ),
        ([input, shuffled]) => {
          const first = evaluateCompliance(input);
          expect(evaluateCompliance(input)).toEqual(first);
          // Distinct documents only: the same id twice with other contents is a different input.
          const unique = new Map(input.documents.map((document) => [document.id, document]));
          const documents = [...unique.values()];
          const byOrder = evaluateCompliance({ ...input, documents });
          const reordered = evaluateCompliance({
            ...input,
            documents: shuffled.filter((document) => unique.get(document.id) === document),
          });
          expect(reordered).toEqual(byOrder);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('adding a valid certificate never adds a gap', () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom(...CERTIFICATE_TYPES), (input, type) => {
        const before = new Set(gapIds(evaluateCompliance(input)));
        const added: ComplianceDocument = {
          id: 'new',
          name: 'New certificate',
          kind: 'certificate',
          certificate_type: type,
          issued_on: input.today,
          expires_at: null,
        };
        const after = gapIds(evaluateCompliance({ ...input, documents: [...input.documents, added] }));
        for (const id of after) expect(before.has(id)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('an electrical CoC may be used for a transfer through the day 2 years after issue', () => {
    fc.assert(
      fc.property(dates, todays, (issued, today) => {
        const coc: ComplianceDocument = {
          id: 'coc',
          name: 'CoC',
          kind: 'certificate',
          certificate_type: 'electrical_coc',
          issued_on: issued,
          expires_at: null,
        };
        const finding = byRule(check([coc], { today }), 'electrical_coc.transfer');
        expect(finding.type).toBe(today <= addMonths(issued, 24) ? 'compliant' : 'gap');
      }),
      { numRuns: 200 },
    );
  });

  it('transfer readiness counts never exceed the transfer findings', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const findings = evaluateCompliance(input);
        const { ready, required } = transferReadiness(findings);
        expect(required).toBe(findings.filter((finding) => finding.context === 'transfer').length);
        expect(ready).toBeLessThanOrEqual(required);
      }),
      { numRuns: 100 },
    );
  });
});

describe('insurance: a policy whose wording cannot be read', () => {
  it('is an unknown that names the policy, says why and what to upload', () => {
    const findings = evaluateCompliance({
      property: { country: 'ZA', municipality: 'CPT', features: [] },
      documents: [],
      unreadablePolicies: [{ document_id: 'p1', document_name: 'Scan.pdf', reason: 'it has no text layer.' }],
      today: '2026-11-23',
    });
    expect(findings.find((finding) => finding.rule === 'policy_wording.insurance')).toMatchObject({
      type: 'unknown',
      severity: 'medium',
      context: 'insurance',
      description: '"Scan.pdf": it has no text layer.',
      evidence: [{ id: 'p1', name: 'Scan.pdf' }],
    });
  });
});

describe('ongoing: certificates that do not say what they are', () => {
  const untyped = (id: string, expiresAt: string | null) => ({
    id,
    name: `${id}.pdf`,
    kind: 'certificate' as const,
    certificate_type: null,
    issued_on: null,
    expires_at: expiresAt,
  });
  const run = (documents: ReturnType<typeof untyped>[]) =>
    evaluateCompliance({
      property: { country: 'ZA', municipality: 'JHB', features: [] },
      documents,
      today: '2026-11-23',
    }).find((finding) => finding.rule === 'untyped_certificates.ongoing');

  it('are judged by the expiry date on them: expired high, expiring medium, the rest and undated say nothing', () => {
    expect(run([untyped('a', '2026-11-23'), untyped('b', '2026-12-01'), untyped('c', null)])).toMatchObject({
      type: 'gap',
      severity: 'high',
      title: 'Expired certificates',
      description: expect.stringContaining('"a.pdf" (expired on Nov 23, 2026)'),
      evidence: [{ id: 'a', name: 'a.pdf' }],
    });
    expect(run([untyped('b', '2026-12-01'), untyped('d', '2027-06-01')])).toMatchObject({
      severity: 'medium',
      title: 'Certificates expiring soon',
      description: expect.stringContaining('"b.pdf" (expiring on Dec 01, 2026). Once expired'),
      evidence: [{ id: 'b', name: 'b.pdf' }],
    });
    expect(run([untyped('d', '2027-06-01'), untyped('c', null)])).toBeUndefined();
  });
});

describe("each finding's level on the one scale and its due date (issue 32)", () => {
  const levels = (findings: readonly ComplianceFinding[]) =>
    Object.fromEntries(findings.map((finding) => [finding.id, [finding.level, finding.due_date]]));

  it('an empty vault: no policy and no CoC for a sale are critical, undated', () => {
    expect(levels(check([], { features: ['electric_fence', 'gas'] }))).toMatchObject({
      'insurance_policy.insurance:insurance': ['critical', null],
      'electrical_coc.transfer:transfer': ['critical', null],
      'electrical_coc.ongoing:ongoing': ['medium', null],
      'gas_coc.transfer:transfer': ['high', null],
      'electric_fence_coc.ongoing:ongoing': ['medium', null],
      'electric_fence_coc.transfer:transfer': ['medium', null],
      'roof_inspection.insurance:insurance': ['low', null],
    });
  });

  it('dates what expires or expired, and what is too old for a sale by its last good day', () => {
    const findings = check(
      [
        policy('2026-11-01'),
        cert('electrical_coc', '2023-01-10'),
        cert('sseg_registration', '2020-01-01', { expires_at: '2026-12-10' }),
      ],
      { features: ['solar_pv'] },
    );
    expect(levels(findings)).toMatchObject({
      'insurance_policy.insurance:insurance': ['critical', '2026-11-01'],
      'electrical_coc.ongoing:ongoing': ['low', null],
      'electrical_coc.transfer:transfer': ['critical', '2025-01-10'],
      'sseg_registration.ongoing:ongoing': ['medium', '2026-12-10'],
    });
    expect(levels(check([policy('2026-12-01')]))['insurance_policy.insurance:insurance']).toEqual([
      'medium',
      '2026-12-01',
    ]);
    expect(levels(check([policy('2027-12-01')]))['insurance_policy.insurance:insurance']).toEqual([
      'low',
      null,
    ]);
  });

  it("a policy condition's gap is due when its certificate expired; the untyped ones by the earliest", () => {
    const stale = cert('roof_inspection', '2025-01-01');
    expect(
      byRule(
        check([stale], { policyConditions: [condition('roof_maintained')] }),
        'policy_condition.roof_maintained',
      ),
    ).toMatchObject({ level: 'medium', due_date: '2026-01-01' });
    const untyped = (id: string, expires_at: string) => ({
      ...cert('alarm_service', null),
      id,
      certificate_type: null,
      expires_at,
    });
    expect(
      byRule(check([untyped('x', '2026-11-20'), untyped('y', '2026-10-01')]), 'untyped_certificates.ongoing'),
    ).toMatchObject({ level: 'high', due_date: '2026-10-01' });
  });

  it("a condition answered by a task is due on the task's day: overdue, or added and not yet done", () => {
    const trees = {
      ...condition('burglar_bars'),
      condition: OTHER_POLICY_CONDITION,
      excerpt: 'Trees overhanging the roof must be trimmed.',
    } satisfies PolicyConditionInput;
    const key = policyTaskKey(trees.document_id, trees.excerpt);
    const finding = (task: PolicyTaskState) =>
      byRule(
        check([currentPolicy()], { policyConditions: [trees], policyTasks: [task] }),
        OTHER_CONDITION_RULE,
      );
    expect(finding({ key, title: 'Trim', next_due: '2026-11-01', last_done_on: '2025-11-01' })).toMatchObject(
      { type: 'gap', level: 'high', due_date: '2026-11-01' },
    );
    expect(finding({ key, title: 'Trim', next_due: '2026-12-20', last_done_on: null })).toMatchObject({
      type: 'unknown',
      level: 'medium',
      due_date: '2026-12-20',
    });
  });
});
