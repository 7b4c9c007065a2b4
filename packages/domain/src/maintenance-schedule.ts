import type { PropertyFeature } from './certificates.js';
import type { TaskPriority } from './compliance.js';
import { formatDateOnly, parseDateOnly } from './due-band.js';
import { resolvePropertyMunicipality } from './municipalities.js';
import { addMonths, type MaintenanceFrequency } from './recurrence.js';

/**
 * The standard South African maintenance schedule that Bootstrap Standards creates for a property (issue
 * 14): the upkeep a homeowner's insurer expects and the checks the law asks for, each with why it matters
 * and where that is written. Facts and their sources: docs/sa-compliance.md, plus the pool, borehole and
 * smoke-detector sources named on those tasks.
 *
 * Decisions:
 * - Every property gets the geyser service and SANS 10254 check, the roof inspection, gutters and
 *   downpipes, smoke detectors and the electrical safety check, whatever its features say. The issue asks
 *   for them "for every house", and almost every South African house has a geyser. The `geyser` feature
 *   still matters to the compliance rules (a missing geyser certificate is a gap only there); the
 *   schedule does not depend on it.
 * - The other tasks come only with their feature: alarm, electric fence, pool, borehole, solar PV, thatch
 *   roof, lightning conductor and gas.
 * - The frequencies are the four of spec §3. Thatch fire retardant is re-applied at least every 3 years,
 *   which no frequency expresses, so the task is a yearly inspection of the thatch and of the date on the
 *   retardant certificate. It says to re-apply when that certificate is 3 years old (the compliance rules
 *   track the 36-month validity of the `thatch_retardant` certificate).
 * - First due date ('next_due' of a new task). Nobody knows when the work was last done, so the schedule
 *   cannot wait a full interval:
 *   - 'today' for the quick tests owners do themselves (smoke detectors; the alarm and its battery);
 *   - 'in_a_month', one month from today (addMonths: Jan 31 gives the last day of February), for work that
 *     needs a contractor to be booked;
 *   - seasonal tasks ('before_rains'): the next end of the month before the rainy season, on or after
 *     today (see rainySeasonDeadline). Where the rainfall region is unknown, a seasonal task is due like
 *     any contractor job, in a month, and recurs annually from then.
 * - Keys are stable: the API stores them so that bootstrapping a property twice adds nothing. Never rename
 *   a key; retire it and add a new one.
 */

/** When in the year a seasonal task is due. */
export const TASK_SEASONS = ['before_rains'] as const;
export type TaskSeason = (typeof TASK_SEASONS)[number];

/** How a new task's first due date is set when it has no season (or its region is unknown). */
export const FIRST_DUE_RULES = ['today', 'in_a_month'] as const;
export type FirstDueRule = (typeof FIRST_DUE_RULES)[number];

/** Every property, or only one with the feature. */
export type StandardTaskScope = 'always' | PropertyFeature;

export interface StandardTask {
  /** Stable: stored with a bootstrapped task. */
  key: string;
  title: string;
  /** What to do, in plain words. */
  description: string;
  /** Why: the insurer condition or the law, in plain words. */
  reason: string;
  /** Where the reason is written. */
  source: string;
  frequency: MaintenanceFrequency;
  priority: TaskPriority;
  appliesTo: StandardTaskScope;
  season?: TaskSeason;
  firstDue: FirstDueRule;
}

/**
 * A task the schedule holds at most once per property, by its key (a standard's, or a policy
 * condition's): what the API stores as a maintenance task.
 */
export interface KeyedTaskDraft {
  key: string;
  title: string;
  description: string;
  frequency: MaintenanceFrequency;
  priority: TaskPriority;
  /** YYYY-MM-DD */
  next_due: string;
}

/** A standard task made for one property on one day, with why it matters and where that comes from. */
export interface StandardTaskDraft extends KeyedTaskDraft {
  reason: string;
  source: string;
}

const MAINTENANCE_DUTY =
  'Wear and tear, gradual deterioration and lack of maintenance were the top reason home insurance claims were rejected in 2024 (National Financial Ombud, smartaboutmoney.co.za)';

