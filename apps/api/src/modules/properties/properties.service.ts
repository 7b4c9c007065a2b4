import { randomBytes } from 'node:crypto';
import {
  canAddProperty,
  correctedMunicipality,
  describeMunicipality,
  issueDnaCode,
  johannesburgDate,
  type NewProperty,
  type PropertyFilter,
  type PropertyPageQuery,
  parcelKey,
  resolvePropertyMunicipality,
  type UpdateProperty,
} from '@propertydna/domain';
import { sql, type Transaction } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { notOwned, requireOwned } from '../../auth/owned.js';
import { assertNotPropertyScoped } from '../../auth/property-scope.js';
import type { Database, Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { JsonText } from '../../json-text.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { queueComplianceRecheckWithin } from '../compliance/compliance.jobs.js';
import { runComplianceCheck } from '../compliance/compliance.service.js';
import { reminderFigures } from '../maintenance/reminders.service.js';
import { cachedPortfolioRead } from './portfolio-cache.js';
import {
  countLiveProperties,
  findProperty,
  listProperties,
  pageProperties,
  portfolioCounts,
} from './properties.repo.js';
import type { DashboardStats, PropertyOut, PropertyPageOut } from './properties.schemas.js';

export const PARCEL_TAKEN = 'This property is already registered in your portfolio';

/** A uniform draw in [0, 1) from the operating system's CSPRNG, for the DNA code's random characters. */
export const secureRandom = () => randomBytes(4).readUInt32BE() / 2 ** 32;

/** The registration year as it is in South Africa at that moment. */
export function registrationYear(now: Date): number {
  return johannesburgDate(now).year;
}

/** Every live property, searched and filtered when asked (the spec's list), as the database's JSON. */
export function getProperties(
  db: Db,
  organizationId: string,
  filter: PropertyFilter = {},
  now = new Date(),
): Promise<JsonText<PropertyOut[]>> {
  return cachedPortfolioRead(
    db,
    organizationId,
    JSON.stringify(['list', filter.q, filter.status]),
    now,
    () => listProperties(db, organizationId, now, filter),
    (list) => list.text.length * 2,
  );
}

/** One page of the portfolio, searched and filtered (the screens' list). */
export function getPropertyPage(
  db: Db,
  organizationId: string,
  input: PropertyPageQuery,
  now = new Date(),
): Promise<PropertyPageOut> {
  return cachedPortfolioRead(
    db,
    organizationId,
    JSON.stringify(['page', input.limit, input.cursor, input.q, input.status]),
    now,
    () => pageProperties(db, organizationId, input, now),
    // About 1 KB a card as JavaScript objects.
    (page) => 1024 * (page.items.length + 1),
  );
}

export async function getProperty(
  db: Db,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<PropertyOut> {
  const owned = await requireOwned(db, organizationId, 'property', id);
  const property = await findProperty(db, organizationId, owned, now);
  // Archived between the two reads.
  if (!property) throw notOwned('property');
  return property;
}

/**
 * Registers a property: checks the plan's limit and the parcel (with the organisation row locked,
 * so two creates at once cannot both pass either check), and issues the
 * permanent DNA code on the server (whatever code the client may have sent is never read).
 */
export async function createProperty(
  db: Db,
  organizationId: string,
  input: NewProperty,
  now = new Date(),
  random: () => number = secureRandom,
): Promise<PropertyOut> {
  const id = await db.transaction().execute((trx) => insertProperty(trx, organizationId, input, now, random));
  // Checked at once, so its card shows what it lacks from the start.
  await runComplianceCheck(db, organizationId, id, now);
  return getProperty(db, organizationId, id, now);
}

/**
 * createProperty's work inside the caller's transaction (adoption creates the property and copies
 * the documents in one): answers the new property's id.
 */
export async function insertProperty(
  trx: Transaction<Database>,
  organizationId: string,
  input: NewProperty,
  now = new Date(),
  random: () => number = secureRandom,
): Promise<string> {
  // A token restricted to one property (issue 30 §1) adds none: every way a property is added comes here.
  assertNotPropertyScoped();
  const key = parcelKey(input);
  const organization = await trx
    .selectFrom('organizations')
    .select(['plan', 'trial_ends_at'])
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const allowed = canAddProperty(
    organization.plan,
    organization.trial_ends_at ? new Date(organization.trial_ends_at) : null,
    await countLiveProperties(trx, organizationId),
    now,
  );
  if (!allowed.ok) throw new AppError('FORBIDDEN', allowed.reason);
  const taken = await trx
    .selectFrom('properties')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('parcel_key', '=', key)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', PARCEL_TAKEN);

  const year = registrationYear(now);
  // A code that exists already (about 1 in 28 million per parcel and year) is drawn again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const dnaCode = issueDnaCode(
      {
        country: input.country,
        municipality: input.municipality,
        parcelId: input.parcel_id,
        unit: input.unit,
      },
      year,
      random,
    );
    const row = await trx
      .insertInto('properties')
      .values({
        organization_id: organizationId,
        dna_code: dnaCode,
        parcel_key: key,
        name: input.name,
        address: input.address,
        property_type: input.property_type,
        country: input.country,
        municipality: input.municipality,
        parcel_id: input.parcel_id,
        township: input.township ?? null,
        unit: input.unit ?? null,
        deed_number: input.deed_number ?? null,
        description: input.description ?? null,
        features: JSON.stringify(input.features ?? []),
      })
      .onConflict((conflict) => conflict.column('dna_code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) {
      // Its first ownership period (issue 17): the history starts with whoever registered it.
      await trx
        .insertInto('property_ownerships')
        .values((eb) => ({
          property_id: row.id,
          organization_id: organizationId,
          organization_name: eb.selectFrom('organizations').select('name').where('id', '=', organizationId),
          started_at: now,
        }))
        .execute();
      return row.id;
    }
  }
  throw new AppError('INTERNAL', 'Could not issue a unique DNA code');
}

/** The answer to a municipality correction that would make the property a second copy of another. */
export function parcelTakenIn(municipality: string): string {
  return `Another property in your portfolio already has this parcel in ${describeMunicipality(municipality)}`;
}

/**
 * What correcting the municipality of a locked property to `value` changes: its municipality (in South
 * Africa the listed code the value names) and its parcel key, the duplicate check's; null when the value
 * names the municipality it already has. 400 with the domain's message for a value that names no
 * municipality of its country; 409 when another live property of the organisation already holds that
 * parcel in the new municipality. The organisation's row is locked as a create locks it, so a
 * correction and a create of the same parcel cannot both pass the check.
 */
async function municipalityCorrection(
  trx: Transaction<Database>,
  organizationId: string,
  propertyId: string,
  value: string,
): Promise<{ from: string; to: string; parcelKey: string; dnaCode: string } | null> {
  const property = await trx
    .selectFrom('properties')
    .select(['country', 'municipality', 'parcel_id', 'unit', 'dna_code'])
    .where('id', '=', propertyId)
    .executeTakeFirstOrThrow();
  const corrected = correctedMunicipality(property.country, value);
  if (!corrected.ok) throw new AppError('BAD_REQUEST', corrected.message);
  if (corrected.municipality === property.municipality) return null;
  const key = parcelKey({ ...property, municipality: corrected.municipality });
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const holder = await trx
    .selectFrom('properties')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('parcel_key', '=', key)
    .where('archived_at', 'is', null)
    .where('id', '<>', propertyId)
    .executeTakeFirst();
  if (holder) throw new AppError('CONFLICT', parcelTakenIn(corrected.municipality));
  return {
    from: property.municipality,
    to: corrected.municipality,
    parcelKey: key,
    dnaCode: property.dna_code,
  };
}

/**
 * Edits the descriptive fields and corrects the municipality (issue 32 §5); the DNA code, an identifier,
 * stays exactly as issued (a trigger refuses any change of it), and so do the country and the parcel.
 * A corrected municipality is recorded in the property's audit trail (from, to, who, when, from where)
 * and rebuilds the parcel key. New features or a corrected municipality bring other rules: the
 * compliance check is rechecked (queued in the same transaction).
 */
export async function updateProperty(
  services: AppServices,
  who: RequestActor,
  id: string,
  patch: UpdateProperty,
  now = new Date(),
): Promise<PropertyOut> {
  const db = services.db.db;
  const organizationId = who.actor.organizationId;
  const owned = await db.transaction().execute(async (trx) => {
    const owned = await requireOwned(trx, organizationId, 'property', id, { lock: true });
    const { features, municipality, ...fields } = patch;
    const correction =
      municipality === undefined
        ? null
        : await municipalityCorrection(trx, organizationId, owned, municipality);
    await trx
      .updateTable('properties')
      .set({
        ...fields,
        ...(features ? { features: JSON.stringify(features) } : {}),
        ...(correction ? { municipality: correction.to, parcel_key: correction.parcelKey } : {}),
        updated_at: now,
      })
      .where('id', '=', owned)
      .execute();
    if (correction) {
      await recordActorAudit(trx, who, 'municipality_correct', null, {
        propertyId: owned,
        from: correction.from,
        to: correction.to,
        dnaCode: correction.dnaCode,
      });
    }
    if (features || correction) await queueComplianceRecheckWithin(services, trx, organizationId, [owned]);
    return owned;
  });
  return getProperty(db, organizationId, owned, now);
}

/** Takes a property out of the portfolio; its documents are kept. */
export async function archiveProperty(
  db: Db,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const owned = await requireOwned(trx, organizationId, 'property', id, { lock: true });
    await trx
      .updateTable('properties')
      .set({ archived_at: now, updated_at: now })
      .where('id', '=', owned)
      .execute();
    // A pending transfer of it (issue 17) is cancelled with its link: there is nothing left to accept.
    const cancelled = await trx
      .updateTable('transfers')
      .set({ status: 'cancelled', decided_at: now })
      .where('property_id', '=', owned)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    if (cancelled.length > 0) {
      await trx
        .updateTable('capabilities')
        .set({ revoked_at: now })
        .where(
          'id',
          'in',
          cancelled.map((transfer) => transfer.id),
        )
        .where('revoked_at', 'is', null)
        .execute();
    }
  });
}

