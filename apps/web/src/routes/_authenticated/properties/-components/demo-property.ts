import {
  type DocumentKind,
  type FindingSeverity,
  type FindingType,
  johannesburgDayNumber,
  type Provenance,
  type ReminderPriority,
  type ReminderType,
  type VerificationLevel,
} from '@propertydna/domain';
import type { Property } from '../../../../lib/properties';
import { DEMO_PROPERTY_ID } from './demo-property-id';

/**
 * The built-in demo property (spec §2, §9): what the dashboard shows when the list is absent, and what
 * /properties/demo shows. All of it is sample data held in the page; nothing here is fetched or sent.
 */
export { DEMO_PROPERTY_ID };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sample supplier the sample register matched: the demo's one Verified document is its report. */
export const SAMPLE_CHECKED_SUPPLIER = 'Karoo Roofing (Pty) Ltd';

/** Said wherever the sample shows a level or a Verified badge: none of it is a real check. */
export const SAMPLE_DATA_NOTICE =
  'Sample data: these documents, suppliers and their checks are examples, not real records. Verified here shows how a document from a checked supplier looks.';

/** How the demo shows a sample's code value: 'critical' → 'Critical'. */
export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The Johannesburg calendar date `days` after `today`'s, as 'YYYY-MM-DD'. */
export function dateInDays(days: number, today: Date): string {
  return new Date((johannesburgDayNumber(today) + days) * DAY_MS).toISOString().slice(0, 10);
}

export function demoProperty(now: Date = new Date()): Property {
  const lastActivity = new Date(now.getTime() - 2 * DAY_MS).toISOString();
  return {
    id: DEMO_PROPERTY_ID,
    dnaCode: 'RES-DEMO-CT',
    dna_id: 'RES-DEMO-CT',
    name: 'Gardens Family Home',
    address: '12 Kloof Street, Gardens, Cape Town, 8001',
    property_type: 'residential',
    country: 'ZA',
    municipality: 'CPT',
    parcel_id: 'ERF123',
    erfNumber: 'ERF123',
    township: 'Gardens',
    unit: null,
    deed_number: 'T12345/2019',
    description: 'Sample property with sample documents, checks, reminders and vendors.',
    metadata: {},
    features: [],
    isDemo: true,
    documentsCount: demoDocuments(now).length,
    lastActivity,
    complianceStatus: 'good',
    complianceReason: null,
    created_at: lastActivity,
    updated_at: lastActivity,
  };
}

export interface DemoDocument {
  id: string;
  name: string;
  kind: DocumentKind;
  bytes: number;
  sha256: string;
  /**
   * Who put the sample there and its sample issuer's level, as a real document answers it: the page shows
   * the same badge and line the vault does, so Verified only where a sample issuer is checked.
   */
  provenance: Provenance;
  /** 'YYYY-MM-DD', or null for a document that does not expire. */
  expires_at: string | null;
}

export function demoDocuments(today: Date = new Date()): DemoDocument[] {
  return [
    {
      id: 'demo-deed',
      name: 'Title Deed T12345/2019',
      kind: 'deed',
      bytes: 245_760,
      sha256: '66567dbaa5adde2b8e6f9c5805e324baa5c7a7bdcb8831ea08498c3e422000ec',
      provenance: { kind: 'owner_upload', issuer_name: null, issuer_level: null },
      expires_at: null,
    },
    {
      id: 'demo-ecoc',
      name: 'Electrical Certificate of Compliance',
      kind: 'certificate',
      bytes: 184_320,
      sha256: 'ed339794fdfb88d1c8935e786587145478a9ebacd6bb05ff7a8fd6a8d3d3edea',
      provenance: { kind: 'vendor_upload', issuer_name: 'Nomsa Khumalo', issuer_level: 'self_declared' },
      expires_at: dateInDays(240, today),
    },
    {
      id: 'demo-policy',
      name: 'Homeowners Insurance Policy',
      kind: 'policy',
      bytes: 512_000,
      sha256: '64e8937abc6d71cf2d2f0fe05e52c33666883443ae4e8af7924c71198caa1f9d',
      provenance: { kind: 'owner_upload', issuer_name: null, issuer_level: null },
      expires_at: dateInDays(300, today),
    },
    {
      id: 'demo-roof',
      name: 'Roof Inspection Report',
      kind: 'inspection',
      bytes: 1_363_148,
      sha256: 'a9cba364a6436c6c3f3bc8da77a8b6dd1f26ed26cd96088a441dd91efe99e22c',
      provenance: {
        kind: 'supplier_issued',
        issuer_name: SAMPLE_CHECKED_SUPPLIER,
        issuer_level: 'register_matched',
      },
      expires_at: null,
    },
    {
      id: 'demo-gutters',
      name: 'Gutter Cleaning Invoice',
      kind: 'maintenance',
      bytes: 96_256,
      sha256: 'bedb2d048c7c3bca931c3ab93de32cc16a91126c2a23dc467950121c84d68a1a',
      provenance: { kind: 'owner_upload', issuer_name: null, issuer_level: null },
      expires_at: null,
    },
  ];
}

