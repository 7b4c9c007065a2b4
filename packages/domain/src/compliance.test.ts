import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_COLORS,
  COMPLIANCE_STATUSES,
  complianceColor,
  complianceCounts,
  complianceFromExpiry,
  complianceReason,
  complianceStatus,
  complianceStatusSchema,
  EXPIRY_WARNING_DAYS,
  expiryWarningWindow,
  FINDING_SEVERITIES,
  FINDING_TYPES,
  findingSeveritySchema,
  findingTypeSchema,
  POLICY_CHECK_STATUSES,
  type PolicyFindingLike,
  policyCheckStatus,
  policyCheckStatusSchema,
  REMINDER_PRIORITIES,
  REMINDER_TYPES,
  reminderPrioritySchema,
  reminderTypeSchema,
  TASK_PRIORITIES,
  taskPrioritySchema,
} from './compliance.js';

const finding = (type: PolicyFindingLike['type'], severity: PolicyFindingLike['severity']) => ({
  type,
  severity,
});
const findings = fc.array(
  fc.record({ type: fc.constantFrom(...FINDING_TYPES), severity: fc.constantFrom(...FINDING_SEVERITIES) }),
  { maxLength: 12 },
);
const gaps = fc.record({
  type: fc.constant('gap' as const),
  severity: fc.constantFrom(...FINDING_SEVERITIES),
});

describe('enumerations of spec §3', () => {
  it.each([
    [COMPLIANCE_STATUSES, complianceStatusSchema, ['good', 'warning', 'critical']],
    [POLICY_CHECK_STATUSES, policyCheckStatusSchema, ['compliant', 'gaps_detected', 'unknown']],
    [FINDING_TYPES, findingTypeSchema, ['compliant', 'gap', 'unknown']],
    [FINDING_SEVERITIES, findingSeveritySchema, ['low', 'medium', 'high']],
    [REMINDER_PRIORITIES, reminderPrioritySchema, ['critical', 'high', 'medium', 'low']],
    [REMINDER_TYPES, reminderTypeSchema, ['certificate', 'payment', 'maintenance']],
    [TASK_PRIORITIES, taskPrioritySchema, ['low', 'medium', 'high', 'critical']],
  ] as const)('%j', (values, schema, expected) => {
    expect(values).toEqual(expected);
    for (const value of values) expect(schema.parse(value)).toBe(value);
    expect(schema.safeParse('other').success).toBe(false);
  });
});

describe('policyCheckStatus', () => {
  it.each([
    [[], 'unknown'],
    [[finding('compliant', 'low')], 'compliant'],
    [[finding('compliant', 'high'), finding('compliant', 'low')], 'compliant'],
    [[finding('compliant', 'low'), finding('unknown', 'low')], 'unknown'],
    [[finding('unknown', 'medium')], 'unknown'],
    [[finding('compliant', 'low'), finding('gap', 'low')], 'gaps_detected'],
    [[finding('unknown', 'low'), finding('gap', 'high')], 'gaps_detected'],
  ] as const)('%j is %s', (list, status) => {
    expect(policyCheckStatus(list)).toBe(status);
  });

  it('is gaps_detected once a gap is added, whatever else is there', () => {
    fc.assert(
      fc.property(findings, gaps, (list, gap) => {
        expect(policyCheckStatus([...list, gap])).toBe('gaps_detected');
      }),
    );
  });
});

describe('complianceStatus', () => {
  it.each([
    [[], 'good'],
    [[finding('compliant', 'high'), finding('unknown', 'high')], 'good'],
    [[finding('gap', 'low')], 'warning'],
    [[finding('gap', 'medium'), finding('gap', 'low')], 'warning'],
    [[finding('gap', 'low'), finding('gap', 'high')], 'critical'],
    [[finding('gap', 'high')], 'critical'],
    [[finding('compliant', 'low'), finding('unknown', 'high'), finding('gap', 'medium')], 'warning'],
  ] as const)('%j is %s', (list, status) => {
    expect(complianceStatus(list)).toBe(status);
  });

  it('never improves when a gap is added', () => {
    fc.assert(
      fc.property(findings, gaps, fc.nat(), (list, gap, at) => {
        const position = at % (list.length + 1);
        const withGap = [...list.slice(0, position), gap, ...list.slice(position)];
        expect(COMPLIANCE_STATUSES.indexOf(complianceStatus(withGap))).toBeGreaterThanOrEqual(
          COMPLIANCE_STATUSES.indexOf(complianceStatus(list)),
        );
        expect(complianceStatus(withGap)).not.toBe('good');
      }),
    );
  });

  it('does not depend on the order of the findings', () => {
    fc.assert(
      fc.property(
        findings.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        ([list, shuffled]) => {
          expect(complianceStatus(shuffled)).toBe(complianceStatus(list));
          expect(policyCheckStatus(shuffled)).toBe(policyCheckStatus(list));
        },
      ),
    );
  });

  it('is the worst gap severity: high is critical, low or medium a warning', () => {
    fc.assert(
      fc.property(findings, (list) => {
        const severities = list.filter((item) => item.type === 'gap').map((item) => item.severity);
        const expected = severities.includes('high')
          ? 'critical'
          : severities.length > 0
            ? 'warning'
            : 'good';
        expect(complianceStatus(list)).toBe(expected);
      }),
    );
  });
});