/** The schedule, in the order a property's drafts come: every-property tasks first, then by feature. */
export const STANDARD_TASKS: readonly StandardTask[] = [
  {
    key: 'geyser_service',
    title: 'Geyser service and SANS 10254 check',
    description:
      'Have a registered plumber service the geyser: check the drip tray, the vacuum breakers, the pressure and temperature valve and that the overflow pipe runs outside; drain the sediment and check the element, thermostat and sacrificial anode. Keep the report or certificate in the vault.',
    reason:
      'Geysers installed since 8 June 2001 must meet SANS 10254, and insurers may reject a burst-geyser claim without a compliance certificate.',
    source: "SANS 10254 (installations since 8 June 2001); insurers' geyser condition (vcib.co.za)",
    frequency: 'annually',
    priority: 'high',
    appliesTo: 'always',
    firstDue: 'in_a_month',
  },
  {
    key: 'roof_inspection',
    title: 'Roof inspection before the rains',
    description:
      'Have a roofer inspect the roof before the rainy season: cracked or loose tiles and sheets, rusted fixings, flashings, waterproofing and the ceiling below for damp. Fix what is found and keep the report in the vault.',
    reason:
      'Most rejected building claims are about the roof; insurers expect it inspected every 12 months, and storm damage to a neglected roof is wear and tear, not cover.',
    source: "Insurers' maintenance condition: roof inspected every 12 months (wendyknowler.co.za)",
    frequency: 'annually',
    priority: 'high',
    appliesTo: 'always',
    season: 'before_rains',
    firstDue: 'in_a_month',
  },
  {
    key: 'gutters_downpipes',
    title: 'Clear gutters and downpipes',
    description:
      'Before the rains, clear leaves and debris from the gutters, downpipes and drains, check the joints and brackets, and make sure the water runs away from the walls.',
    reason:
      'Blocked gutters push water into the roof and walls; water damage from lack of maintenance is not covered.',
    source: MAINTENANCE_DUTY,
    frequency: 'annually',
    priority: 'medium',
    appliesTo: 'always',
    season: 'before_rains',
    firstDue: 'in_a_month',
  },
  {
    key: 'smoke_detectors',
    title: 'Test smoke detectors',
    description:
      'Press the test button on every smoke detector and replace any that stay silent; fit a new battery once a year, and replace a detector that is more than 10 years old.',
    reason:
      "A working detector is the first defence against a house fire. No law requires one in a house, but the policy's duty of care does, and so do detector makers.",
    source: `Detector makers' instructions; ${MAINTENANCE_DUTY}`,
    frequency: 'quarterly',
    priority: 'medium',
    appliesTo: 'always',
    firstDue: 'today',
  },
  {
    key: 'electrical_safety',
    title: 'Electrical safety check',
    description:
      'Test the earth-leakage unit with its test button; look for scorched plugs, loose or exposed wiring and overloaded adaptors, and have a registered electrician check anything doubtful. Any addition or alteration needs a new Certificate of Compliance.',
    reason:
      'Every owner must hold a valid electrical Certificate of Compliance, and an addition or alteration needs a new one; faulty wiring is a common cause of house fires.',
    source: 'Electrical Installation Regulations 2009, reg 7(1) and 7(4)',
    frequency: 'annually',
    priority: 'high',
    appliesTo: 'always',
    firstDue: 'in_a_month',
  },
  {
    key: 'alarm_battery',
    title: 'Test the alarm and its backup battery',
    description:
      'Test every zone and panic button with your alarm company and have the backup battery load-tested; replace a battery that does not hold. Keep the service slip in the vault.',
    reason:
      'The alarm warranty of a home policy: the alarm must be in working order and armed when the house is empty, or a theft claim can be refused. Test it and the backup battery about every 6 months.',
    source: "Insurers' alarm warranty (moonstone.co.za; mg.co.za)",
    frequency: 'bi-annually',
    priority: 'high',
    appliesTo: 'alarm',
    firstDue: 'today',
  },
  {
    key: 'electric_fence',
    title: 'Electric fence inspection',
    description:
      'Have an electric fence installer check the energiser, the earthing, the insulators and the warning signs, and clear plants off the wires. An altered fence needs a new Electric Fence System Certificate.',
    reason:
      'An electric fence installed or altered since 1 October 2012 needs its own certificate, and so does a sale; a neglected fence is a danger and a false-alarm nuisance.',
    source: 'Electrical Machinery Regulations 2011, reg 12 (fninc.co.za; gtlaw.co.za)',
    frequency: 'annually',
    priority: 'medium',
    appliesTo: 'electric_fence',
    firstDue: 'in_a_month',
  },
  {
    key: 'pool_equipment',
    title: 'Pool pump and filter service',
    description:
      'Service the pool pump and filter: clean the pump basket, backwash or replace the filter sand or cartridge, check for leaks at the pump and pipes, and test the water balance.',
    reason:
      'A leaking pool or pump damages walls and paving; damage from lack of maintenance is not covered.',
    source: MAINTENANCE_DUTY,
    frequency: 'quarterly',
    priority: 'low',
    appliesTo: 'pool',
    firstDue: 'in_a_month',
  },
  {
    key: 'pool_safety',
    title: 'Pool safety check',
    description:
      'Check the pool fence or wall (at least 1.2 m, no gap a 100 mm ball passes through), that the gate closes and latches by itself and locks, and that the safety net or cover is intact and fastened.',
    reason:
      'The owner of a pool must keep children out of it with a fence or wall and a self-closing, self-latching gate; a drowning can make the owner liable.',
    source:
      'National Building Regulations, SANS 10400-D (pool barriers); SANS 10134 (safety nets and covers) (stbb.co.za; m.cch.co.za)',
    frequency: 'bi-annually',
    priority: 'high',
    appliesTo: 'pool',
    firstDue: 'in_a_month',
  },
  {
    key: 'borehole_pump',
    title: 'Borehole pump service',
    description:
      'Have a borehole contractor check the pump, the pressure switch and tank, the wiring and the casing and cap, and measure the yield and the water level.',
    reason:
      'A pump that runs dry or a cracked casing fails without warning and can pollute the borehole; the owner alone keeps a private supply working.',
    source: 'Borehole maintenance practice: a yearly inspection (sacleanwater.com)',
    frequency: 'annually',
    priority: 'medium',
    appliesTo: 'borehole',
    firstDue: 'in_a_month',
  },
  {
    key: 'borehole_water_test',
    title: 'Borehole water quality test',
    description:
      'Send a sample of the borehole water to an accredited laboratory to test it against SANS 241 (E. coli and coliforms, nitrates, pH, dissolved solids), and treat the water if it fails.',
    reason:
      "A private borehole is nobody else's to test: water drunk from it should meet the drinking-water standard, tested at least once a year.",
    source: 'SANS 241 (drinking water); yearly testing of private supplies (vinlab.com)',
    frequency: 'annually',
    priority: 'medium',
    appliesTo: 'borehole',
    firstDue: 'in_a_month',
  },
  {
    key: 'solar_pv',
    title: 'Solar PV panels and inverter check',
    description:
      "Clean the panels, check the mountings and roof penetrations for leaks, read the inverter's fault log and check the battery and isolators. Keep the SSEG registration with your distributor in the vault.",
    reason:
      'A grid-tied system must be registered with the electricity distributor (Eskom or the municipality) before it is connected, and a badly fixed array lets water into the roof.',
    source:
      'Distributor registration of small-scale embedded generation; NERSA above 100 kW (businesstech.co.za; abgross.co.za)',
    frequency: 'bi-annually',
    priority: 'medium',
    appliesTo: 'solar_pv',
    firstDue: 'in_a_month',
  },
  {
    key: 'thatch_retardant',
    title: 'Thatch and fire-retardant inspection',
    description:
      'Inspect the thatch and the chimney (at least 1 m above the thatch), and check the date on the fire-retardant certificate: once it is 3 years old, have a thatching contractor re-apply the retardant and upload the new certificate.',
    reason:
      "Thatch insurers ask for fire retardant re-applied at least every 3 years with written proof; without it a fire claim can be rejected. The spec's longest interval is a year, so this is a yearly check of the certificate.",
    source: 'Thatch policy wording (e.g. Hollard); voorpos.co.za',
    frequency: 'annually',
    priority: 'high',
    appliesTo: 'thatch_roof',
    firstDue: 'in_a_month',
  },
  {
    key: 'lightning_conductor',
    title: 'Lightning conductor certification',
    description:
      'Have a lightning protection installer test and certify the lightning conductor (earth resistance, connections, the mast), and upload the certificate.',
    reason:
      'Insurers of thatch and other high-risk roofs ask for the lightning conductor to be certified every year.',
    source: 'Thatch policy wording (e.g. Hollard): lightning conductor certified yearly',
    frequency: 'annually',
    priority: 'high',
    appliesTo: 'lightning_conductor',
    firstDue: 'in_a_month',
  },
  {
    key: 'gas_installation',
    title: 'Gas installation check',
    description:
      'Have a registered (SAQCC Gas) installer check the hoses, regulators, valves and cylinder placement for leaks and wear. Any alteration needs a new Certificate of Conformity.',
    reason:
      'Hoses and regulators perish; an installation must have a Certificate of Conformity when installed or altered and at every sale.',
    source: 'Pressure Equipment Regulations 2009, reg 17(3) (schindlers.co.za; dvh.law.za)',
    frequency: 'annually',
    priority: 'high',
    appliesTo: 'gas',
    firstDue: 'in_a_month',
  },
];

