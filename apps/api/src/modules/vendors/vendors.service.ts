import {
  DEMO_MESSAGES,
  endedAccessSummary,
  formatDate,
  INVITE_MAX_BYTES,
  INVITE_MAX_FILES,
  inviteAccessSummary,
  isDemoEmail,
  isVerifiedLevel,
  johannesburgToday,
  kindsPhrase,
  type UpdateVendor,
  type VendorInvite,
  type VerificationLevel,
  vendorMatchesSearch,
} from '@propertydna/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { requireOwned } from '../../auth/owned.js';
import { assertNotPropertyScoped, scopedPropertyId } from '../../auth/property-scope.js';
import { capabilityStatus, issueCapability } from '../../capabilities/capabilities.js';
import type { Db, DbOrTrx, VendorRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type LimitRule, takeAttempt, waitPhrase } from '../../limits/attempt-limiter.js';
import { mailLinks } from '../../mail/links';
import { queueMailWithin } from '../../mail/mail-job.js';
import { vendorInviteMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { isDemoOrganization } from '../auth/auth.repo.js';
import { supplierVerification } from '../verification/verification.js';
import type { InviteAccessOut, PropertyVendorOut, VendorOut } from './vendors.schemas.js';

/** Spec §4: the one access level an invite gives. */
export const ACCESS_LEVEL = 'Certificate Upload';

/**
 * The registered supplier a vendor's e-mail address belongs to (a supplier account that has confirmed
 * that address): its organisation's id and name, else nulls. Whether it is verified is its level's
 * question (modules/verification), never its typed insurance. One correlated sub-query each.
 */
function registeredSupplierOf(email: Expression<string>, column: 'id' | 'name') {
  return sql<string | null>`(
    select ${sql.ref(`o.${column}`)} from users u
    join organizations o on o.id = u.organization_id
    where lower(u.email) = lower(${email}) and u.user_type = 'supplier'
      and u.email_verified_at is not null
    order by o.name, o.id limit 1
  )`;
}

type VendorWithSupplier = VendorRow & { supplier_id: string | null; supplier_name: string | null };

/** The organisation's vendors (all, or the ids given), each with the registered supplier it is, if any. */
function selectVendors(db: DbOrTrx, organizationId: string) {
  const only = scopedPropertyId();
  return (
    db
      .selectFrom('vendors as v')
      .selectAll('v')
      .select((eb) => registeredSupplierOf(eb.ref('v.email'), 'id').as('supplier_id'))
      .select((eb) => registeredSupplierOf(eb.ref('v.email'), 'name').as('supplier_name'))
      .where('v.organization_id', '=', organizationId)
      // A property-restricted API token (issue 30 §1): the vendors invited to its property only.
      .$if(only !== null, (query) =>
        query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('vendor_invites as i')
              .select('i.id')
              .whereRef('i.vendor_id', '=', 'v.id')
              .where('i.property_id', '=', only ?? ''),
          ),
        ),
      )
  );
}

/** The verification level of each registered supplier among the vendors, on `now`'s date. */
async function supplierLevels(
  db: DbOrTrx,
  vendors: readonly VendorWithSupplier[],
  now: Date,
): Promise<Map<string, VerificationLevel>> {
  const ids = vendors.flatMap((vendor) => (vendor.supplier_id ? [vendor.supplier_id] : []));
  const verification = await supplierVerification(db, ids, johannesburgToday(now));
  return new Map([...verification].map(([id, answer]) => [id, answer.level]));
}

const iso = (value: Date | string) => new Date(value).toISOString();

function vendorOut(
  row: VendorWithSupplier,
  levels: ReadonlyMap<string, VerificationLevel>,
  extra: Pick<VendorOut, 'properties' | 'documents_count'>,
): VendorOut {
  const level = row.supplier_id ? (levels.get(row.supplier_id) ?? 'self_declared') : null;
  const verified = isVerifiedLevel(level);
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    specialties: row.specialties,
    verified,
    verification_level: level,
    registered_supplier: verified ? row.supplier_name : null,
    notes: row.notes,
    created_at: iso(row.created_at),
    ...extra,
  };
}