describe('complianceColor', () => {
  it.each([
    ['good', 'green'],
    ['warning', 'yellow'],
    ['critical', 'red'],
  ] as const)('%s is %s', (status, color) => {
    expect(complianceColor(status)).toBe(color);
    expect(COMPLIANCE_COLORS[status]).toBe(color);
  });
});

describe('complianceFromExpiry', () => {
  const now = new Date('2026-03-10T10:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const DAY = 86_400_000;

  it('is good without an expiry, critical once expired, warning within 30 days, good after', () => {
    expect(EXPIRY_WARNING_DAYS).toBe(30);
    expect(complianceFromExpiry(null, now)).toBe('good');
    expect(complianceFromExpiry(at(-DAY), now)).toBe('critical');
    expect(complianceFromExpiry(now, now)).toBe('critical');
    expect(complianceFromExpiry(at(1), now)).toBe('warning');
    expect(complianceFromExpiry(at(30 * DAY), now)).toBe('warning');
    expect(complianceFromExpiry(at(30 * DAY + 1), now)).toBe('good');
  });

  it('decides by the window that the database counts with', () => {
    const window = expiryWarningWindow(now);
    expect(window.after).toEqual(now);
    expect(window.until).toEqual(at(30 * DAY));
    fc.assert(
      fc.property(fc.integer({ min: -60 * DAY, max: 60 * DAY }), (offset) => {
        const expiry = at(offset);
        const inWindow = expiry > window.after && expiry <= window.until;
        const status = complianceFromExpiry(expiry, now);
        expect(status === 'warning').toBe(inWindow);
        expect(status === 'critical').toBe(expiry <= window.after);
      }),
    );
  });
});

describe('complianceCounts', () => {
  const now = new Date('2026-03-10T10:00:00Z');
  it('counts properties without an expiry as good and decides the others one by one', () => {
    const expiries = [
      new Date('2026-03-01T00:00:00Z'),
      new Date('2026-03-20T00:00:00Z'),
      new Date('2027-01-01'),
    ];
    expect(complianceCounts(5, expiries, now)).toEqual({ good: 3, warning: 1, critical: 1 });
    expect(complianceCounts(0, [], now)).toEqual({ good: 0, warning: 0, critical: 0 });
  });

  it('refuses more expiries than properties', () => {
    expect(() => complianceCounts(1, [now, now], now)).toThrow(RangeError);
  });
});

describe('complianceReason', () => {
  const gap = (title: string, severity: 'low' | 'medium' | 'high') => ({
    type: 'gap' as const,
    severity,
    title,
  });
  it('names the worst gap first in the check’s order, and how many more there are', () => {
    expect(complianceReason([])).toBeNull();
    expect(complianceReason([{ type: 'compliant', severity: 'high', title: 'Fine' }])).toBeNull();
    expect(complianceReason([gap('Roof report is due', 'medium')])).toBe('Roof report is due');
    expect(
      complianceReason([
        gap('Roof report is due', 'medium'),
        gap('Insurance policy has expired', 'high'),
        gap('No electrical CoC', 'high'),
        { type: 'unknown', severity: 'high', title: 'Unknown' },
      ]),
    ).toBe('Insurance policy has expired (and 2 more)');
  });

  it('speaks exactly when the status is not good', () => {
    fc.assert(
      fc.property(findings, (some) => {
        const titled = some.map((one) => ({ ...one, title: 'x' }));
        expect(complianceReason(titled) === null).toBe(complianceStatus(titled) === 'good');
      }),
    );
  });
});
