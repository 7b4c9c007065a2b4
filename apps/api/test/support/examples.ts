import { ROOFING_SERVICE_REPORT_V1 } from '@propertydna/domain';
import type { TestAccount } from './accounts.js';
import type { TestApp } from './app.js';

/** Who makes an example call: nobody, the owner of a homeowner account, a supplier, or PropertyDNA staff. */
export type Who = 'anonymous' | 'owner' | 'supplier' | 'staff';
export interface ProcedureExample {
  as: Who;
  input: unknown;
}
export interface RouteExample {
  as: Who;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The ids of what the examples name, each belonging to the owner's organisation or the supplier's. */
export interface ExampleIds {
  property: string;
  document: string;
  maintenanceTask: string;
  vendor: string;
  claim: string;
  transfer: string;
  job: string;
  template: string;
  shareLink: string;
}

export interface Examples {
  /** A valid input for each tRPC procedure that takes one, by path, with who may send it. */
  trpc: Record<string, ProcedureExample[]>;
  /** Valid params, query and body for each REST route that takes any, by "METHOD /url". */
  rest: Record<string, RouteExample[]>;
  ids: ExampleIds;
}

/**
 * A valid example input of every tRPC procedure and REST route that takes one (control-characters.test.ts
 * walks each for the bad text, dates and DNA-code parts it could carry; role-matrix.test.ts sends each as
 * other people). Builds what the examples name, through the API: the owner's property, a maintenance task,
 * a document adopted from the supplier's shared job report, a vendor invited, a claim and a transfer on
 * offer; the supplier's job, template and share links. `staff` must already be staff.
 */
export async function buildExamples(
  t: TestApp,
  accounts: Record<Exclude<Who, 'anonymous'>, TestAccount>,
): Promise<Examples> {
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: who === 'anonymous' ? {} : accounts[who].headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  // What the examples name: the owner's property and a document on it; the supplier's job, template,
  // share link (whose report the owner adopted) and insurance certificate.
  const property = await call('owner', 'POST', '/api/properties', {
    name: 'Home',
    address: '1 Long Street',
    country: 'ZA',
    municipality: 'Cape Town',
    parcel_id: 'ERF 1',
  });
  const task = {
    title: 'Clean gutters',
    description: 'Before the rains',
    frequency: 'annually',
    priority: 'medium',
    next_due: '2027-04-30',
    assigned_to: 'Sipho',
  };
  const customReminder = {
    title: 'Call the roofer',
    message: 'About the ridge',
    due_date: '2027-01-15',
    priority: 'high',
  };
  // A day a reminder can be snoozed until: within the next 30 days.
  const snoozeUntil = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const maintenanceTask = await call('owner', 'POST', '/api/maintenance', {
    propertyId: property.id,
    ...task,
  });
  const job = await call('supplier', 'POST', '/api/supplier/jobs', {
    property_address: '9 Main Rd, Kalk Bay',
    client_name: 'M. Naidoo',
    description: 'Roof repair',
  });
  const answers = {
    job_ref: job.job_ref,
    inspection_date: '2026-11-20',
    technician_name: 'Sipho Dlamini',
    roof_type: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'roof_type')?.options?.[0],
    condition: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'condition')?.options?.[0],
    work_performed: 'Fixed the flashing.',
  };
  await call('supplier', 'POST', `/api/supplier/jobs/${job.id}/reports`, {
    templateId: ROOFING_SERVICE_REPORT_V1.id,
    answers,
  });
  const template = await call('supplier', 'POST', '/api/supplier/templates', {
    name: 'Gutter report',
    category: 'gutters',
    version: 1,
    fields: [{ name: 'notes', type: 'text', required: true, label: 'Notes' }],
  });
  const shared = await call('supplier', 'POST', `/api/supplier/jobs/${job.id}/share`, { password: null });
  const locked = await call('supplier', 'POST', `/api/supplier/jobs/${job.id}/share`, {
    password: 'open sesame',
  });
  const [link] = await call('supplier', 'GET', `/api/supplier/jobs/${job.id}/shares`);
  await call('owner', 'POST', `/api/share/${shared.token}/adopt`, { property_id: property.id });
  const [document] = await call('owner', 'GET', `/api/properties/${property.id}/documents`);
  const sha256 = document.sha256 as string;
  const vendorInvite = {
    name: 'Sipho Dlamini',
    email: 'sipho@sparks.co.za',
    company: 'Sparks Electrical',
    phone: '082 123 4567',
    propertyId: property.id,
    allowedKinds: ['certificate'],
    expiresInDays: 7,
  };
  const invited = await call('owner', 'POST', '/api/vendors/invite', vendorInvite);
  const inviteToken = new URL(invited.invite.url).pathname.replace('/invite/', '');
  const transferBody = { email: 'buyer@example.co.za', message: 'The keys are with the agent.' };
  const transfer = await call('owner', 'POST', `/api/properties/${property.id}/transfer`, transferBody);
  const transferToken = 'a'.repeat(32);
  const vendorPatch = {
    name: 'Sipho',
    company: 'Sparks',
    phone: '082 000 0000',
    specialties: 'Electrical',
    notes: 'Good',
  };
  const inviteDocument = {
    kind: 'certificate',
    name: 'CoC.pdf',
    storage_key: 'ab/00000000000000000000000000000000',
    sha256,
    bytes: 1234,
    content_type: 'application/pdf',
    expires_at: null,
    metadata: { certificate_type: 'electrical_coc', issued_on: '2026-11-01' },
  };
  const claimBody = {
    incident_type: 'burst_geyser',
    incident_date: '2026-11-20',
    description: 'The geyser burst overnight.',
    document_ids: [document.id],
  };
  const claim = await call('owner', 'POST', `/api/properties/${property.id}/claims`, claimBody);
  const callbackBody = { phone: '082 123 4567', preferred_time: 'morning', topic: 'My geyser claim' };
  const webhookBody = {
    url: 'https://hooks.example.co.za/in',
    events: ['claim.created'],
    description: 'Portfolio sync',
  };
  const providerSearch = { specialty: 'Roofing', municipality: 'CPT', q: 'Cape' };
  const signed = await call('owner', 'POST', '/api/documents/sign', {
    contentType: 'application/pdf',
    sha256,
    bytes: 1234,
  });

  const signup = {
    userType: 'supplier',
    accountType: 'company',
    firstName: 'Naledi',
    lastName: 'Mokoena',
    email: 'naledi.nul@example.co.za',
    password: 'a long password',
    company: 'Cape Roofing CC',
    phoneNumber: '082 123 4567',
    registrationNumber: '2010/111111/23',
    specialties: 'Roofing, Plumbing',
    tradingAs: 'Cape Roofers',
    businessAddress: '1 Main Road, Cape Town',
    agreeToMarketing: false,
  };
  const investorSignup = {
    ...signup,
    userType: 'company_investor',
    specialties: ['Roofing'],
    companyType: 'Pty Ltd',
    vatNumber: '4123456789',
  };
  const login = { email: accounts.owner.email, password: 'a long password' };
  const changePassword = { currentPassword: 'a long password', newPassword: 'another long password' };
  const changeEmail = { newEmail: 'new.address@example.co.za', currentPassword: 'a long password' };
  // Evidence a supplier submits and the back office reviews (the id need not exist: every case is
  // refused by its schema before anything is looked up).
  const evidenceId = '00000000-0000-4000-8000-00000000e001';
  // A policy finding (likewise refused by its schema before it is looked up).
  const findingId = '00000000-0000-4000-8000-00000000f001';
  const evidence = {
    kind: 'liability_insurance',
    document_id: '00000000-0000-4000-8000-00000000d001',
    trade: null,
    expires_at: '2027-06-30',
  };
  const approval = { checked: 'The policy schedule and its cover', valid_until: '2027-06-30' };
  const dialog = {
    name: 'Beach house',
    address: '2 Beach Road',
    property_type: 'residential',
    country: 'ZA',
    municipality: 'Cape Town',
    parcel_id: 'ERF 2',
    unit: '4B',
    deed_number: 'T123/2020',
  };
  const form = {
    erfNumber: 'ERF 3',
    township: 'Rondebosch',
    municipality: 'Cape Town',
    address: '3 Main Road',
    description: 'Family home',
    dnaCode: 'ZA-PENDING',
    isDemo: false,
  };
  const patch = {
    name: 'Home',
    address: '1 Long Street',
    property_type: 'residential',
    township: 'Gardens',
    unit: '1',
    deed_number: 'T1/2000',
    description: 'Renovated',
  };
  const signUpload = { contentType: 'application/pdf', sha256, bytes: 1234 };
  const register = {
    property_id: property.id,
    job_id: null,
    organization: false,
    kind: 'certificate',
    name: 'Electrical CoC.pdf',
    storage_key: signed.storageKey,
    sha256,
    bytes: 1234,
    content_type: 'application/pdf',
    expires_at: '2027-03-31',
    metadata: { source: 'scanner', pages: 2, tags: ['electrical'] },
  };
  const profile = {
    company_name: 'Cape Roofing CC',
    registration_number: '2010/111111/23',
    description: 'Roofs since 1990',
    email: 'info@roofing.co.za',
    phone: '021 555 1234',
    website: 'roofing.co.za/about',
    specialties: 'Roofing',
  };
  const insurance = {
    insurer: 'Santam',
    policy_number: 'P-123',
    expires_at: '2027-01-31',
    certificate_document_id: null,
  };
  const templateDraft = {
    name: 'Gutter report',
    category: 'gutters',
    version: 'v2',
    fields: [
      { name: 'notes', type: 'text', required: true, label: 'Notes' },
      { name: 'state', type: 'select', required: false, label: 'State', options: ['Good', 'Poor'] },
    ],
  };
  const newJob = {
    property_address: '10 Main Rd',
    client_name: 'T. Botha',
    description: 'Gutters',
    job_ref: 'JOB-ABC123-WXYZ',
  };
  const report = { templateId: ROOFING_SERVICE_REPORT_V1.id, answers };
  const share = { password: 'secret', expiresInDays: 7 };
  const adoptNew = { property_id: 'new', create_property: true, property: form };
  const adoptExisting = { property_id: property.id, create_property: false };
  // Outside South Africa the municipality is free text that goes into the DNA code as typed.
  const abroad = { ...dialog, country: 'US', municipality: 'Springfield', parcel_id: 'LOT 7' };
  const adoptAbroad = { property_id: 'new', create_property: true, property: abroad };

  const trpc: Record<string, ProcedureExample[]> = {
    'auth.signup': [
      { as: 'anonymous', input: signup },
      { as: 'anonymous', input: investorSignup },
    ],
    'auth.login': [{ as: 'anonymous', input: login }],
    'demo.start': [{ as: 'anonymous', input: { account: 'owner' } }],
    'auth.changePassword': [{ as: 'owner', input: changePassword }],
    'auth.forgotPassword': [{ as: 'anonymous', input: { email: accounts.owner.email } }],
    'auth.resetPassword': [{ as: 'anonymous', input: { token: 'AbC_dEf-123', password: 'a new password' } }],
    'documents.sign': [{ as: 'owner', input: signUpload }],
    'documents.signBatch': [{ as: 'owner', input: { files: [signUpload] } }],
    'documents.register': [{ as: 'owner', input: register }],
    'documents.list': [{ as: 'owner', input: { q: 'Kloof', propertyId: property.id, sort: 'name' } }],
    'documents.byProperty': [{ as: 'owner', input: { propertyId: property.id, q: 'Kloof' } }],
    'documents.update': [
      {
        as: 'owner',
        input: { id: document.id, patch: { expires_at: '2027-01-01', name: 'Kloof deed.pdf' } },
      },
    ],
    'documents.move': [{ as: 'owner', input: { ids: [document.id], propertyId: property.id } }],
    'documents.removeMany': [{ as: 'owner', input: { ids: [document.id] } }],
    'documents.remove': [{ as: 'owner', input: { id: document.id } }],
    'extraction.get': [{ as: 'owner', input: { id: document.id } }],
    'extraction.confirm': [
      {
        as: 'owner',
        input: { id: document.id, fields: { certificate_number: 'EC 123', issue_date: '2026-11-01' } },
      },
    ],
    'extraction.setAutoAccept': [{ as: 'owner', input: { enabled: false } }],
    'properties.list': [{ as: 'owner', input: { q: 'Gardens', status: 'good' } }],
    'properties.page': [{ as: 'owner', input: { q: 'Gardens', cursor: 'abc', limit: 5 } }],
    'properties.byId': [{ as: 'owner', input: { id: property.id } }],
    'properties.create': [
      { as: 'owner', input: dialog },
      { as: 'owner', input: form },
      { as: 'owner', input: abroad },
    ],
    'properties.update': [{ as: 'owner', input: { id: property.id, patch } }],
    'properties.archive': [{ as: 'owner', input: { id: property.id } }],
    'compliance.policyCheck': [{ as: 'owner', input: { id: property.id } }],
    'compliance.runCheck': [{ as: 'owner', input: { id: property.id } }],
    'policies.findings': [{ as: 'owner', input: { propertyId: property.id } }],
    'policies.analyses': [{ as: 'owner', input: { propertyId: property.id } }],
    'policies.analyze': [{ as: 'owner', input: { propertyId: property.id } }],
    'policies.acceptTask': [{ as: 'owner', input: { id: findingId } }],
    'maintenance.list': [{ as: 'owner', input: { propertyId: property.id } }],
    'maintenance.create': [{ as: 'owner', input: { propertyId: property.id, ...task } }],
    'maintenance.byId': [{ as: 'owner', input: { id: maintenanceTask.id } }],
    'maintenance.update': [{ as: 'owner', input: { id: maintenanceTask.id, patch: { title: 'Gutters' } } }],
    'maintenance.remove': [{ as: 'owner', input: { id: maintenanceTask.id } }],
    'maintenance.complete': [{ as: 'owner', input: { id: maintenanceTask.id, notes: 'Done' } }],
    'maintenance.bootstrap': [{ as: 'owner', input: { propertyId: property.id } }],
    'maintenance.reminders': [{ as: 'owner', input: { id: property.id } }],
    'maintenance.addReminder': [{ as: 'owner', input: { id: property.id, ...customReminder } }],
    'maintenance.completeReminder': [
      { as: 'owner', input: { id: `task:${maintenanceTask.id}`, reason: 'Sold the fence' } },
    ],
    'maintenance.snoozeReminder': [
      { as: 'owner', input: { id: `task:${maintenanceTask.id}`, until: snoozeUntil } },
    ],
    'notifications.update': [{ as: 'owner', input: { emailAlerts: false } }],
    'privacy.setMarketingConsent': [{ as: 'owner', input: { agree: false } }],
    // One date each: a bad "to" never also puts it before "from".
    'accessLedger.list': [
      { as: 'owner', input: { propertyId: property.id, kind: 'share_link', from: '2026-01-01', page: 1 } },
      { as: 'owner', input: { to: '2026-12-31' } },
    ],
    'accessLedger.revoke': [{ as: 'owner', input: { kind: 'share_link', id: property.id } }],
    'accountExport.status': [{ as: 'owner', input: { id: property.id } }],
    'closing.close': [{ as: 'owner', input: { password: 'a long password', confirm: 'CLOSE' } }],
    'closing.reopen': [{ as: 'anonymous', input: login }],
    'escalation.propertyClaims': [{ as: 'owner', input: { propertyId: property.id } }],
    'escalation.claim': [{ as: 'owner', input: { id: claim.id } }],
    'escalation.startClaim': [{ as: 'owner', input: { propertyId: property.id, ...claimBody } }],
    'escalation.providers': [{ as: 'owner', input: providerSearch }],
    'escalation.findProviders': [{ as: 'owner', input: { propertyId: property.id, ...providerSearch } }],
    'escalation.callbacks': [{ as: 'owner', input: { propertyId: property.id } }],
    'escalation.requestCallback': [{ as: 'owner', input: { propertyId: property.id, ...callbackBody } }],
    'vendors.byId': [{ as: 'owner', input: { id: invited.vendor.id } }],
    'vendors.byProperty': [{ as: 'owner', input: { propertyId: property.id } }],
    'vendors.invite': [{ as: 'owner', input: vendorInvite }],
    'vendors.update': [{ as: 'owner', input: { id: invited.vendor.id, patch: vendorPatch } }],
    'vendors.revoke': [{ as: 'owner', input: { id: invited.vendor.id, propertyId: property.id } }],
    'vendors.remove': [{ as: 'owner', input: { id: invited.vendor.id } }],
    'organization.changeRole': [{ as: 'owner', input: { id: accounts.owner.userId, role: 'owner' } }],
    'organization.removeMember': [{ as: 'owner', input: { id: accounts.owner.userId } }],
    'organization.invite': [{ as: 'owner', input: { email: 'colleague@example.co.za', role: 'viewer' } }],
    'organization.resendInvite': [{ as: 'owner', input: { id: accounts.owner.userId } }],
    'organization.revokeInvite': [{ as: 'owner', input: { id: accounts.owner.userId } }],
    'webhooks.get': [{ as: 'owner', input: { id: property.id } }],
    'apiTokens.create': [{ as: 'owner', input: { name: 'Nightly sync', scope: 'read' } }],
    'apiTokens.revoke': [{ as: 'owner', input: { id: property.id } }],
    'webhooks.create': [{ as: 'owner', input: webhookBody }],
    'webhooks.update': [{ as: 'owner', input: { id: property.id, patch: webhookBody } }],
    'webhooks.remove': [{ as: 'owner', input: { id: property.id } }],
    'webhooks.rotateSecret': [{ as: 'owner', input: { id: property.id } }],
    'webhooks.deliveries': [{ as: 'owner', input: { id: property.id } }],
    'webhooks.sendTest': [{ as: 'owner', input: { id: property.id } }],
    'webhooks.resend': [{ as: 'owner', input: { id: property.id, deliveryId: property.id } }],
    'invitations.view': [{ as: 'anonymous', input: { token: 'AbC_dEf-123' } }],
    'invitations.accept': [{ as: 'owner', input: { token: 'AbC_dEf-123' } }],
    'grants.list': [{ as: 'owner', input: { id: property.id } }],
    'grants.create': [
      {
        as: 'owner',
        input: { propertyId: property.id, email: 'conveyancer@example.co.za', role: 'conveyancer' },
      },
    ],
    'grants.revoke': [{ as: 'owner', input: { id: property.id, grantId: property.id } }],
    'grants.offer': [{ as: 'anonymous', input: { token: 'AbC_dEf-123' } }],
    'grants.accept': [{ as: 'owner', input: { token: 'AbC_dEf-123' } }],
    'grants.sharedProperty': [{ as: 'owner', input: { grantId: property.id } }],
    'grants.reportIssue': [
      { as: 'owner', input: { grantId: property.id, title: 'Leaking tap', description: 'It drips.' } },
    ],
    'transfers.start': [{ as: 'owner', input: { propertyId: property.id, ...transferBody } }],
    'transfers.cancel': [{ as: 'owner', input: { id: transfer.id } }],
    'transfers.accept': [{ as: 'owner', input: { id: transfer.id, token: 'AbC_dEf-123' } }],
    'transfers.decline': [{ as: 'owner', input: { id: transfer.id } }],
    'transfers.ownership': [{ as: 'owner', input: { propertyId: property.id } }],
    'transfers.packLink': [{ as: 'owner', input: { id: transfer.id } }],
    'transferLinks.view': [{ as: 'anonymous', input: { token: transferToken } }],
    'invites.view': [{ as: 'anonymous', input: { token: inviteToken } }],
    'invites.sign': [{ as: 'anonymous', input: { token: inviteToken, ...signUpload } }],
    'invites.register': [{ as: 'anonymous', input: { token: inviteToken, document: inviteDocument } }],
    'shares.shareJob': [{ as: 'supplier', input: { ...share, jobId: job.id } }],
    'shares.shareProperty': [
      { as: 'owner', input: { ...share, propertyId: property.id, documentIds: [document.id] } },
    ],
    'shares.links': [
      { as: 'supplier', input: { jobId: job.id } },
      { as: 'owner', input: { propertyId: property.id } },
    ],
    'shares.revoke': [{ as: 'supplier', input: { id: link.id } }],
    'shares.events': [{ as: 'supplier', input: { id: link.id } }],
    'shares.view': [{ as: 'anonymous', input: { token: shared.token } }],
    'shares.unlock': [{ as: 'anonymous', input: { token: locked.token, password: 'open sesame' } }],
    'shares.adopt': [
      { as: 'owner', input: { token: shared.token, ...adoptNew } },
      { as: 'owner', input: { token: shared.token, ...adoptExisting } },
      { as: 'owner', input: { token: shared.token, ...adoptAbroad } },
    ],
    'shares.verify': [{ as: 'anonymous', input: { sha256 } }],
    'supplier.updateProfile': [
      { as: 'supplier', input: profile },
      { as: 'supplier', input: { ...profile, specialties: ['Roofing', 'Plumbing'] } },
    ],
    'supplier.updateInsurance': [{ as: 'supplier', input: insurance }],
    'supplier.createTemplate': [{ as: 'supplier', input: templateDraft }],
    'supplier.updateTemplate': [{ as: 'supplier', input: { id: template.id, template: templateDraft } }],
    'supplier.job': [{ as: 'supplier', input: { id: job.id } }],
    'supplier.createJob': [{ as: 'supplier', input: newJob }],
    'supplier.jobDocuments': [{ as: 'supplier', input: { id: job.id } }],
    'supplier.createReport': [{ as: 'supplier', input: { id: job.id, ...report } }],
    'auth.verifyEmail': [{ as: 'anonymous', input: { token: 'AbC_dEf-123' } }],
    'auth.changeEmail': [{ as: 'owner', input: changeEmail }],
    'auth.confirmEmailChange': [{ as: 'anonymous', input: { token: 'AbC_dEf-123' } }],
    'reports.packPreview': [{ as: 'owner', input: { pack: 'insurance_pack', propertyId: property.id } }],
    'verification.submit': [{ as: 'supplier', input: evidence }],
    'backoffice.reviews': [{ as: 'staff', input: { status: 'pending' } }],
    'backoffice.review': [{ as: 'staff', input: { id: evidenceId } }],
    'backoffice.approve': [{ as: 'staff', input: { id: evidenceId, ...approval } }],
    'backoffice.reject': [{ as: 'staff', input: { id: evidenceId, reason: 'The scan cannot be read' } }],
  };

  const rest: Record<string, RouteExample[]> = {
    'POST /api/auth/signup': [
      { as: 'anonymous', body: signup },
      { as: 'anonymous', body: investorSignup },
    ],
    'POST /api/auth/login': [{ as: 'anonymous', body: login }],
    'POST /api/auth/demo': [{ as: 'anonymous', body: { account: 'supplier' } }],
    'POST /api/auth/password': [{ as: 'owner', body: changePassword }],
    'PUT /api/auth/password': [{ as: 'owner', body: changePassword }],
    'POST /api/auth/forgot-password': [{ as: 'anonymous', body: { email: accounts.owner.email } }],
    'POST /api/auth/reset-password': [
      { as: 'anonymous', body: { token: 'AbC_dEf-123', password: 'a new password' } },
    ],
    'POST /api/properties': [
      { as: 'owner', body: dialog },
      { as: 'owner', body: form },
      { as: 'owner', body: abroad },
    ],
    'GET /api/properties': [{ as: 'owner', query: { q: 'Gardens', cursor: 'abc', limit: '5' } }],
    'GET /api/properties/:id': [{ as: 'owner', params: { id: property.id } }],
    'PATCH /api/properties/:id': [{ as: 'owner', params: { id: property.id }, body: patch }],
    'POST /api/properties/:id/archive': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/documents/sign': [{ as: 'owner', body: signUpload }],
    'POST /api/documents/sign-batch': [{ as: 'owner', body: { files: [signUpload, signUpload] } }],
    'POST /api/documents': [{ as: 'owner', body: register }],
    'GET /api/documents': [{ as: 'owner', query: { q: 'Kloof', propertyId: property.id, sort: 'expiry' } }],
    'POST /api/documents/move': [{ as: 'owner', body: { ids: [document.id], propertyId: property.id } }],
    'POST /api/documents/delete': [{ as: 'owner', body: { ids: [document.id] } }],
    'GET /api/properties/:id/documents': [
      { as: 'owner', params: { id: property.id }, query: { q: 'Kloof' } },
    ],
    'PATCH /api/documents/:id': [
      {
        as: 'owner',
        params: { id: document.id },
        body: { expires_at: '2027-01-01', name: 'Kloof deed.pdf' },
      },
    ],
    'DELETE /api/documents/:id': [{ as: 'owner', params: { id: document.id } }],
    'GET /api/documents/:id/extraction': [{ as: 'owner', params: { id: document.id } }],
    'POST /api/documents/:id/extraction/confirm': [
      {
        as: 'owner',
        params: { id: document.id },
        body: { fields: { certificate_number: 'EC 123', issue_date: '2026-11-01' } },
      },
    ],
    'PUT /api/extraction/settings': [{ as: 'owner', body: { enabled: false } }],
    'PUT /api/supplier/profile': [
      { as: 'supplier', body: profile },
      { as: 'supplier', body: { ...profile, specialties: ['Roofing'] } },
    ],
    'POST /api/supplier/templates': [{ as: 'supplier', body: templateDraft }],
    'PUT /api/supplier/templates/:id': [{ as: 'supplier', params: { id: template.id }, body: templateDraft }],
    'POST /api/supplier/jobs': [{ as: 'supplier', body: newJob }],
    'GET /api/supplier/jobs/:id': [{ as: 'supplier', params: { id: job.id } }],
    'GET /api/supplier/jobs/:id/documents': [{ as: 'supplier', params: { id: job.id } }],
    'POST /api/supplier/jobs/:id/reports': [{ as: 'supplier', params: { id: job.id }, body: report }],
    'POST /api/supplier/jobs/:id/share': [{ as: 'supplier', params: { id: job.id }, body: share }],
    'GET /api/supplier/jobs/:id/shares': [{ as: 'supplier', params: { id: job.id } }],
    'POST /api/properties/:id/share': [
      { as: 'owner', params: { id: property.id }, body: { ...share, documentIds: [document.id] } },
    ],
    'GET /api/properties/:id/shares': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/shares/:id/revoke': [{ as: 'supplier', params: { id: link.id } }],
    'GET /api/shares/:id/events': [{ as: 'supplier', params: { id: link.id } }],
    'GET /api/share/:token': [{ as: 'anonymous', params: { token: shared.token } }],
    'POST /api/share/:token/unlock': [
      { as: 'anonymous', params: { token: locked.token }, body: { password: 'open sesame' } },
    ],
    'POST /api/share/:token/adopt': [
      { as: 'owner', params: { token: shared.token }, body: adoptNew },
      { as: 'owner', params: { token: shared.token }, body: adoptExisting },
      { as: 'owner', params: { token: shared.token }, body: adoptAbroad },
    ],
    'GET /api/verify/:sha256': [{ as: 'anonymous', params: { sha256 } }],
    'PUT /api/supplier/insurance': [{ as: 'supplier', body: insurance }],
    'GET /api/properties/:id/policy-check': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/properties/:id/policy-check': [{ as: 'owner', params: { id: property.id } }],
    'GET /api/policies/findings': [{ as: 'owner', query: { propertyId: property.id } }],
    'GET /api/policies/analyses': [{ as: 'owner', query: { propertyId: property.id } }],
    'POST /api/policies/analyze': [{ as: 'owner', body: { propertyId: property.id } }],
    'POST /api/policies/findings/:id/task': [{ as: 'owner', params: { id: findingId } }],
    'GET /api/maintenance': [{ as: 'owner', query: { propertyId: property.id } }],
    'POST /api/maintenance': [{ as: 'owner', body: { propertyId: property.id, ...task } }],
    'GET /api/maintenance/:id': [{ as: 'owner', params: { id: maintenanceTask.id } }],
    'PATCH /api/maintenance/:id': [
      { as: 'owner', params: { id: maintenanceTask.id }, body: { title: 'Gutters' } },
    ],
    'DELETE /api/maintenance/:id': [{ as: 'owner', params: { id: maintenanceTask.id } }],
    'POST /api/maintenance/:id/complete': [
      { as: 'owner', params: { id: maintenanceTask.id }, body: { notes: 'Done' } },
    ],
    'POST /api/maintenance/bootstrap': [{ as: 'owner', body: { propertyId: property.id } }],
    'GET /api/properties/:id/reminders': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/properties/:id/reminders': [
      { as: 'owner', params: { id: property.id }, body: customReminder },
    ],
    'POST /api/reminders/:id/complete': [
      { as: 'owner', params: { id: `task:${maintenanceTask.id}` }, body: { reason: 'Sold the fence' } },
    ],
    'POST /api/reminders/:id/snooze': [
      { as: 'owner', params: { id: `task:${maintenanceTask.id}` }, body: { until: snoozeUntil } },
    ],
    'PUT /api/notifications/settings': [{ as: 'owner', body: { emailAlerts: false } }],
    'PUT /api/account/marketing-consent': [{ as: 'owner', body: { agree: false } }],
    'GET /api/account/access-ledger': [
      { as: 'owner', query: { propertyId: property.id, kind: 'grantee', from: '2026-01-01', page: '2' } },
      { as: 'owner', query: { to: '2026-12-31' } },
    ],
    'GET /api/properties/:id/access-ledger': [
      { as: 'owner', params: { id: property.id }, query: { kind: 'staff', from: '2026-01-01' } },
    ],
    'POST /api/account/access-ledger/revoke': [{ as: 'owner', body: { kind: 'grant', id: property.id } }],
    'GET /api/account/export/:id': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/account/close': [{ as: 'owner', body: { password: 'a long password', confirm: 'CLOSE' } }],
    'POST /api/account/reopen': [{ as: 'anonymous', body: login }],
    'POST /api/properties/:id/claims': [{ as: 'owner', params: { id: property.id }, body: claimBody }],
    'GET /api/properties/:id/claims': [{ as: 'owner', params: { id: property.id } }],
    'GET /api/claims/:id': [{ as: 'owner', params: { id: claim.id } }],
    'GET /api/providers': [{ as: 'owner', query: providerSearch }],
    'GET /api/properties/:id/providers': [
      { as: 'owner', params: { id: property.id }, query: providerSearch },
    ],
    'POST /api/properties/:id/callbacks': [{ as: 'owner', params: { id: property.id }, body: callbackBody }],
    'GET /api/properties/:id/callbacks': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/vendors/invite': [{ as: 'owner', body: vendorInvite }],
    'GET /api/vendors/:id': [{ as: 'owner', params: { id: invited.vendor.id } }],
    'PATCH /api/vendors/:id': [{ as: 'owner', params: { id: invited.vendor.id }, body: vendorPatch }],
    'DELETE /api/vendors/:id': [{ as: 'owner', params: { id: invited.vendor.id } }],
    'PATCH /api/organization/members/:id': [
      { as: 'owner', params: { id: accounts.owner.userId }, body: { role: 'owner' } },
    ],
    'DELETE /api/organization/members/:id': [{ as: 'owner', params: { id: accounts.owner.userId } }],
    'POST /api/organization/invites': [
      { as: 'owner', body: { email: 'colleague@example.co.za', role: 'viewer' } },
    ],
    'POST /api/organization/invites/:id/resend': [{ as: 'owner', params: { id: accounts.owner.userId } }],
    'POST /api/organization/invites/:id/revoke': [{ as: 'owner', params: { id: accounts.owner.userId } }],
    'POST /api/webhooks': [{ as: 'owner', body: webhookBody }],
    'POST /api/account/tokens': [{ as: 'owner', body: { name: 'Nightly sync', scope: 'read' } }],
    'DELETE /api/account/tokens/:id': [{ as: 'owner', params: { id: property.id } }],
    'GET /api/webhooks/:id': [{ as: 'owner', params: { id: property.id } }],
    'PATCH /api/webhooks/:id': [{ as: 'owner', params: { id: property.id }, body: webhookBody }],
    'DELETE /api/webhooks/:id': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/webhooks/:id/rotate-secret': [{ as: 'owner', params: { id: property.id } }],
    'GET /api/webhooks/:id/deliveries': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/webhooks/:id/test': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/webhooks/:id/deliveries/:deliveryId/resend': [
      { as: 'owner', params: { id: property.id, deliveryId: property.id } },
    ],
    'GET /api/invitations/:token': [{ as: 'anonymous', params: { token: 'AbC_dEf-123' } }],
    'POST /api/invitations/:token/accept': [{ as: 'owner', params: { token: 'AbC_dEf-123' } }],
    'GET /api/properties/:id/access': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/properties/:id/access': [
      {
        as: 'owner',
        params: { id: property.id },
        body: { email: 'conveyancer@example.co.za', role: 'conveyancer', scope: 'documents_only' },
      },
    ],
    'DELETE /api/properties/:id/access/:grantId': [
      { as: 'owner', params: { id: property.id, grantId: property.id } },
    ],
    'GET /api/access/:token': [{ as: 'anonymous', params: { token: 'AbC_dEf-123' } }],
    'POST /api/access/:token/accept': [{ as: 'owner', params: { token: 'AbC_dEf-123' } }],
    'GET /api/shared-with-me/:grantId': [{ as: 'owner', params: { grantId: property.id } }],
    'POST /api/shared-with-me/:grantId/issues': [
      {
        as: 'owner',
        params: { grantId: property.id },
        body: { title: 'Leaking tap', description: 'It drips.' },
      },
    ],
    'POST /api/vendors/:id/revoke': [
      { as: 'owner', params: { id: invited.vendor.id }, body: { propertyId: property.id } },
    ],
    'GET /api/properties/:id/vendors': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/properties/:id/transfer': [{ as: 'owner', params: { id: property.id }, body: transferBody }],
    'POST /api/transfers/:id/cancel': [{ as: 'owner', params: { id: transfer.id } }],
    'POST /api/transfers/:id/accept': [
      { as: 'owner', params: { id: transfer.id }, body: { token: 'AbC_dEf-123' } },
    ],
    'POST /api/transfers/:id/decline': [{ as: 'owner', params: { id: transfer.id } }],
    'GET /api/properties/:id/ownership': [{ as: 'owner', params: { id: property.id } }],
    'POST /api/transfers/:id/pack-link': [{ as: 'owner', params: { id: transfer.id } }],
    'GET /api/transfer-links/:token': [{ as: 'anonymous', params: { token: transferToken } }],
    'GET /api/invites/:token': [{ as: 'anonymous', params: { token: inviteToken } }],
    'POST /api/invites/:token/sign': [{ as: 'anonymous', params: { token: inviteToken }, body: signUpload }],
    'POST /api/invites/:token/documents': [
      { as: 'anonymous', params: { token: inviteToken }, body: inviteDocument },
    ],
    'POST /api/auth/verify-email': [{ as: 'anonymous', body: { token: 'AbC_dEf-123' } }],
    'POST /api/auth/email': [{ as: 'owner', body: changeEmail }],
    'POST /api/auth/confirm-email-change': [{ as: 'anonymous', body: { token: 'AbC_dEf-123' } }],
    'GET /api/reports/pack-preview': [
      { as: 'owner', query: { pack: 'insurance_pack', propertyId: property.id } },
    ],
    'POST /api/supplier/verification/evidence': [{ as: 'supplier', body: evidence }],
    'GET /api/backoffice/evidence': [{ as: 'staff', query: { status: 'pending' } }],
    'GET /api/backoffice/evidence/:id': [{ as: 'staff', params: { id: evidenceId } }],
    'POST /api/backoffice/evidence/:id/approve': [
      {
        as: 'staff',
        params: { id: evidenceId },
        body: { checked: approval.checked, valid_until: approval.valid_until },
      },
    ],
    'POST /api/backoffice/evidence/:id/reject': [
      { as: 'staff', params: { id: evidenceId }, body: { reason: 'The scan cannot be read' } },
    ],
  };

  return {
    trpc,
    rest,
    ids: {
      property: property.id,
      document: document.id,
      maintenanceTask: maintenanceTask.id,
      vendor: invited.vendor.id,
      claim: claim.id,
      transfer: transfer.id,
      job: job.id,
      template: template.id,
      shareLink: link.id,
    },
  };
}