/** The invites of the organisation (of one property, or one vendor), newest first, with their link state. */
function selectInvites(db: DbOrTrx, organizationId: string, where: Expression<SqlBool> | null = null) {
  let query = db
    .selectFrom('vendor_invites as vi')
    .innerJoin('capabilities as c', 'c.id', 'vi.id')
    .innerJoin('properties as p', 'p.id', 'vi.property_id')
    .select([
      'vi.id',
      'vi.vendor_id',
      'vi.property_id',
      'vi.allowed_kinds',
      'vi.max_files',
      'vi.max_bytes',
      'vi.created_at',
      'c.expires_at',
      'c.revoked_at',
      'c.used_at',
      'p.name as property_name',
      'p.address as property_address',
    ])
    .where('vi.organization_id', '=', organizationId)
    .where('p.archived_at', 'is', null)
    // Invites of a vendor removed from the directory are provenance only.
    .where('vi.vendor_id', 'is not', null)
    .$narrowType<{ vendor_id: string }>();
  if (where) query = query.where(() => where);
  // A property-restricted API token (issue 30 §1): its property's invites only.
  const only = scopedPropertyId();
  if (only) query = query.where('vi.property_id', '=', only);
  return query.orderBy('vi.created_at', 'desc').orderBy('vi.id');
}

type InviteRow = Awaited<ReturnType<ReturnType<typeof selectInvites>['execute']>>[number];

function accessOut(invite: InviteRow, now: Date): InviteAccessOut {
  const status = capabilityStatus(invite, now) as InviteAccessOut['status'];
  return {
    invite_id: invite.id,
    status,
    access_level: ACCESS_LEVEL,
    allowed_kinds: invite.allowed_kinds,
    summary:
      status === 'active'
        ? inviteAccessSummary(invite.allowed_kinds, invite.expires_at)
        : endedAccessSummary(
            invite.allowed_kinds,
            status,
            status === 'revoked' && invite.revoked_at ? invite.revoked_at : invite.expires_at,
          ),
    revoked_at: invite.revoked_at ? iso(invite.revoked_at) : null,
    invited_at: iso(invite.created_at),
    expires_at: iso(invite.expires_at),
  };
}

