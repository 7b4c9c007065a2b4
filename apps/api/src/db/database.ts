import type {
  CallbackStatus,
  CallbackTime,
  CertificateType,
  ClaimStatus,
  ComplianceFinding,
  ComplianceStatus,
  CountryCode,
  DocumentKind,
  DocumentSource,
  EvidenceKind,
  EvidenceStatus,
  ExtractedFieldState,
  ExtractionStatus,
  GrantRole,
  GrantScope,
  IncidentType,
  MaintenanceFrequency,
  OrganizationRole,
  PackSection,
  PackType,
  PolicyCheckStatus,
  PropertyFeature,
  PropertyType,
  ProposedField,
  ProvenanceKind,
  ReadDocumentKind,
  ReadLine,
  ReadPage,
  ReminderPriority,
  ReminderType,
  TaskPriority,
  TemplateField,
  Trade,
  UserType,
  VerificationLevel,
} from '@propertydna/domain';
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationTable {
  id: Generated<string>;
  name: string;
  account_type: 'individual' | 'company';
  plan: Generated<'free' | 'premium'>;
  trial_ends_at: Date | null;
  registration_number: string | null;
  /** The supplier's registration with a trade body (electrical, PIRB, LP gas…), as a trade register lists it. */
  trade_registration_number: ColumnType<string | null, string | null | undefined, string | null>;
  vat_number: string | null;
  company_type: string | null;
  trading_as: string | null;
  business_address: string | null;
  specialties: ColumnType<string[], string | undefined, string>;
  is_demo: Generated<boolean>;
  /** The sample data each private demo is copied from ('owner' or 'supplier'; one of each); null otherwise. */
  demo_template: ColumnType<'owner' | 'supplier' | null, 'owner' | 'supplier' | null | undefined>;
  /** Changes with anything the portfolio list shows (migration 0019's triggers): the list cache's key. */
  portfolio_version: ColumnType<string | number | bigint, never, never>;
  description: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  website: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** "Accept high-confidence fields automatically" (issue 27): off unless the owner turns it on. */
  auto_accept_read_fields: ColumnType<boolean, boolean | undefined, boolean>;
  /** Premium bought through PayFast (issue 31 §5): the end of the paid year; null: never paid. */
  paid_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The PayFast subscription's token (renewals, cancel). */
  payfast_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the owner cancelled the subscription (the plan runs to paid_until). */
  subscription_cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Issue 31 §2: when its owner closed it (null: open), and when the housekeeping may delete it. */
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  delete_after: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PayfastOrderTable {
  id: Generated<string>;
  organization_id: string;
  amount_cents: number;
  created_at: Generated<Date>;
}

export interface PayfastPaymentTable {
  pf_payment_id: string;
  order_id: string;
  organization_id: string;
  payment_status: string;
  amount_cents: number;
  invoice_number: Generated<number>;
  paid_from: Date | null;
  paid_until: Date | null;
  created_at: Generated<Date>;
}

export interface UserTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  phone: string | null;
  agree_to_marketing: Generated<boolean>;
  is_demo: Generated<boolean>;
  /** The daily email alert (issue 14 §4); on by default, sent on Premium and during the trial only. */
  email_alerts: Generated<boolean>;
  /** When the current address was proved (its mailed link opened); null: unverified (issue 26 §1). */
  email_verified_at: Date | null;
  /** A new address asked for on /account, waiting for its link to be opened; the old one stays until then. */
  pending_email: string | null;
  /**
   * The member's role in their organisation (issue 29 §1; the permission table in the domain says what
   * each may do). Defaults to owner: a user created with a new organisation (sign-up, a demo) owns it;
   * a member added to an existing one is given their role explicitly (organizations/add-member.ts).
   */
  role: ColumnType<OrganizationRole, OrganizationRole | undefined, OrganizationRole>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Issue 29 §2: an invitation to join an organisation; its link is the capability `capability_id`. */
export interface MemberInviteTable {
  id: Generated<string>;
  organization_id: string;
  /** Lower case: only the person signed in with this (verified) address may accept. */
  email: string;
  role: OrganizationRole;
  capability_id: string;
  invited_by: string | null;
  created_at: Timestamp;
  accepted_at: Date | null;
  accepted_by: string | null;
}

/**
 * Issue 29 §3: read-only access to one property for someone outside the organisation. Pending until the
 * person invited by `email` accepts the mailed link (capability 'property_grant'); live while accepted,
 * not revoked and not expired.
 */
export interface PropertyGrantTable {
  id: Generated<string>;
  organization_id: string;
  property_id: string;
  /** Lower case: only the person signed in with this (verified) address may accept. */
  email: string;
  grantee_user_id: string | null;
  role: GrantRole;
  scope: GrantScope;
  capability_id: string;
  expires_at: Timestamp;
  created_by: string | null;
  created_at: Timestamp;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

/** Issue 30 §1: a person's named API token; only the SHA-256 (hex) of its secret is stored. */
export interface ApiTokenTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  name: string;
  scope: 'read' | 'read_write';
  token_hash: string;
  created_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
  /** The one property the token is restricted to (issue 30 §1), or null for the whole organisation. */
  property_id: string | null;
}

export interface SessionTable {
  /** SHA-256 (hex) of the session token; the token itself is never stored. */
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** One counted attempt under a limiter rule (limits/attempt-limiter.ts). */
export interface AttemptTable {
  id: Generated<string>;
  rule: string;
  key: string;
  created_at: Timestamp;
}

/** An Idempotency-Key of a REST POST and its first answer (rest/idempotency.ts); swept after 24 hours. */
export interface IdempotencyKeyTable {
  organization_id: string;
  key: string;
  /** SHA-256 of the method, the path and the body: a retry must send the same. */
  fingerprint: string;
  /** The first answer; null while it is being answered. */
  status: number | null;
  body: string | null;
  content_type: string | null;
  created_at: Generated<Date>;
}

/** A secret link (capabilities/): only the token's SHA-256 is stored. */
export interface CapabilityTable {
  id: Generated<string>;
  purpose: string;
  organization_id: string | null;
  created_by: string | null;
  subject_id: string | null;
  token_hash: string;
  password_hash: string | null;
  single_use: Generated<boolean>;
  expires_at: Timestamp;
  revoked_at: Date | null;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface CapabilityEventTable {
  id: Generated<string>;
  capability_id: string;
  action: string;
  ip: string;
  user_id: string | null;
  document_id: string | null;
  created_at: Timestamp;
}

export interface PropertyTable {
  id: Generated<string>;
  organization_id: string;
  dna_code: string;
  parcel_key: string;
  name: string;
  address: string;
  property_type: PropertyType;
  country: CountryCode;
  municipality: string;
  parcel_id: string;
  township: string | null;
  unit: string | null;
  deed_number: string | null;
  description: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** What the property has that brings its own compliance rules (domain PROPERTY_FEATURES), a JSON array. */
  features: ColumnType<PropertyFeature[], string | undefined, string>;
  is_demo: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: Date | null;
  /**
   * Its documents' figures, kept by triggers on documents in the same transaction as each change
   * (migration 0018): how many, the latest upload, the earliest certificate or policy expiry.
   */
  documents_count: ColumnType<number, never, never>;
  last_document_at: ColumnType<Date | null, never, never>;
  earliest_expiry: ColumnType<Date | null, never, never>;
}

export interface DocumentTable {
  id: Generated<string>;
  organization_id: string;
  property_id: string | null;
  job_id: string | null;
  kind: DocumentKind;
  name: string;
  storage_key: string;
  sha256: string;
  /** bigint: pg answers it as a string (int8 parser set in connect.ts makes it a number). */
  bytes: ColumnType<number, number, number>;
  content_type: string;
  source: DocumentSource;
  verified_by: string | null;
  expires_at: Date | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The original document this one was adopted from (a copy in an owner's vault, same stored object). */
  adopted_from: string | null;
  /** The upload invite a vendor brought it in through (issue 15), its provenance. */
  vendor_invite_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who verified it, named as at upload (a vendor through an invite); set by the server only. */
  verifier_name: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Its metadata.issued_on may be the upload day an old form filled in (migration 0025): read as unknown
   * until the owner confirms or edits it.
   */
  issue_date_unconfirmed: ColumnType<boolean, boolean | undefined, boolean>;
  /** The owner's own notes, kept apart from what the issuer said. */
  owner_notes: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Who put it where it is, who issued it (named as when it was issued) and the issuer's verification
   * level at that time (migration 0024); set by the server only, carried over on adoption and transfer.
   */
  provenance_kind: ColumnType<ProvenanceKind, ProvenanceKind | undefined, ProvenanceKind>;
  issuer_name: ColumnType<string | null, string | null | undefined, string | null>;
  issuer_level: ColumnType<
    VerificationLevel | null,
    VerificationLevel | null | undefined,
    VerificationLevel | null
  >;
  /**
   * The name its issuer gave it, once its owner renamed it (migration 0400, issue 32): /verify names what
   * was issued. Null while unrenamed and for the owner's own uploads.
   */
  issued_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/**
 * A stored object that documents may name (migration 0020): documents.storage_key references it, so no
 * document can name an object whose row is gone. See storage/stored-objects.ts for its lifecycle.
 */
export interface StoredObjectTable {
  storage_key: string;
  created_at: Timestamp;
}

export interface UploadTable {
  storage_key: string;
  organization_id: string;
  /** Null for an upload signed through a vendor invite by someone without an account. */
  user_id: string | null;
  /** The invite it was signed through; counts against the invite's caps. */
  vendor_invite_id: ColumnType<string | null, string | null | undefined, string | null>;
  bytes: ColumnType<number, number, number>;
  sha256: string;
  content_type: string;
  expires_at: Date;
  registered_at: Date | null;
  created_at: Timestamp;
}

export type AuditAction =
  | 'upload'
  | 'marketing_consent'
  | 'register'
  | 'view'
  | 'download'
  | 'delete'
  | 'update'
  | 'share'
  | 'adopt'
  | 'invite'
  | 'revoke_invite'
  | 'vendor_update'
  | 'vendor_delete'
  | 'claim'
  | 'callback'
  /** A report or export of a property was downloaded (modules/reports). */
  | 'export'
  /** A property was handed to another organisation (the seller's side) or received (the buyer's). */
  | 'transfer_out'
  | 'transfer_in'
  /** Supplier verification (issue 26 §2): evidence submitted, and a reviewer's decision on it. */
  | 'evidence_submit'
  | 'evidence_approve'
  | 'evidence_reject'
  /** A certificate's or policy's reminder marked complete (with its replacement or reason), or snoozed. */
  | 'reminder_complete'
  | 'reminder_snooze'
  /** A property's municipality corrected (issue 32 §5): from, to, its DNA code (unchanged). */
  | 'municipality_correct'
  /** A document renamed by its owner (issue 32): the name it had and the name it has. */
  | 'rename'
  /** A document moved to another property of the organisation (issue 32). */
  | 'move'
  /** Issue 29 §1: a member joined the organisation, had their role changed, or was removed. */
  | 'member_add'
  | 'member_role'
  | 'member_remove'
  /** Issue 29 §2: an invitation sent (or sent again) and revoked. */
  | 'member_invite'
  | 'member_invite_revoke'
  /** Issue 29 §3: access to one property granted to an outsider, accepted by them, revoked. */
  | 'grant'
  | 'grant_accept'
  | 'grant_revoke'
  /** Issue 29 §3: a tenant holding a grant reported an issue at the property (a maintenance reminder). */
  | 'issue_report'
  /** Issue 31 §2: the account closed by an owner, reopened within the grace; a member who left. */
  | 'account_close'
  | 'account_reopen'
  | 'member_leave'
  /** Issue 30 §2: a webhook endpoint created, changed (or turned on or off), deleted, its secret rotated,
   * a test event sent to it, a delivery sent again (organisation events, no property's). */
  | 'webhook_create'
  | 'webhook_update'
  | 'webhook_delete'
  | 'webhook_rotate_secret'
  | 'webhook_test'
  | 'webhook_resend';

export interface AuditEventTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string | null;
  action: AuditAction;
  document_id: string | null;
  ip: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
}

export interface JobTable {
  id: Generated<string>;
  organization_id: string;
  job_ref: string;
  property_address: string;
  client_name: string;
  description: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface TemplateTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  category: string;
  version: ColumnType<number, number | undefined, number>;
  fields: ColumnType<TemplateField[], string, string>;
  /** The certificate its reports are (migration 0025), with the date field that is their issue date. */
  certificate_type: ColumnType<
    CertificateType | null,
    CertificateType | null | undefined,
    CertificateType | null
  >;
  issue_date_field: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a share link shares; its secret, password, expiry and log are its capability's (same id). */
export interface ShareTable {
  id: string;
  organization_id: string;
  created_by: string | null;
  job_id: string | null;
  property_id: string | null;
  created_at: Timestamp;
}

export interface ShareDocumentTable {
  share_id: string;
  document_id: string;
}

export interface SupplierInsuranceTable {
  organization_id: string;
  insurer: string;
  policy_number: string;
  /** A date column: pg answers it as a Date at local midnight, PGlite likewise; read with toIsoDate. */
  expires_on: ColumnType<Date | string, string, string>;
  /** The certificate itself: an organisation document (no property, no job). */
  certificate_document_id: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

/** A PropertyDNA reviewer (issue 26 §2): written only by the admin:create-staff command. */
export interface StaffMemberTable {
  user_id: string;
  created_at: Timestamp;
}

/** A document a supplier submitted as evidence, and the reviewer's decision (issue 26 §2). */
export interface SupplierEvidenceTable {
  id: Generated<string>;
  organization_id: string;
  kind: EvidenceKind;
  trade: Trade | null;
  document_id: string;
  /** Date columns: read with to_char as 'YYYY-MM-DD'. */
  expires_on: ColumnType<Date | string | null, string | null, string | null>;
  status: ColumnType<EvidenceStatus, EvidenceStatus | undefined, EvidenceStatus>;
  submitted_by: string | null;
  submitted_at: Timestamp;
  reviewed_by: string | null;
  reviewer_name: string | null;
  reviewed_at: Date | null;
  checked: string | null;
  valid_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  reject_reason: string | null;
  /** The company name and numbers as they stood when the reviewer approved (migration 0029). */
  checked_name: ColumnType<string | null, string | null | undefined, string | null>;
  checked_registration_number: ColumnType<string | null, string | null | undefined, string | null>;
  checked_trade_number: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An organisation's service provider (issue 15); one per e-mail address per organisation. */
export interface VendorTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  specialties: ColumnType<string[], string | undefined, string>;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An upload invite: what its capability (same id) allows, for one vendor and one property. */
export interface VendorInviteTable {
  id: string;
  organization_id: string;
  /** Null once the vendor was removed from the directory (the invite stays as provenance). */
  vendor_id: string | null;
  property_id: string;
  allowed_kinds: ColumnType<DocumentKind[], string, string>;
  max_files: number;
  max_bytes: ColumnType<number, number, number>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface Database {
  organizations: OrganizationTable;
  users: UserTable;
  member_invites: MemberInviteTable;
  property_grants: PropertyGrantTable;
  sessions: SessionTable;
  api_tokens: ApiTokenTable;
  attempts: AttemptTable;
  idempotency_keys: IdempotencyKeyTable;
  payfast_orders: PayfastOrderTable;
  payfast_payments: PayfastPaymentTable;
  capabilities: CapabilityTable;
  capability_events: CapabilityEventTable;
  properties: PropertyTable;
  documents: DocumentTable;
  uploads: UploadTable;
  stored_objects: StoredObjectTable;
  audit_events: AuditEventTable;
  jobs: JobTable;
  templates: TemplateTable;
  shares: ShareTable;
  share_documents: ShareDocumentTable;
  supplier_insurance: SupplierInsuranceTable;
  compliance_checks: ComplianceCheckTable;
  policy_analyses: PolicyAnalysisTable;
  document_extractions: DocumentExtractionTable;
  document_pages: DocumentPageTable;
  ocr_usage: OcrUsageTable;
  policy_findings: PolicyFindingTable;
  maintenance_tasks: MaintenanceTaskTable;
  maintenance_completions: MaintenanceCompletionTable;
  reminders: ReminderTable;
  reminder_completions: ReminderCompletionTable;
  reminder_snoozes: ReminderSnoozeTable;
  alert_digests: AlertDigestTable;
  vendors: VendorTable;
  vendor_invites: VendorInviteTable;
  claims: ClaimTable;
  claim_documents: ClaimDocumentTable;
  callbacks: CallbackTable;
  transfers: TransferTable;
  property_ownerships: PropertyOwnershipTable;
  staff_members: StaffMemberTable;
  supplier_evidence: SupplierEvidenceTable;
  pack_choices: PackChoiceTable;
  register_imports: RegisterImportTable;
  register_entries: RegisterEntryTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  access_ledger_summaries: AccessLedgerSummaryTable;
  account_exports: AccountExportTable;
}

/** Issue 31 §3: a month's count of one kind of outside access, kept after its log rows were deleted. */
export interface AccessLedgerSummaryTable {
  organization_id: string;
  /** 'YYYY-MM' in Africa/Johannesburg. */
  month: string;
  kind: string;
  count: number;
}

/** A webhook endpoint of an organisation (issue 30 §2); its secrets are sealed (modules/webhooks). */
export interface WebhookEndpointTable {
  id: Generated<string>;
  organization_id: string;
  url: string;
  description: Generated<string>;
  /** The event names it subscribes to (a JSON array). */
  events: ColumnType<string[], string, string>;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  enabled: Generated<boolean>;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type WebhookDeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

/** One message to one endpoint and its attempts so far. */
export interface WebhookDeliveryTable {
  id: Generated<string>;
  endpoint_id: string;
  organization_id: string;
  message_id: string;
  event: string;
  event_key: string | null;
  body: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  response_status: number | null;
  error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  created_at: Generated<Date>;
}

/** One imported register source (migration 0023): replaced whole on each import of that source. */
export interface RegisterImportTable {
  source: string;
  imported_at: Timestamp;
  file_name: string;
  file_sha256: string;
  entry_count: number;
}

/** One entry of an official register, with the keys it is matched on (@propertydna/domain registers.ts). */
export interface RegisterEntryTable {
  id: Generated<number>;
  source: string;
  line: number;
  registration_number: string;
  name: string;
  category: string;
  valid_until: DateOnly;
  number_key: string;
  name_key: string;
}

export type TransferStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** A document as it was handed over with a transfer (kept on the transfer for the seller's receipt). */
export interface TransferredDocument {
  id: string;
  name: string;
  kind: DocumentKind;
  sha256: string;
  bytes: number;
}

/** Issue 17: a property offered to whoever signs in with `to_email`; its link is its capability (same id). */
export interface TransferTable {
  id: string;
  property_id: string;
  from_organization_id: string;
  /** Lower-cased. */
  to_email: string;
  to_organization_id: string | null;
  message: string | null;
  /** 'expired' is read from the link (a pending transfer whose capability ended), not stored. */
  status: Generated<TransferStatus>;
  documents: ColumnType<TransferredDocument[] | null, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: Timestamp;
  decided_at: Date | null;
  decided_by: string | null;
}

/** Who owned a property when (organisation names and dates only); one open period per property. */
export interface PropertyOwnershipTable {
  id: Generated<string>;
  property_id: string;
  organization_id: string | null;
  organization_name: string;
  started_at: Timestamp;
  ended_at: Date | null;
  transfer_id: ColumnType<string | null, string | null | undefined, string | null>;
}

type DateOnly = ColumnType<string, string, string>;

/** An insurance claim an owner started for a property (issue 16, Start Claim). */
export interface ClaimTable {
  id: Generated<string>;
  organization_id: string;
  property_id: string;
  incident_type: IncidentType;
  incident_date: DateOnly;
  description: string;
  status: Generated<ClaimStatus>;
  created_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A vault document (a photo) attached to a claim. */
export interface ClaimDocumentTable {
  claim_id: string;
  document_id: string;
}

/** A request to be called back by support about a property (issue 16, Schedule Call). */
export interface CallbackTable {
  id: Generated<string>;
  organization_id: string;
  property_id: string;
  user_id: string | null;
  phone: string;
  preferred_time: CallbackTime;
  topic: string;
  status: Generated<CallbackStatus>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Spec §3 Maintenance task. */
export interface MaintenanceTaskTable {
  id: Generated<string>;
  organization_id: string;
  property_id: string;
  title: string;
  description: string | null;
  frequency: MaintenanceFrequency;
  priority: TaskPriority;
  next_due: DateOnly;
  assigned_to: string | null;
  standard_key: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A task's service record. */
export interface MaintenanceCompletionTable {
  id: Generated<string>;
  task_id: string;
  organization_id: string;
  completed_on: DateOnly;
  notes: string | null;
  cost_cents: ColumnType<number | null, number | null, number | null>;
  completed_by: string | null;
  document_id: string | null;
  recorded_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A custom reminder (Add Custom Reminder). */
export interface ReminderTable {
  id: Generated<string>;
  organization_id: string;
  property_id: string;
  title: string;
  message: string | null;
  due_date: DateOnly;
  priority: ReminderPriority | null;
  type: Generated<ReminderType>;
  completed_at: Date | null;
  /** Who marked it done (issue 29 §4; migration 0570): null before that, or once the user is deleted. */
  completed_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Mark Complete on a reminder that comes from elsewhere, for its due date. */
export interface ReminderCompletionTable {
  organization_id: string;
  reminder_key: string;
  due_date: DateOnly;
  completed_by: string | null;
  completed_at: ColumnType<Date, Date | undefined, never>;
  /** The document that replaced the expiring one (a certificate's or policy's reminder). */
  replacement_document_id: ColumnType<string | null, string | null | undefined, never>;
  /** Why it is no longer needed, as the owner said it. */
  reason: ColumnType<string | null, string | null | undefined, never>;
  /** The property feature the owner said is gone (removed from the property with it). */
  removed_feature: ColumnType<string | null, string | null | undefined, never>;
}

/** A reminder of one due date snoozed until a day (migration 0026); back in full from that day. */
export interface ReminderSnoozeTable {
  organization_id: string;
  reminder_key: string;
  due_date: DateOnly;
  until: DateOnly;
  snoozed_by: string | null;
  snoozed_at: ColumnType<Date, Date | undefined, Date>;
}

/** A daily email alert queued for a user on a South African day (at most one: the key). */
export interface AlertDigestTable {
  user_id: string;
  day: DateOnly;
  /** How many reminders were overdue or due within 7 days. */
  items: number;
  mail_job_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The stored result of a property's compliance check; one row per property, replaced on every run. */
export interface ComplianceCheckTable {
  property_id: string;
  organization_id: string;
  status: PolicyCheckStatus;
  compliance_status: ComplianceStatus;
  /** Why it is critical or warning, in one line (complianceReason); null when good or never written. */
  compliance_reason: ColumnType<string | null, string | null | undefined, string | null>;
  findings: ColumnType<ComplianceFinding[], string, string>;
  /** The South African day the rules were evaluated for ('YYYY-MM-DD'). */
  checked_for: ColumnType<string, string, string>;
  checked_at: ColumnType<Date, Date | undefined, Date>;
  stale: ColumnType<boolean, boolean | undefined, boolean>;
}

export type PolicyAnalysisState = 'queued' | 'running' | 'done' | 'no_text' | 'failed';

/** The analysis of one insurance policy document's wording. */
export interface PolicyAnalysisTable {
  document_id: string;
  organization_id: string;
  property_id: string;
  state: PolicyAnalysisState;
  pages: number | null;
  error: string | null;
  /** What the last finished analysis read in the policy's text (null: not named, or not read). */
  policy_number: ColumnType<string | null, string | null | undefined, string | null>;
  insurer: ColumnType<string | null, string | null | undefined, string | null>;
  /** Queued until the document's reading (OCR of a scan) is done: the reading queues it again (migration 0032). */
  waiting_for_reading: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A document's reading (issue 27, migration 0030): where it stands and what was proposed from it. */
export interface DocumentExtractionTable {
  document_id: string;
  organization_id: string;
  status: ExtractionStatus;
  kind: ReadDocumentKind | null;
  pages: number | null;
  pages_read: ColumnType<number, number | undefined, number>;
  page_limit_reached: ColumnType<boolean, boolean | undefined, boolean>;
  message: string | null;
  /** StoredExtractedField[] (the API's extractedFieldSchema without its label). */
  fields: ColumnType<StoredExtractedField[], string | undefined, string>;
  search_text: ColumnType<string, string | undefined, string>;
  confirmed_at: Date | null;
  confirmed_by: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * Pages an organisation had read, a row a stored reading (migration 0035): what the OCR budget counts,
 * kept when the document is deleted, removed by the housekeeping after two days.
 */
export interface OcrUsageTable {
  id: Generated<string>;
  organization_id: string;
  pages: number;
  read_at: ColumnType<Date, Date | undefined, never>;
}

/** A proposed field as stored: its evidence and what a person made of it. */
export type StoredExtractedField = ProposedField & {
  state: ExtractedFieldState;
  confirmed_value: string | null;
};

/** The text of one page of a document as read, with its lines and word boxes (ReadPage). */
export interface DocumentPageTable {
  document_id: string;
  page: number;
  source: ReadPage['source'];
  width: number;
  height: number;
  text: string;
  lines: ColumnType<ReadLine[], string, string>;
  preview_key: string | null;
}

/** A clause found in a policy's wording (spec §3 Finding), or the vault evidence of one. */
export interface PolicyFindingTable {
  id: Generated<string>;
  organization_id: string;
  property_id: string;
  document_id: string;
  finding_type: 'evidence' | 'exclusion' | 'maintenance' | 'endorsement';
  key: string;
  title: string;
  description: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  confidence: number;
  page: number | null;
  excerpt: string;
  evidence_document_id: string | null;
  /** Issue 28 (migration 0033): the clause's own number, its topic tags, why it was classified so. */
  clause_ref: ColumnType<string | null, string | null | undefined, string | null>;
  topics: ColumnType<string[], string | undefined, string>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0034: the finding's place in the wording (0 first), and an endorsement's limit in rand. */
  position: ColumnType<number, number | undefined, number>;
  limit_rands: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type ShareRow = Selectable<ShareTable>;

export type JobRow = Selectable<JobTable>;
export type TemplateRow = Selectable<TemplateTable>;

export type PropertyRow = Selectable<PropertyTable>;
export type DocumentRow = Selectable<DocumentTable>;
export type NewDocument = Insertable<DocumentTable>;

export type Db = Kysely<Database>;
/** Repository functions take either the database or a transaction, so services compose transactions. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

export type OrganizationRow = Selectable<OrganizationTable>;
export type NewOrganization = Insertable<OrganizationTable>;
export type OrganizationUpdate = Updateable<OrganizationTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type CapabilityRow = Selectable<CapabilityTable>;
export type VendorRow = Selectable<VendorTable>;
export type UploadRow = Selectable<UploadTable>;
export type VendorInviteRow = Selectable<VendorInviteTable>;
export type TransferRow = Selectable<TransferTable>;

/** What an organisation last chose to put in a pack of one type (its next default). */
export interface PackChoiceTable {
  organization_id: string;
  pack_type: PackType;
  sections: ColumnType<PackSection[], string, string>;
  excluded_document_ids: ColumnType<string[], string | undefined, string>;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Issue 31 §1: an export of all of an organisation's data (migration 0595). */
export interface AccountExportTable {
  id: Generated<string>;
  organization_id: string;
  requested_by: string | null;
  status: ColumnType<
    'queued' | 'running' | 'ready' | 'failed',
    'queued' | undefined,
    'running' | 'ready' | 'failed'
  >;
  files_total: Generated<number>;
  files_done: Generated<number>;
  storage_key: string | null;
  bytes: ColumnType<number | null, number | null | undefined, number | null>;
  sha256: string | null;
  error: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
  expires_at: Date | null;
}
