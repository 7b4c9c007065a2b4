import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_FEATURES, type PropertyFeature } from './certificates.js';
import { TASK_PRIORITIES } from './compliance.js';
import { dayNumberOf, parseDateOnly } from './due-band.js';
import {
  FIRST_DUE_RULES,
  firstDueDate,
  RAINFALL_REGIONS,
  rainfallRegionFor,
  rainySeasonDeadline,
  STANDARD_TASK_KEYS,
  STANDARD_TASKS,
  type StandardTask,
  standardTaskByKey,
  standardTasksFor,
} from './maintenance-schedule.js';
import { PROPERTY_MUNICIPALITIES } from './municipalities.js';
import { MAINTENANCE_FREQUENCIES } from './recurrence.js';
import { maintenanceTaskSchema } from './schemas/maintenance.js';

const ALWAYS = [
  'geyser_service',
  'roof_inspection',
  'gutters_downpipes',
  'smoke_detectors',
  'electrical_safety',
];

function task(key: string): StandardTask {
  const found = standardTaskByKey(key);
  if (!found) throw new Error(`no standard task ${key}`);
  return found;
}

function dueDates(municipality: string, features: readonly PropertyFeature[], today: string) {
  return Object.fromEntries(
    standardTasksFor({ municipality, features }, today).map((draft) => [draft.key, draft.next_due]),
  );
}

describe('STANDARD_TASKS', () => {
  it('keeps its keys: the API stores them to make bootstrap idempotent', () => {
    expect(STANDARD_TASK_KEYS).toEqual([
      ...ALWAYS,
      'alarm_battery',
      'electric_fence',
      'pool_equipment',
      'pool_safety',
      'borehole_pump',
      'borehole_water_test',
      'solar_pv',
      'thatch_retardant',
      'lightning_conductor',
      'gas_installation',
    ]);
    expect(new Set(STANDARD_TASK_KEYS).size).toBe(STANDARD_TASKS.length);
  });

  it('gives every task a frequency and priority of spec §3, a scope, words and a source', () => {
    for (const standard of STANDARD_TASKS) {
      expect(standard.key).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(MAINTENANCE_FREQUENCIES).toContain(standard.frequency);
      expect(TASK_PRIORITIES).toContain(standard.priority);
      expect(FIRST_DUE_RULES).toContain(standard.firstDue);
      expect(['always', ...PROPERTY_FEATURES]).toContain(standard.appliesTo);
      for (const text of [standard.title, standard.description, standard.reason, standard.source]) {
        expect(text.trim().length, standard.key).toBeGreaterThan(10);
        expect(text, standard.key).not.toMatch(/’/);
      }
    }
  });

  it('has the every-house tasks of the issue for every property, whatever its features', () => {
    expect(STANDARD_TASKS.filter((standard) => standard.appliesTo === 'always').map((s) => s.key)).toEqual(
      ALWAYS,
    );
    expect(task('geyser_service').title).toContain('SANS 10254');
    expect(task('geyser_service').source).toContain('SANS 10254');
  });

  it('has a task for every feature but the geyser (which every property gets)', () => {
    const scoped = new Set(STANDARD_TASKS.map((standard) => standard.appliesTo));
    expect(PROPERTY_FEATURES.filter((feature) => !scoped.has(feature))).toEqual(['geyser']);
  });

  it('tests the alarm and its backup battery every 6 months, the insurer condition', () => {
    expect(task('alarm_battery')).toMatchObject({
      appliesTo: 'alarm',
      frequency: 'bi-annually',
      priority: 'high',
      firstDue: 'today',
    });
    expect(task('alarm_battery').source).toMatch(/alarm warranty/);
  });

  it('checks thatch retardant and the lightning conductor yearly (no 3-year frequency exists)', () => {
    expect(task('thatch_retardant')).toMatchObject({ appliesTo: 'thatch_roof', frequency: 'annually' });
    expect(task('thatch_retardant').description).toMatch(/3 years old/);
    expect(task('lightning_conductor')).toMatchObject({
      appliesTo: 'lightning_conductor',
      frequency: 'annually',
    });
  });

  it('times the roof and the gutters by the rains, and nothing else', () => {
    expect(STANDARD_TASKS.filter((standard) => standard.season).map((standard) => standard.key)).toEqual([
      'roof_inspection',
      'gutters_downpipes',
    ]);
  });

  it('finds a task by key, and nothing for another key', () => {
    expect(standardTaskByKey('roof_inspection')?.title).toBe('Roof inspection before the rains');
    expect(standardTaskByKey('custom')).toBeUndefined();
  });
});