export interface DemoFinding {
  id: string;
  type: FindingType;
  title: string;
  description: string;
  severity: FindingSeverity;
}

/** The demo's policy check: every finding compliant, in keeping with its good compliance status. */
export const DEMO_FINDINGS: readonly DemoFinding[] = [
  {
    id: 'finding-deed',
    type: 'compliant',
    title: 'Proof of ownership on file',
    description: 'The title deed matches the insured address.',
    severity: 'low',
  },
  {
    id: 'finding-ecoc',
    type: 'compliant',
    title: 'Electrical Certificate of Compliance valid',
    description: 'The policy requires a valid CoC for fire claims; the certificate on file is current.',
    severity: 'high',
  },
  {
    id: 'finding-roof',
    type: 'compliant',
    title: 'Roof maintained within the last 12 months',
    description: 'Storm damage claims need evidence of roof upkeep; a recent inspection is on file.',
    severity: 'medium',
  },
];

/** When the demo's policy check last ran: this morning. */
export function demoLastChecked(now: Date = new Date()): Date {
  return new Date(now.getTime() - 3 * 60 * 60 * 1000);
}

export interface DemoReminder {
  id: string;
  title: string;
  message?: string | undefined;
  /** 'YYYY-MM-DD'. */
  due_date: string;
  priority: ReminderPriority;
  type: ReminderType;
}

/** Spec §9: the demo reminders are due in 5, 15, 30 and 60 days. */
export const DEMO_REMINDER_DAYS = [5, 15, 30, 60] as const;

export function demoReminders(today: Date = new Date()): DemoReminder[] {
  const [five, fifteen, thirty, sixty] = DEMO_REMINDER_DAYS;
  return [
    {
      id: 'reminder-premium',
      title: 'Insurance premium due',
      message: 'Monthly homeowners insurance debit order.',
      due_date: dateInDays(five, today),
      priority: 'critical',
      type: 'payment',
    },
    {
      id: 'reminder-gas',
      title: 'Gas installation certificate renewal',
      message: 'Book an authorised gas practitioner.',
      due_date: dateInDays(fifteen, today),
      priority: 'high',
      type: 'certificate',
    },
    {
      id: 'reminder-gutters',
      title: 'Clean gutters and downpipes',
      due_date: dateInDays(thirty, today),
      priority: 'medium',
      type: 'maintenance',
    },
    {
      id: 'reminder-geyser',
      title: 'Geyser service',
      due_date: dateInDays(sixty, today),
      priority: 'low',
      type: 'maintenance',
    },
  ];
}

export interface DemoVendor {
  id: string;
  name: string;
  company: string;
  email: string;
  phone?: string;
  specialties: string[];
  /** The sample's verification level: shown with the same badge as Find Provider. */
  level: VerificationLevel;
}

export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    id: 'vendor-roofing',
    name: 'Johan Pretorius',
    company: 'Karoo Roofing (Pty) Ltd',
    email: 'johan@karooroofing.example',
    phone: '021 555 0142',
    specialties: ['Roofing', 'Waterproofing'],
    level: 'register_matched',
  },
  {
    id: 'vendor-electrical',
    name: 'Nomsa Khumalo',
    company: '',
    email: 'nomsa.electrical@example.com',
    phone: '082 555 0199',
    specialties: ['Electrical', 'Certificates of Compliance'],
    level: 'self_declared',
  },
  {
    id: 'vendor-plumbing',
    name: 'Ravi Govender',
    company: 'Atlantic Plumbing',
    email: 'ravi@atlanticplumbing.example',
    specialties: ['Plumbing', 'Geysers'],
    level: 'self_declared',
  },
];