export const STANDARD_TASK_KEYS: readonly string[] = STANDARD_TASKS.map((task) => task.key);

/** The standard task with this key, or undefined (a task that is not standard). */
export function standardTaskByKey(key: string): StandardTask | undefined {
  return STANDARD_TASKS.find((task) => task.key === key);
}

/**
 * When the rains come: the Western Cape has winter rainfall (May to August); the rest of South Africa,
 * the KwaZulu-Natal coast included, has summer rainfall (from October).
 */
export const RAINFALL_REGIONS = ['winter', 'summer'] as const;
export type RainfallRegion = (typeof RAINFALL_REGIONS)[number];

/** The day a 'before the rains' task is due each year: the last day before the rainy season. */
export const RAINY_SEASON_DEADLINES = {
  winter: { month: 4, day: 30 },
  summer: { month: 9, day: 30 },
} as const satisfies Record<RainfallRegion, { month: number; day: number }>;

/**
 * The rainfall region of a property from its municipality (an MDB code or a name, as stored): winter in
 * the Western Cape, summer in every other province; null when the value names no single listed
 * municipality (a typed name from before the list).
 */
export function rainfallRegionFor(municipality: string): RainfallRegion | null {
  const resolved = resolvePropertyMunicipality(municipality);
  if (!resolved.ok) return null;
  return resolved.municipality.province === 'WC' ? 'winter' : 'summer';
}