describe('rainfallRegionFor', () => {
  it.each([
    ['CPT', 'winter'],
    ['cpt', 'winter'],
    ['WC011', 'winter'],
    ['Cape Town', 'winter'],
    ['Drakenstein', 'winter'],
    ['JHB', 'summer'],
    ['ETH', 'summer'],
    ['KZN225', 'summer'],
    ['NMA', 'summer'],
    ['MAN', 'summer'],
    ['NW403', 'summer'],
  ] as const)('%s has %s rainfall', (municipality, region) => {
    expect(rainfallRegionFor(municipality)).toBe(region);
  });

  it.each(['', 'Atlantis Town', 'DC1', 'Emalahleni'])('%j names no single municipality: unknown', (value) => {
    expect(rainfallRegionFor(value)).toBeNull();
  });

  it('is winter exactly in the Western Cape', () => {
    for (const municipality of PROPERTY_MUNICIPALITIES) {
      expect(rainfallRegionFor(municipality.code)).toBe(municipality.province === 'WC' ? 'winter' : 'summer');
    }
  });
});

describe('rainySeasonDeadline', () => {
  it.each([
    ['winter', '2026-01-01', '2026-04-30'],
    ['winter', '2026-04-29', '2026-04-30'],
    ['winter', '2026-04-30', '2026-04-30'],
    ['winter', '2026-05-01', '2027-04-30'],
    ['winter', '2026-12-31', '2027-04-30'],
    ['summer', '2026-04-30', '2026-09-30'],
    ['summer', '2026-09-30', '2026-09-30'],
    ['summer', '2026-10-01', '2027-09-30'],
    ['summer', '2024-02-29', '2024-09-30'],
    ['winter', '2024-02-29', '2024-04-30'],
  ] as const)('%s rainfall on %s: due %s', (region, today, due) => {
    expect(rainySeasonDeadline(region, today)).toBe(due);
  });

  it('refuses a malformed date, and a deadline past 9999', () => {
    expect(() => rainySeasonDeadline('winter', '2026-02-30')).toThrow(RangeError);
    expect(() => rainySeasonDeadline('winter', '9999-05-01')).toThrow(RangeError);
  });

  it('is the first 30 April or 30 September on or after today, within a year', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RAINFALL_REGIONS),
        fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (region, instant) => {
          const today = instant.toISOString().slice(0, 10);
          const due = rainySeasonDeadline(region, today);
          expect(due.slice(5)).toBe(region === 'winter' ? '04-30' : '09-30');
          expect(due >= today).toBe(true);
          const gap = dayNumberOf(parseDateOnly(due)) - dayNumberOf(parseDateOnly(today));
          expect(gap).toBeLessThan(366);
        },
      ),
    );
  });
});

describe('firstDueDate', () => {
  it('is today for the quick tests owners do themselves', () => {
    expect(firstDueDate(task('smoke_detectors'), 'winter', '2026-03-10')).toBe('2026-03-10');
    expect(firstDueDate(task('alarm_battery'), null, '2026-03-10')).toBe('2026-03-10');
  });

  it('is a month from today for contractor work, month-end safe', () => {
    expect(firstDueDate(task('geyser_service'), 'summer', '2026-03-10')).toBe('2026-04-10');
    expect(firstDueDate(task('geyser_service'), 'summer', '2026-01-31')).toBe('2026-02-28');
    expect(firstDueDate(task('geyser_service'), 'summer', '2024-01-31')).toBe('2024-02-29');
    expect(firstDueDate(task('geyser_service'), 'summer', '2024-02-29')).toBe('2024-03-29');
    expect(firstDueDate(task('geyser_service'), 'summer', '2026-12-15')).toBe('2027-01-15');
  });

  it('is the deadline before the rains for a seasonal task, or a month from today in an unknown region', () => {
    expect(firstDueDate(task('roof_inspection'), 'winter', '2026-03-10')).toBe('2026-04-30');
    expect(firstDueDate(task('roof_inspection'), 'summer', '2026-03-10')).toBe('2026-09-30');
    expect(firstDueDate(task('roof_inspection'), null, '2026-03-10')).toBe('2026-04-10');
  });

  it('refuses a malformed date', () => {
    expect(() => firstDueDate(task('smoke_detectors'), null, '2026-3-10')).toThrow(RangeError);
    expect(() => firstDueDate(task('geyser_service'), null, '')).toThrow(RangeError);
  });
});