/** Counts for the dashboard: properties, documents, compliance by status, expiries within 30 days. */
/** The dashboard's figures; its upcoming count is the Actions tabs' reminders due within 30 days, its expiries the documents expiring within 60. */
export async function dashboardStats(
  db: Db,
  organizationId: string,
  now = new Date(),
): Promise<DashboardStats> {
  // Merging every reminder source of a large portfolio takes tens of milliseconds; the figures are
  // kept per portfolio version like the list (tasks, reminders and the plan change it too).
  return cachedPortfolioRead(
    db,
    organizationId,
    'stats',
    now,
    async () => {
      const [counts, figures] = await Promise.all([
        portfolioCounts(db, organizationId, now),
        reminderFigures(db, organizationId, now),
      ]);
      return { ...counts, ...figures };
    },
    () => 256,
  );
}

/**
 * Properties registered before the official municipality list kept the typed name ('City of Cape
 * Town') and a parcel key (the duplicate check) built from it, so the same parcel entered since as
 * 'CPT' was not seen as a duplicate. Every such name that resolves to one municipality of the list is
 * stored as its code with the parcel key rebuilt; the DNA code never changes. Where the rebuilt key is
 * already held by another live property of the organisation (one parcel registered twice under two
 * spellings), the later row keeps its old values so that neither property is lost or hidden. Run at
 * start: a name the list cannot resolve stays as typed (and is looked at again next time, cheaply).
 * Answers how many properties were changed.
 */