/**
 * The next deadline before the rains on or after `today` ('YYYY-MM-DD'): in a winter-rainfall region
 * 30 April (on 30 April itself that day, from 1 May the next year's), in a summer-rainfall region
 * 30 September. Throws a RangeError for a malformed date.
 */
export function rainySeasonDeadline(region: RainfallRegion, today: string): string {
  const { year } = parseDateOnly(today);
  const { month, day } = RAINY_SEASON_DEADLINES[region];
  const thisYear = formatDateOnly({ year, month, day });
  return thisYear >= today ? thisYear : formatDateOnly({ year: year + 1, month, day });
}

/** A standard task's first due date for a property in `region` (null: unknown) on `today`. */
export function firstDueDate(task: StandardTask, region: RainfallRegion | null, today: string): string {
  if (task.season === 'before_rains' && region !== null) return rainySeasonDeadline(region, today);
  parseDateOnly(today);
  return task.firstDue === 'today' ? today : addMonths(today, 1);
}

/**
 * The standard tasks for a property (its municipality and features) bootstrapped on `today`
 * ('YYYY-MM-DD'): every 'always' task and those whose feature it has, in the order of STANDARD_TASKS,
 * each with its first due date (see firstDueDate). Throws a RangeError for a malformed date.
 */
export function standardTasksFor(
  property: { municipality: string; features: readonly PropertyFeature[] },
  today: string,
): StandardTaskDraft[] {
  parseDateOnly(today);
  const region = rainfallRegionFor(property.municipality);
  return STANDARD_TASKS.filter(
    (task) => task.appliesTo === 'always' || property.features.includes(task.appliesTo),
  ).map((task) => ({
    key: task.key,
    title: task.title,
    description: task.description,
    frequency: task.frequency,
    priority: task.priority,
    next_due: firstDueDate(task, region, today),
    reason: task.reason,
    source: task.source,
  }));
}