/** The latest invite per (vendor, property): the one that says what the vendor may do there now. */
function latestPerVendorAndProperty(invites: InviteRow[]): InviteRow[] {
  const seen = new Set<string>();
  return invites.filter((invite) => {
    const key = `${invite.vendor_id} ${invite.property_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How many documents each vendor brought into the organisation's vault through its invites. */
async function documentCounts(
  db: Db,
  organizationId: string,
  onlyId: string | null = null,
): Promise<Map<string, number>> {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('vendor_invites as vi', 'vi.id', 'd.vendor_invite_id')
    .select(['vi.vendor_id', sql<number>`count(*)`.as('count')])
    .where('d.organization_id', '=', organizationId)
    .where('vi.vendor_id', 'is not', null)
    .$narrowType<{ vendor_id: string }>();
  if (onlyId) query = query.where('vi.vendor_id', '=', onlyId);
  // A property-restricted API token (issue 30 §1): what came into its property only.
  const only = scopedPropertyId();
  if (only) query = query.where('d.property_id', '=', only);
  const rows = await query.groupBy('vi.vendor_id').execute();
  return new Map(rows.map((row) => [row.vendor_id, Number(row.count)]));
}

/** GET /api/vendors: the organisation's directory, each vendor with the live properties it serves. */
export async function listVendors(
  db: Db,
  organizationId: string,
  now = new Date(),
  onlyId: string | null = null,
): Promise<VendorOut[]> {
  let vendorsQuery = selectVendors(db, organizationId);
  if (onlyId) vendorsQuery = vendorsQuery.where('v.id', '=', onlyId);
  const vendors = await vendorsQuery.orderBy('v.name').orderBy('v.id').execute();
  return directoryEntries(db, organizationId, vendors, now, onlyId);
}

/** The vendors as the directory shows them: each with the live properties it serves and its documents. */
async function directoryEntries(
  db: Db,
  organizationId: string,
  vendors: VendorWithSupplier[],
  now: Date,
  onlyId: string | null = null,
): Promise<VendorOut[]> {
  if (vendors.length === 0) return [];
  const [invites, counts, levels] = await Promise.all([
    selectInvites(db, organizationId, onlyId ? sql<SqlBool>`vi.vendor_id = ${onlyId}` : null).execute(),
    documentCounts(db, organizationId, onlyId),
    supplierLevels(db, vendors, now),
  ]);
  const served = new Map<string, VendorOut['properties']>();
  for (const invite of latestPerVendorAndProperty(invites)) {
    const list = served.get(invite.vendor_id) ?? [];
    list.push({
      id: invite.property_id,
      name: invite.property_name,
      address: invite.property_address,
      access: accessOut(invite, now),
    });
    served.set(invite.vendor_id, list);
  }
  return vendors.map((vendor) =>
    vendorOut(vendor, levels, {
      properties: served.get(vendor.id) ?? [],
      documents_count: counts.get(vendor.id) ?? 0,
    }),
  );
}

/**
 * Find Provider's own vendors (issue 32 §6): the organisation's directory entries that match the search's
 * specialty and words (vendorMatchesSearch; the area never narrows them), by name, as the directory shows
 * them, each with the registered supplier it is (its organisation's id, or null), so that supplier is not
 * listed a second time among the providers. Only this organisation's vendors, ever.
 */
export async function matchingVendors(
  db: Db,
  organizationId: string,
  search: { specialty?: string; q?: string },
  now = new Date(),
): Promise<{ vendor: VendorOut; supplierId: string | null }[]> {
  const rows = await selectVendors(db, organizationId).orderBy('v.name').orderBy('v.id').execute();
  const matching = rows.filter((row) => vendorMatchesSearch(row, search));
  const entries = await directoryEntries(db, organizationId, matching, now);
  return entries.map((vendor, index) => ({ vendor, supplierId: matching[index]?.supplier_id ?? null }));
}

/** One vendor of the directory (404 when not the organisation's). */
export async function getVendor(db: Db, organizationId: string, id: string, now = new Date()) {
  const owned = await requireOwned(db, organizationId, 'vendor', id);
  const [vendor] = await listVendors(db, organizationId, now, owned);
  if (!vendor) throw new Error('vendor vanished between two reads');
  return vendor;
}

/**
 * GET /api/properties/{id}/vendors: the vendors invited for one property, each with what their latest
 * invite allows until when, and what they uploaded through it (names only, newest first).
 */
export async function propertyVendors(
  db: Db,
  organizationId: string,
  propertyId: string,
  now = new Date(),
): Promise<PropertyVendorOut[]> {
  const property = await requireOwned(db, organizationId, 'property', propertyId);
  const invites = await selectInvites(
    db,
    organizationId,
    sql<SqlBool>`vi.property_id = ${property}`,
  ).execute();
  if (invites.length === 0) return [];
  const latest = latestPerVendorAndProperty(invites);
  const [vendors, uploads, counts] = await Promise.all([
    selectVendors(db, organizationId)
      .where(
        'v.id',
        'in',
        latest.map((invite) => invite.vendor_id),
      )
      .execute(),
    db
      .selectFrom('documents as d')
      .innerJoin('vendor_invites as vi', 'vi.id', 'd.vendor_invite_id')
      .select(['d.id', 'd.name', 'd.kind', 'd.created_at', 'vi.vendor_id'])
      .where('d.organization_id', '=', organizationId)
      .where('d.property_id', '=', property)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id')
      .execute(),
    documentCounts(db, organizationId),
  ]);
  const byId = new Map(vendors.map((vendor) => [vendor.id, vendor]));
  const levels = await supplierLevels(db, vendors, now);
  return latest.flatMap((invite) => {
    const vendor = byId.get(invite.vendor_id);
    if (!vendor) return [];
    const access = accessOut(invite, now);
    return [
      {
        ...vendorOut(vendor, levels, {
          properties: [
            {
              id: invite.property_id,
              name: invite.property_name,
              address: invite.property_address,
              access,
            },
          ],
          documents_count: counts.get(vendor.id) ?? 0,
        }),
        access,
        uploads: uploads
          .filter((upload) => upload.vendor_id === vendor.id)
          .map((upload) => ({
            id: upload.id,
            name: upload.name,
            kind: upload.kind,
            created_at: iso(upload.created_at),
          })),
      },
    ];
  });
}

/** Ends every live invite of a vendor (of one property, when given); answers how many were ended. */
async function revokeInvitesOf(
  db: DbOrTrx,
  organizationId: string,
  vendorId: string,
  propertyId: string | null,
  now: Date,
): Promise<number> {
  let invites = db
    .selectFrom('vendor_invites')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('vendor_id', '=', vendorId);
  if (propertyId) invites = invites.where('property_id', '=', propertyId);
  // A property-restricted API token (issue 30 §1) ends the vendor's links to its property only.
  const only = scopedPropertyId();
  if (only) invites = invites.where('property_id', '=', only);
  const result = await db
    .updateTable('capabilities')
    .set({ revoked_at: now })
    .where('purpose', '=', 'vendor_invite')
    .where('id', 'in', invites)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Invites one organisation may send within an hour, and to one address within a day. */
export const MAX_INVITES_PER_HOUR = 30;
export const MAX_INVITES_PER_RECIPIENT_PER_DAY = 5;

const inviteRules = (organizationId: string, email: string): LimitRule[] => [
  {
    rule: 'vendor-invite:organization',
    key: organizationId,
    windowMs: 60 * 60 * 1000,
    max: MAX_INVITES_PER_HOUR,
    message: (seconds) => `Too many invites sent. Try again in ${waitPhrase(seconds)}.`,
  },
  {
    rule: 'vendor-invite:recipient',
    key: `${organizationId} ${email}`,
    windowMs: 24 * 60 * 60 * 1000,
    max: MAX_INVITES_PER_RECIPIENT_PER_DAY,
    message: (seconds) => `This address has had several invites today. Try again in ${waitPhrase(seconds)}.`,
  },
];

export interface InviteCreated {
  vendor: VendorOut;
  invite: { id: string; url: string; expires_at: string };
}

/**
 * POST /api/vendors/invite: finds the vendor by e-mail address (or adds them), ends their live link for
 * this property (a re-invite renews the link rather than adding a twin), issues a new upload link (a
 * capability: 192 random bits, only its SHA-256 kept) and queues the mail carrying it — all or nothing.
 */
export async function inviteVendor(
  services: AppServices,
  who: RequestActor,
  input: VendorInvite,
  origin: string,
  now = new Date(),
): Promise<InviteCreated> {
  const db = services.db.db;
  const { organizationId, userId } = who.actor;
  const propertyId = await requireOwned(db, organizationId, 'property', input.propertyId);
  // A demo invites addresses of the demo only (whose mail goes nowhere): nobody real is mailed for it.
  if (!isDemoEmail(input.email) && (await isDemoOrganization(db, organizationId)))
    throw new AppError('FORBIDDEN', DEMO_MESSAGES.outsideAddress);
  // Each invite mails an address the owner typed: limited per organisation and per recipient.
  await takeAttempt(db, inviteRules(organizationId, input.email), now);
  const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  const { inviteId, vendorId, url } = await db.transaction().execute(async (trx) => {
    const property = await trx
      .selectFrom('properties')
      .select(['address', 'dna_code'])
      .where('id', '=', propertyId)
      .where('archived_at', 'is', null)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const owner = await trx
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const vendor = await sql<{ id: string }>`
      insert into vendors (organization_id, name, company, email, phone)
      values (${organizationId}, ${input.name}, ${input.company ?? null}, ${input.email}, ${input.phone ?? null})
      on conflict (organization_id, lower(email)) do update set
        name = excluded.name,
        company = coalesce(excluded.company, vendors.company),
        phone = coalesce(excluded.phone, vendors.phone),
        updated_at = now()
      returning id`
      .execute(trx)
      .then((result) => result.rows[0]);
    if (!vendor) throw new Error('vendor upsert answered no row');
    await revokeInvitesOf(trx, organizationId, vendor.id, propertyId, now);
    const { id, token } = await issueCapability(trx, {
      purpose: 'vendor_invite',
      organizationId,
      createdBy: userId,
      subjectId: vendor.id,
      expiresAt,
    });
    await trx
      .insertInto('vendor_invites')
      .values({
        id,
        organization_id: organizationId,
        vendor_id: vendor.id,
        property_id: propertyId,
        allowed_kinds: JSON.stringify(input.allowedKinds),
        max_files: INVITE_MAX_FILES,
        max_bytes: INVITE_MAX_BYTES,
        created_by: userId,
      })
      .execute();
    await recordActorAudit(trx, who, 'invite', null, {
      inviteId: id,
      vendorId: vendor.id,
      propertyId,
      email: input.email,
      allowedKinds: input.allowedKinds,
      expiresAt: expiresAt.toISOString(),
    });
    const url = mailLinks.vendorInvite(origin, token);
    await queueMailWithin(services, trx, 'urgent', {
      to: input.email,
      forOrganization: organizationId,
      ...vendorInviteMail({
        vendorName: input.name,
        ownerName: `${owner.first_name} ${owner.last_name}`.trim(),
        address: property.address,
        dnaCode: property.dna_code,
        what: kindsPhrase(input.allowedKinds),
        url,
        expiresOn: formatDate(expiresAt),
      }),
    });
    return { inviteId: id, vendorId: vendor.id, url };
  });
  return {
    vendor: await getVendor(db, organizationId, vendorId, now),
    invite: { id: inviteId, url, expires_at: expiresAt.toISOString() },
  };
}

/** PATCH /api/vendors/{id}: the owner's own record of a provider (never their e-mail address). */
export async function updateVendor(db: Db, who: RequestActor, id: string, patch: UpdateVendor) {
  const vendorId = await requireOwned(db, who.actor.organizationId, 'vendor', id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('vendors')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.company !== undefined ? { company: patch.company } : {}),
        ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
        ...(patch.specialties !== undefined ? { specialties: JSON.stringify(patch.specialties) } : {}),
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', vendorId)
      .execute();
    await recordActorAudit(trx, who, 'vendor_update', null, { vendorId, ...patch });
  });
  return getVendor(db, who.actor.organizationId, vendorId);
}

/** POST /api/vendors/{id}/revoke: ends the vendor's live links (of one property, when given). */
export async function revokeVendor(
  db: Db,
  who: RequestActor,
  id: string,
  propertyId: string | null,
  now = new Date(),
) {
  // The property first: a foreign or archived one is 'Property not found', whoever the vendor is.
  const property = propertyId
    ? await requireOwned(db, who.actor.organizationId, 'property', propertyId)
    : null;
  const vendorId = await requireOwned(db, who.actor.organizationId, 'vendor', id);
  const revoked = await db.transaction().execute(async (trx) => {
    const count = await revokeInvitesOf(trx, who.actor.organizationId, vendorId, property, now);
    await recordActorAudit(trx, who, 'revoke_invite', null, {
      vendorId,
      propertyId: property,
      revoked: count,
    });
    return count;
  });
  return { revoked };
}

/**
 * DELETE /api/vendors/{id}: the vendor leaves the directory and their links end. What they uploaded stays
 * in the vault, still named as verified by them (the name was written at upload).
 */
export async function deleteVendor(db: Db, who: RequestActor, id: string, now = new Date()) {
  const vendorId = await requireOwned(db, who.actor.organizationId, 'vendor', id);
  // The directory entry serves the organisation's other properties too: not a restricted token's to remove.
  assertNotPropertyScoped();
  await db.transaction().execute(async (trx) => {
    await revokeInvitesOf(trx, who.actor.organizationId, vendorId, null, now);
    const vendor = await trx
      .deleteFrom('vendors')
      .where('id', '=', vendorId)
      .returning(['name', 'email'])
      .executeTakeFirstOrThrow();
    await recordActorAudit(trx, who, 'vendor_delete', null, { vendorId, ...vendor });
  });
}