export async function storeMunicipalityCodes(db: Db): Promise<number> {
  const rows = await db
    .selectFrom('properties')
    .select(['id', 'organization_id', 'municipality', 'parcel_id', 'unit', 'archived_at'])
    .where('country', '=', 'ZA')
    // Codes are upper-case letters and digits; anything else was typed before the list.
    .where(sql<boolean>`municipality !~ '^[A-Z]{2,3}[0-9]{0,3}$'`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let changed = 0;
  for (const row of rows) {
    const resolution = resolvePropertyMunicipality(row.municipality);
    if (!resolution.ok) continue;
    const municipality = resolution.municipality.code;
    const key = parcelKey({ country: 'ZA', municipality, parcel_id: row.parcel_id, unit: row.unit });
    const moved = await db.transaction().execute(async (trx) => {
      if (row.archived_at === null) {
        const holder = await trx
          .selectFrom('properties')
          .select('id')
          .where('organization_id', '=', row.organization_id)
          .where('parcel_key', '=', key)
          .where('archived_at', 'is', null)
          .where('id', '<>', row.id)
          .executeTakeFirst();
        if (holder) return false;
      }
      await trx
        .updateTable('properties')
        .set({ municipality, parcel_key: key })
        .where('id', '=', row.id)
        .execute();
      return true;
    });
    if (moved) changed += 1;
  }
  return changed;
}