describe('standardTasksFor', () => {
  it('gives a Cape Town house without features the every-house tasks, due before the winter rains', () => {
    const drafts = standardTasksFor({ municipality: 'CPT', features: [] }, '2026-03-10');
    expect(drafts.map((draft) => [draft.key, draft.frequency, draft.priority, draft.next_due])).toEqual([
      ['geyser_service', 'annually', 'high', '2026-04-10'],
      ['roof_inspection', 'annually', 'high', '2026-04-30'],
      ['gutters_downpipes', 'annually', 'medium', '2026-04-30'],
      ['smoke_detectors', 'quarterly', 'medium', '2026-03-10'],
      ['electrical_safety', 'annually', 'high', '2026-04-10'],
    ]);
    expect(drafts[0]).toEqual({
      key: 'geyser_service',
      title: 'Geyser service and SANS 10254 check',
      description: task('geyser_service').description,
      frequency: 'annually',
      priority: 'high',
      next_due: '2026-04-10',
      reason: task('geyser_service').reason,
      source: task('geyser_service').source,
    });
  });

  it('times the roof by the summer rains inland and on the KwaZulu-Natal coast', () => {
    expect(dueDates('JHB', [], '2026-03-10').roof_inspection).toBe('2026-09-30');
    expect(dueDates('ETH', [], '2026-03-10').gutters_downpipes).toBe('2026-09-30');
    expect(dueDates('ETH', [], '2026-10-01').roof_inspection).toBe('2027-09-30');
  });

  it('turns over on the season boundary: 30 April is due that day, 1 May next year', () => {
    expect(dueDates('CPT', [], '2026-04-30').roof_inspection).toBe('2026-04-30');
    expect(dueDates('CPT', [], '2026-05-01').roof_inspection).toBe('2027-04-30');
  });

  it('dates a seasonal task like any contractor job where the municipality is unknown', () => {
    expect(dueDates('Somewhere typed by hand', [], '2026-03-10')).toMatchObject({
      roof_inspection: '2026-04-10',
      gutters_downpipes: '2026-04-10',
    });
  });

  it('adds a feature task only where the property has the feature', () => {
    const keys = (features: PropertyFeature[]) =>
      standardTasksFor({ municipality: 'CPT', features }, '2026-03-10').map((draft) => draft.key);
    expect(keys(['geyser'])).toEqual(ALWAYS);
    expect(keys(['alarm'])).toEqual([...ALWAYS, 'alarm_battery']);
    expect(keys(['pool', 'alarm', 'pool'])).toEqual([
      ...ALWAYS,
      'alarm_battery',
      'pool_equipment',
      'pool_safety',
    ]);
    expect(keys([...PROPERTY_FEATURES].reverse())).toEqual(STANDARD_TASK_KEYS);
  });

  it('dates the alarm test today and the borehole water test in a month', () => {
    expect(dueDates('CPT', ['alarm', 'borehole'], '2024-01-31')).toMatchObject({
      alarm_battery: '2024-01-31',
      borehole_water_test: '2024-02-29',
    });
  });

  it('makes drafts the maintenance task form accepts', () => {
    for (const draft of standardTasksFor(
      { municipality: 'CPT', features: PROPERTY_FEATURES },
      '2026-03-10',
    )) {
      const parsed = maintenanceTaskSchema.parse({ ...draft, assigned_to: null });
      expect(parsed).toMatchObject({ title: draft.title, description: draft.description });
    }
  });

  it('refuses a malformed date', () => {
    expect(() => standardTasksFor({ municipality: 'CPT', features: [] }, '2026-02-30')).toThrow(RangeError);
  });

  it('is deterministic, in the schedule order, with unique keys and dates within a year', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROPERTY_MUNICIPALITIES.map((municipality) => municipality.code), 'Unknown'),
        fc.subarray([...PROPERTY_FEATURES]),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (municipality, features, instant) => {
          const today = instant.toISOString().slice(0, 10);
          const drafts = standardTasksFor({ municipality, features }, today);
          expect(standardTasksFor({ municipality, features: [...features].reverse() }, today)).toEqual(
            drafts,
          );
          const keys = drafts.map((draft) => draft.key);
          expect(new Set(keys).size).toBe(keys.length);
          expect(keys).toEqual(STANDARD_TASK_KEYS.filter((key) => keys.includes(key)));
          expect(keys.slice(0, ALWAYS.length)).toEqual(ALWAYS);
          for (const draft of drafts) {
            const scope = task(draft.key).appliesTo;
            expect(scope === 'always' || features.includes(scope)).toBe(true);
            expect(draft.next_due >= today).toBe(true);
            const gap = dayNumberOf(parseDateOnly(draft.next_due)) - dayNumberOf(parseDateOnly(today));
            expect(gap).toBeLessThan(366);
          }
        },
      ),
    );
  });
});
