import type { CertificateType, PropertyFeature } from './certificates.js';
import type { DocumentKind } from './documents.js';

/**
 * Insurance claims of a South African home (issue 16, the property's Escalation tab): the kinds of
 * incident, the evidence an insurer asks for with each, and the guidance 'Learn More' shows. Facts and
 * their sources: docs/sa-compliance.md ("Claims").
 *
 * Decisions:
 * - Evidence is expressed in the vault's own vocabulary: certificate types (a document's
 *   `metadata.certificate_type`, certificates.ts), document kinds, and the keys of the standard
 *   maintenance schedule (maintenance-schedule.ts), whose completions are the service history. A task
 *   the owner added by hand has no key and counts for nothing here.
 * - An item tied to an installation (a gas certificate, a lightning conductor, the alarm) is expected only
 *   when the property has that feature: a house without gas needs no gas certificate for its fire claim.
 * - Nothing here judges validity. An old roof inspection still shows the roof was looked after; the
 *   owner (and the insurer) read the dates. An item is missing only when nothing at all was found.
 * - Surge protection has no certificate of its own: an electrician's safety checks and the electrical CoC
 *   (whose test report lists the surge arresters) are its evidence.
 */

export const INCIDENT_TYPES = [
  'storm_hail',
  'burst_geyser',
  'fire',
  'theft_burglary',
  'lightning_power_surge',
  'water_damage',
  'other',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

export const INCIDENT_TYPE_LABELS = {
  storm_hail: 'Storm / hail',
  burst_geyser: 'Burst geyser',
  fire: 'Fire',
  theft_burglary: 'Theft / burglary',
  lightning_power_surge: 'Lightning / power surge',
  water_damage: 'Water damage',
  other: 'Other',
} as const satisfies Record<IncidentType, string>;

/** One piece of evidence an insurer asks for, and where in the vault it is found. */
export interface EvidenceRequirement {
  /** Stable: the web and the claim pack refer to it. */
  key: string;
  label: string;
  /** Why the insurer asks for it, in plain words. */
  why: string;
  /** Vault documents whose `metadata.certificate_type` is one of these. */
  certificateTypes?: readonly CertificateType[];
  /** Vault documents of these kinds. */
  documentKinds?: readonly DocumentKind[];
  /** Completions of the standard maintenance tasks with these keys (STANDARD_TASKS). */
  maintenanceTasks?: readonly string[];
  /** The documents attached to the claim itself (its photos). */
  claimDocuments?: true;
  /** Expected only when the property has one of these features. */
  onlyWith?: readonly PropertyFeature[];
}

const POLICY: EvidenceRequirement = {
  key: 'policy',
  label: 'Your insurance policy (schedule and wording)',
  why: 'The claim is assessed against its cover, exclusions and conditions; it carries the policy number.',
  documentKinds: ['policy'],
};

const PHOTOS: EvidenceRequirement = {
  key: 'photos',
  label: 'Photos of the damage',
  why: 'Taken before anything is cleared or repaired, they show what happened and how much was damaged.',
  claimDocuments: true,
};

const ELECTRICAL_COC: EvidenceRequirement = {
  key: 'electrical_coc',
  label: 'Electrical Certificate of Compliance',
  why: 'Every owner must hold one (Electrical Installation Regulations 2009, reg 7(1)); it shows the installation was safe, surge arresters included.',
  certificateTypes: ['electrical_coc'],
};

const ROOF_INSPECTION: EvidenceRequirement = {
  key: 'roof_inspection',
  label: 'Roof inspection reports',
  why: 'Storm damage to a roof that was not maintained is wear and tear, which home policies exclude; insurers expect an inspection every 12 months.',
  certificateTypes: ['roof_inspection'],
  maintenanceTasks: ['roof_inspection'],
};

const GUTTERS: EvidenceRequirement = {
  key: 'gutters',
  label: 'Gutter and downpipe maintenance',
  why: 'Blocked gutters push rain into the roof and walls; water damage from lack of maintenance is not covered.',
  maintenanceTasks: ['gutters_downpipes'],
};

/** What an insurer asks for with each kind of incident, in the order the Escalation tab lists it. */
export const INCIDENT_EVIDENCE: Readonly<Record<IncidentType, readonly EvidenceRequirement[]>> = {
  storm_hail: [POLICY, PHOTOS, ROOF_INSPECTION, GUTTERS],
  burst_geyser: [
    POLICY,
    PHOTOS,
    {
      key: 'geyser_certificate',
      label: 'Geyser certificate of compliance (SANS 10254)',
      why: 'Geysers installed since 8 June 2001 must meet SANS 10254 (drip tray, vacuum breakers, overflow piped outside); insurers may reject a claim without a compliance certificate.',
      certificateTypes: ['geyser_coc', 'plumbing_coc'],
    },
    {
      key: 'geyser_service',
      label: 'Geyser service history',
      why: 'Shows the geyser was looked after: a burst from neglect can be refused as wear and tear.',
      maintenanceTasks: ['geyser_service'],
    },
  ],
  fire: [
    POLICY,
    PHOTOS,
    ELECTRICAL_COC,
    {
      key: 'gas_coc',
      label: 'Gas Certificate of Conformity',
      why: 'A gas installation must be certified when installed or altered (Pressure Equipment Regulations 2009, reg 17(3)); the insurer asks whether gas played a part.',
      certificateTypes: ['gas_coc'],
      maintenanceTasks: ['gas_installation'],
      onlyWith: ['gas'],
    },
    {
      key: 'thatch_retardant',
      label: 'Thatch fire-retardant certificate',
      why: 'Thatch insurers ask for fire retardant re-applied at least every 3 years, with written proof.',
      certificateTypes: ['thatch_retardant'],
      maintenanceTasks: ['thatch_retardant'],
      onlyWith: ['thatch_roof'],
    },
  ],
  theft_burglary: [
    POLICY,
    {
      key: 'proof_of_ownership',
      label: 'Proof of ownership: invoices, receipts or photos of what was taken',
      why: 'The insurer pays for what you can show you owned and what it was worth; photos of the forced entry belong here too.',
      claimDocuments: true,
    },
    {
      key: 'alarm_service',
      label: 'Alarm service records',
      why: "The policy's alarm warranty: the alarm must be in working order and armed when the house is empty, or a theft claim can be refused.",
      certificateTypes: ['alarm_service'],
      maintenanceTasks: ['alarm_battery'],
      onlyWith: ['alarm'],
    },
  ],
  lightning_power_surge: [
    POLICY,
    PHOTOS,
    ELECTRICAL_COC,
    {
      key: 'surge_protection',
      label: 'Surge protection and electrical safety checks',
      why: 'Many policies pay for surge damage only with the power surge extension, and some ask for surge protection to be fitted and checked.',
      maintenanceTasks: ['electrical_safety'],
    },
    {
      key: 'lightning_conductor',
      label: 'Lightning conductor certificate',
      why: 'Insurers of thatch and other high-risk roofs ask for the lightning conductor to be certified every year.',
      certificateTypes: ['lightning_conductor'],
      maintenanceTasks: ['lightning_conductor'],
      onlyWith: ['lightning_conductor', 'thatch_roof'],
    },
  ],
  water_damage: [
    POLICY,
    PHOTOS,
    {
      key: 'plumbing_certificate',
      label: 'Water installation (plumbing) certificate',
      why: 'Shows the pipes were installed properly: a sudden burst is covered, a slow leak from a faulty installation often is not.',
      certificateTypes: ['plumbing_coc', 'geyser_coc'],
    },
    {
      key: 'maintenance',
      label: 'Roof, gutter and geyser maintenance',
      why: 'Water damage after a lack of maintenance is gradual deterioration, the most common reason home claims are rejected.',
      certificateTypes: ['roof_inspection'],
      maintenanceTasks: ['roof_inspection', 'gutters_downpipes', 'geyser_service'],
    },
  ],
  other: [POLICY, PHOTOS],
};

/** The requirements of an incident type that apply to a property with these features. */
export function evidenceRequirementsFor(
  incidentType: IncidentType,
  features: readonly PropertyFeature[],
): EvidenceRequirement[] {
  return INCIDENT_EVIDENCE[incidentType].filter(
    (requirement) =>
      !requirement.onlyWith || requirement.onlyWith.some((feature) => features.includes(feature)),
  );
}

/** A document of the property's vault, as the evidence check reads it. */
export interface EvidenceDocument {
  id: string;
  name: string;
  kind: DocumentKind;
  certificate_type: CertificateType | null;
  /** Its issue date when known ('YYYY-MM-DD'); null when nobody gave one (never the upload day). */
  date: string | null;
  /** The date it stops being valid, as the vault shows it; absent or null: none known. */
  expires_on?: string | null;
  /** True from its expiry date on, as the vault says Expired. */
  expired?: boolean;
}

/** A service record of one of the property's maintenance tasks. */
export interface EvidenceCompletion {
  task_id: string;
  title: string;
  /** The standard task's key; null for a task the owner added by hand. */
  standard_key: string | null;
  completed_on: string;
  /** The document recorded as its evidence, if any. */
  document_id: string | null;
}

/**
 * One thing found for a requirement: a vault document (its name and issue or upload date), or a service
 * record (the task's title, when it was done, and its evidence document if one was recorded).
 */
export interface EvidenceFound {
  source: 'document' | 'maintenance';
  name: string;
  /** A document's issue date or when the service was done; null: date unknown. */
  date: string | null;
  /** A document's expiry as the vault shows it; null for none known (and for a service record). */
  expires_on: string | null;
  /** An expired document proves what it proved, but it is not current: say Expired, not plain Found. */
  expired: boolean;
  document_id: string | null;
  task_id: string | null;
}

export interface EvidenceItem {
  key: string;
  label: string;
  why: string;
  /** Newest first. */
  found: EvidenceFound[];
  missing: boolean;
}

export interface ClaimEvidenceInput {
  incidentType: IncidentType;
  features: readonly PropertyFeature[];
  /** Every document of the property's vault. */
  documents: readonly EvidenceDocument[];
  /** The ids of the documents attached to the claim. */
  claimDocumentIds: readonly string[];
  /** Every service record of the property's maintenance tasks. */
  completions: readonly EvidenceCompletion[];
}

/** Newest first; those whose date is unknown last. */
const newestFirst = (a: EvidenceFound, b: EvidenceFound) =>
  (b.date ?? '').localeCompare(a.date ?? '') || a.name.localeCompare(b.name);

function documentFound(document: EvidenceDocument): EvidenceFound {
  return {
    source: 'document',
    name: document.name,
    date: document.date,
    expires_on: document.expires_on ?? null,
    expired: document.expired === true,
    document_id: document.id,
    task_id: null,
  };
}

function matchesDocument(
  requirement: EvidenceRequirement,
  document: EvidenceDocument,
  attached: boolean,
): boolean {
  if (requirement.claimDocuments && attached) return true;
  if (document.certificate_type && requirement.certificateTypes?.includes(document.certificate_type))
    return true;
  return requirement.documentKinds?.includes(document.kind) === true;
}

function matchesCompletion(requirement: EvidenceRequirement, completion: EvidenceCompletion): boolean {
  return (
    completion.standard_key !== null &&
    requirement.maintenanceTasks?.includes(completion.standard_key) === true
  );
}

/**
 * The evidence of a claim (the Escalation tab's checklist, the claim pack's contents): each requirement of
 * its incident type that applies to the property, with what the vault and the service history hold for it,
 * and whether it is missing (nothing found).
 */
export function claimEvidence(input: ClaimEvidenceInput): EvidenceItem[] {
  return evidenceRequirementsFor(input.incidentType, input.features).map((requirement) => {
    const documents = input.documents
      .filter((document) =>
        matchesDocument(requirement, document, input.claimDocumentIds.includes(document.id)),
      )
      .map(documentFound);
    const services = input.completions
      .filter((completion) => matchesCompletion(requirement, completion))
      .map(
        (completion): EvidenceFound => ({
          source: 'maintenance',
          name: completion.title,
          date: completion.completed_on,
          expires_on: null,
          expired: false,
          document_id: completion.document_id,
          task_id: completion.task_id,
        }),
      );
    const found = [...documents, ...services].sort(newestFirst);
    return {
      key: requirement.key,
      label: requirement.label,
      why: requirement.why,
      found,
      missing: found.length === 0,
    };
  });
}

/** 'Learn More' for one kind of incident: written for South African homeowners, general, never legal advice. */
export interface IncidentGuidance {
  /** What to do first, in order. */
  firstSteps: readonly string[];
  /** What the insurer (or its assessor) will ask for. */
  insurerWillAsk: readonly string[];
  /** When to report, and to whom. */
  timeLimits: readonly string[];
}

const REPORT_SOON =
  'Tell your insurer or broker as soon as reasonably possible. Most South African home policies say exactly that, and many also set a limit, often 30 days from the incident: your policy wording says which. A late report can reduce or end the claim.';

export const INCIDENT_GUIDANCE: Readonly<Record<IncidentType, IncidentGuidance>> = {
  storm_hail: {
    firstSteps: [
      'Make sure everyone is safe. Keep away from fallen power lines, and switch the electricity off at the distribution board if water comes through a ceiling near lights or plugs.',
      'Photograph the damage to the roof, ceilings, walls and contents before anything is moved or repaired.',
      'Do only what stops further damage (a tarpaulin over a hole in the roof, contents moved out of the wet) and keep the receipts.',
      "Call your insurer's claims line: many send a roofer or an assessor themselves.",
    ],
    insurerWillAsk: [
      'The date and time of the storm: insurers check it against weather records.',
      "A roofer's report on the cause, and a quote for the repair.",
      'Proof the roof was maintained: inspection reports and gutter cleaning. Damage to a roof already in poor repair is wear and tear, which home policies exclude.',
      'A list of damaged contents with their value.',
    ],
    timeLimits: [REPORT_SOON],
  },
  burst_geyser: {
    firstSteps: [
      "Switch the geyser's circuit breaker off at the distribution board.",
      "Close the cold-water isolating valve on the geyser's supply pipe, or the main stop-tap at the water meter.",
      'Move contents out of the water and photograph the damage to ceilings, walls and floors.',
      "Call your insurer's claims line before anyone replaces the geyser: most insurers appoint the plumber, and some want to see the old geyser.",
    ],
    insurerWillAsk: [
      "The plumber's report on why the geyser failed: a sudden burst is usually covered, a slow leak that was left is often not.",
      "The geyser's compliance certificate: geysers installed since 8 June 2001 must meet SANS 10254 (drip tray, vacuum breakers, overflow piped outside). A new installation needs a certificate of compliance from a registered (PIRB) plumber.",
      "The geyser's service history.",
      'Photos and a list of damaged contents.',
    ],
    timeLimits: [REPORT_SOON],
  },
  fire: {
    firstSteps: [
      "Get everyone out and call the fire brigade: 112 from a cellphone, 10177, or your municipality's emergency number.",
      'Go back in only when the fire brigade says it is safe, and have the electricity and gas checked before they are switched on again.',
      'Ask the fire department for its incident report and number.',
      'Secure the property against theft and weather, and photograph everything before it is cleared.',
    ],
    insurerWillAsk: [
      "The fire brigade's report and the cause of the fire.",
      'The electrical Certificate of Compliance; for a gas installation the gas Certificate of Conformity; for a thatch roof the fire-retardant and lightning conductor certificates.',
      'A list of damaged or destroyed contents with proof of their value (invoices, bank statements, photos).',
    ],
    timeLimits: [REPORT_SOON],
  },
  theft_burglary: {
    firstSteps: [
      'Make sure nobody is still inside, and touch nothing the burglars may have touched until the police have been.',
      'Report it to the SAPS (10111, or at the nearest police station) and get a case (CAS) number: insurers do not handle a theft claim without one.',
      'Block stolen bank cards, and ask your network to blacklist a stolen cellphone by its IMEI number.',
      'Photograph the forced entry (broken locks, windows, burglar bars) before it is repaired.',
    ],
    insurerWillAsk: [
      'The SAPS case number and the police station.',
      'Proof of forced entry: many policies pay for theft only after forcible and violent entry.',
      'Proof of ownership and value of what was taken: invoices, receipts, bank statements, photos, serial numbers, valuation certificates.',
      "That the alarm worked and was armed: its service records and the armed response company's activity log.",
    ],
    timeLimits: [
      'Report the theft to the SAPS at once: policies typically require it within 24 to 48 hours.',
      REPORT_SOON,
    ],
  },
  lightning_power_surge: {
    firstSteps: [
      'Switch off and unplug the affected appliances. If the distribution board tripped or smells burnt, leave it off and call an electrician.',
      'Keep the damaged appliances and parts: the insurer may want a repairer to inspect them.',
      'Check your policy schedule: many home policies cover power-surge damage only when the power surge extension is shown, often with its own limit.',
    ],
    insurerWillAsk: [
      "A repairer's report for each appliance saying that lightning or a power surge caused the damage, with a repair or replacement quote.",
      'The electrical Certificate of Compliance, and proof of surge protection where the policy asks for it.',
      "For a thatch roof or a lightning conductor: the conductor's certificate, which insurers ask to be renewed every year.",
      'The date and time of the storm or the power outage.',
    ],
    timeLimits: [REPORT_SOON],
  },
  water_damage: {
    firstSteps: [
      'Stop the water: close the main stop-tap at the water meter for a burst pipe.',
      'Switch the electricity of the wet rooms off at the distribution board.',
      'Move contents out of the water, photograph the damage, and dry the rooms out (keep the receipts for fans or water extraction).',
      'Have a plumber find the cause, and keep the report.',
    ],
    insurerWillAsk: [
      "The plumber's report on the cause: a sudden burst pipe is usually covered; damage from a slow leak, rising damp or seepage over time is usually excluded as gradual deterioration.",
      'The water installation (plumbing) certificate, and maintenance records: roof inspections and gutter cleaning when rain came in.',
      'Photos and a list of damaged contents.',
    ],
    timeLimits: [REPORT_SOON, 'Damage found late (a hidden leak): report it as soon as you find it.'],
  },
  other: {
    firstSteps: [
      'Make the property safe and stop further damage, keeping the receipts.',
      'Photograph the damage, and keep damaged items until the insurer has seen them.',
      'Call your insurer or broker and ask what they need.',
    ],
    insurerWillAsk: [
      'What happened, when, and what caused it.',
      'Photos, and quotes or invoices for the repairs.',
      'Your policy number.',
    ],
    timeLimits: [REPORT_SOON],
  },
};

/** What holds for every claim: the duty to look after the home, and what to do when a claim is rejected. */
export const CLAIM_GUIDANCE = {
  everyClaim: [
    'Stop further damage, but keep what was damaged (or photograph it) until the insurer or its assessor has seen it.',
    'Keep every invoice and receipt of emergency repairs, and write down the names of everyone you speak to at the insurer, with the date.',
    'Wear and tear, gradual deterioration and lack of maintenance are the most common reasons home insurance claims are rejected: the certificates and service records in your vault are your answer to that.',
  ],
  ifRejected: [
    'Ask the insurer for its reasons in writing. Under the Policyholder Protection Rules (short-term insurance) an insurer that rejects a claim must give its reasons in writing, and you have at least 90 days to ask it to reconsider.',
    "Use the insurer's internal complaints process first.",
    'If that does not resolve it, complain to the National Financial Ombud Scheme (NFO), which since 2024 handles the short-term insurance complaints the Ombudsman for Short-Term Insurance (OSTI) used to. It is free for consumers.',
  ],
  sources: [
    'Policyholder Protection Rules (Short-term Insurance), 2017, rule 17 (claims)',
    'National Financial Ombud Scheme South Africa (nfosa.co.za), formerly the Ombudsman for Short-Term Insurance',
    'National Financial Ombud: wear and tear and lack of maintenance, the top reason home claims were rejected in 2024 (smartaboutmoney.co.za)',
    "SANS 10254 (geysers installed since 8 June 2001); insurers' geyser condition (vcib.co.za)",
    'Electrical Installation Regulations 2009, reg 7; Pressure Equipment Regulations 2009, reg 17(3)',
  ],
  disclaimer:
    'General information, not legal or financial advice: your policy wording decides what is covered and by when you must report.',
} as const;
