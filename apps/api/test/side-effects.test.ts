import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ComplianceFinding,
  createPropertyInputSchema,
  johannesburgToday,
  registerDocumentSchema,
  transferStartSchema,
} from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestActor } from '../src/auth/actor.js';
import { complianceRecheckJob } from '../src/modules/compliance/compliance.jobs.js';
import {
  deleteDocument,
  registerDocument,
  signUpload,
  updateDocument,
} from '../src/modules/documents/documents.service.js';
import { extractionReadJob } from '../src/modules/extraction/extraction.jobs.js';
import { policyAnalysisJob } from '../src/modules/policies/policies.jobs.js';
import { analysePolicy } from '../src/modules/policies/policies.service.js';
import { createProperty, updateProperty } from '../src/modules/properties/properties.service.js';
import { adoptShare, findLiveShare, shareProperty } from '../src/modules/shares/shares.service.js';
import { acceptTransfer } from '../src/modules/transfers/accept-transfer.js';
import { startTransfer } from '../src/modules/transfers/transfers.service.js';
import { signUpAndLogIn } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { sha256Hex } from './support/http-owner.js';

const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(2000, 0x41), Buffer.from('\n%%EOF\n')]);
/** A photo of a policy: registered like any policy, its wording cannot be read (not a PDF). */
const png = (label: string) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    Buffer.from(`IHDR ${label}`),
    Buffer.alloc(500, 0x42),
  ]);
const day = (days: number) => johannesburgToday(new Date(Date.now() + days * 86_400_000));

/**
 * A new door (an API token, a webhook, an OCR run, an import) calls the service functions and nothing
 * else. Everything that must follow a change — the compliance recheck, the policy analysis — has to come
 * with the change itself: queued in its transaction, present if and only if it committed.
 */
describe(`side effects come with the change, whichever door (${databaseKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Runs what earlier changes queued, so each test counts only its own jobs. */
  async function drain() {
    // A policy's analysis may wait for its reading, whose end queues the analysis again.
    while ((await t.services.jobs.runQueued([policyAnalysisJob, extractionReadJob])) > 0) {}
    while ((await t.services.jobs.runQueued(complianceRecheckJob)) > 0) {}
  }
  beforeEach(drain);

  const rechecks = () => t.services.jobs.runQueued(complianceRecheckJob);
  const analyses = () => t.services.jobs.runQueued(policyAnalysisJob);
  const readings = () => t.services.jobs.runQueued(extractionReadJob);

  /** An owner as the services see one: no session, no HTTP, no router. */
  async function owner(): Promise<RequestActor & { email: string }> {
    const account = await signUpAndLogIn(t);
    return {
      email: account.email,
      actor: {
        userId: account.userId,
        organizationId: account.organizationId,
        userType: 'homeowner',
        role: 'owner',
        sessionId: 'new-door',
        via: 'bearer',
      },
      ip: '192.0.2.25',
    };
  }

  const propertyInput = () =>
    createPropertyInputSchema.parse({
      name: 'Door House',
      address: '9 Loop Street',
      municipality: 'CPT',
      parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
    });

  /** A file signed and uploaded for `who` (step 1 and 2 of the upload sequence): its registration fields. */
  async function uploaded(who: RequestActor, content: Buffer, contentType: 'application/pdf' | 'image/png') {
    const declaration = { contentType, sha256: sha256Hex(content), bytes: content.length };
    const signed = await signUpload(t.db.db, t.store, who, declaration, t.env.UPLOAD_QUOTA_BYTES);
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.url,
      payload: content,
      headers: { 'content-type': contentType },
    });
    expect(put.statusCode, put.body).toBe(200);
    return {
      storage_key: signed.key,
      sha256: declaration.sha256,
      bytes: content.length,
      content_type: contentType,
    };
  }

  async function storedCheck(propertyId: string) {
    return t.db.db
      .selectFrom('compliance_checks')
      .select(['organization_id', 'stale', 'findings'])
      .where('property_id', '=', propertyId)
      .executeTakeFirstOrThrow();
  }
  const finding = (findings: ComplianceFinding[], rule: string) => findings.find((f) => f.rule === rule);

  async function analysisState(documentId: string) {
    const row = await t.db.db
      .selectFrom('policy_analyses')
      .select('state')
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    return row?.state ?? null;
  }

  it('a document registered, changed and deleted through the services alone is rechecked each time', async () => {
    const who = await owner();
    const property = await createProperty(t.db.db, who.actor.organizationId, propertyInput());
    expect(finding((await storedCheck(property.id)).findings, 'electrical_coc.ongoing')?.type).toBe('gap');

    const registered = await registerDocument(
      t.services,
      who,
      registerDocumentSchema.parse({
        ...(await uploaded(who, pdf('coc'), 'application/pdf')),
        property_id: property.id,
        kind: 'certificate',
        metadata: { filename: 'coc.pdf', certificate_type: 'electrical_coc', issued_on: day(-30) },
      }),
    );
    // Marked stale with the change, and exactly one recheck queued with it.
    expect((await storedCheck(property.id)).stale).toBe(true);
    expect(await rechecks()).toBe(1);
    let check = await storedCheck(property.id);
    expect(check.stale).toBe(false);
    expect(finding(check.findings, 'electrical_coc.ongoing')).toMatchObject({
      type: 'compliant',
      evidence: [{ id: registered.id }],
    });

    // Issued 3 years ago: still holds for ongoing use, no longer for a transfer.
    await updateDocument(t.services, who, registered.id, { issued_on: day(-3 * 366) });
    expect(await rechecks()).toBe(1);
    check = await storedCheck(property.id);
    expect(finding(check.findings, 'electrical_coc.transfer')?.type).toBe('gap');

    await deleteDocument(t.services, who, registered.id);
    expect((await storedCheck(property.id)).stale).toBe(true);
    expect(await rechecks()).toBe(1);
    expect(finding((await storedCheck(property.id)).findings, 'electrical_coc.ongoing')?.type).toBe('gap');
    // Nothing else was queued: a certificate is not analysed; its reading came with its registration alone
    // (the change and the delete queued none; the document was gone when it ran).
    expect(await analyses()).toBe(0);
    expect(await readings()).toBe(1);
  });

  it('a policy registered through the service is analysed, and the analysis queues the recheck that reads it', async () => {
    const who = await owner();
    const property = await createProperty(t.db.db, who.actor.organizationId, propertyInput());
    const policy = await registerDocument(
      t.services,
      who,
      registerDocumentSchema.parse({
        ...(await uploaded(who, png('policy'), 'image/png')),
        property_id: property.id,
        kind: 'policy',
        metadata: { filename: 'policy photo.png' },
      }),
    );
    expect(await analysisState(policy.id)).toBe('queued');
    // The analysis (the job runs the service function, as a new door would call it) waits for the photo's
    // reading, queued with the registration in the same way…
    expect(await analyses()).toBe(1);
    expect(await analysisState(policy.id)).toBe('queued');
    expect(await readings()).toBe(1);
    // …whose end queues the analysis again: nothing could be read from this photo.
    expect(await analyses()).toBe(1);
    expect(await analysisState(policy.id)).toBe('no_text');
    // It queued a recheck beside the registration's own.
    expect(await rechecks()).toBe(2);
    expect(finding((await storedCheck(property.id)).findings, 'policy_wording.insurance')).toMatchObject({
      type: 'unknown',
      evidence: [{ id: policy.id }],
    });

    // Analysed again straight through the service: the recheck comes with it.
    expect(await analysePolicy(t.services, who.actor.organizationId, policy.id)).toBe(property.id);
    expect(await rechecks()).toBe(1);
    expect(await analyses()).toBe(0);
  });

  it("new features, an adoption and a transfer's acceptance each queue the recheck themselves", async () => {
    const seller = await owner();
    const property = await createProperty(t.db.db, seller.actor.organizationId, propertyInput());
    await updateProperty(t.services, seller, property.id, { features: ['gas'] });
    expect((await storedCheck(property.id)).stale).toBe(true);
    expect(await rechecks()).toBe(1);
    expect(finding((await storedCheck(property.id)).findings, 'gas_coc.ongoing')).toBeDefined();
    // Other fields change nothing the check reads: nothing is queued.
    await updateProperty(t.services, seller, property.id, { name: 'Door House II' });
    expect(await rechecks()).toBe(0);

    // Adoption: the shared policy is analysed in the adopter's new property, which is rechecked.
    const policy = await registerDocument(
      t.services,
      seller,
      registerDocumentSchema.parse({
        ...(await uploaded(seller, png('shared policy'), 'image/png')),
        property_id: property.id,
        kind: 'policy',
        metadata: { filename: 'shared policy.png' },
      }),
    );
    await drain();
    const link = await shareProperty(t.db.db, seller.actor, property.id, {
      password: null,
      expiresInDays: 7,
      documentIds: [policy.id],
    });
    const adopter = await owner();
    const adopted = await adoptShare(t.services, await findLiveShare(t.db.db, link.token), adopter, {
      create_property: true,
      property: propertyInput(),
    });
    expect(adopted.adopted).toBe(1);
    expect(await analyses()).toBe(1);
    expect(await rechecks()).toBe(2);
    const adopterCheck = await storedCheck(adopted.property_id);
    expect(adopterCheck.organization_id).toBe(adopter.actor.organizationId);
    expect(finding(adopterCheck.findings, 'policy_wording.insurance')?.type).toBe('unknown');

    // Transfer: accepted by the buyer, the property's check is rechecked as the buyer's.
    const buyer = await owner();
    const offer = await startTransfer(
      t.services,
      seller,
      property.id,
      transferStartSchema.parse({ email: buyer.email }),
      'http://door.test',
    );
    await acceptTransfer(t.services, buyer, offer.id, 'http://door.test');
    expect((await storedCheck(property.id)).stale).toBe(true);
    expect(await rechecks()).toBe(1);
    const moved = await storedCheck(property.id);
    expect(moved).toMatchObject({ organization_id: buyer.actor.organizationId, stale: false });
  });

  it('a change that does not commit queues nothing; the same change committed queues both', async () => {
    const who = await owner();
    const property = await createProperty(t.db.db, who.actor.organizationId, propertyInput());
    const policy = await registerDocument(
      t.services,
      who,
      registerDocumentSchema.parse({
        ...(await uploaded(who, png('policy'), 'image/png')),
        property_id: property.id,
        kind: 'policy',
        metadata: { filename: 'policy.png' },
      }),
    );
    await drain();
    expect(await analysisState(policy.id)).toBe('no_text');

    // The database refuses this document's change at COMMIT: after the service has written the change
    // and queued its jobs in the same transaction.
    await sql`create or replace function side_effects_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`.execute(t.db.db);
    await sql`create constraint trigger side_effects_refuse after update on documents
      deferrable initially deferred for each row when (new.id = ${sql.lit(policy.id)}::uuid)
      execute function side_effects_refuse()`.execute(t.db.db);
    try {
      await expect(updateDocument(t.services, who, policy.id, { expires_at: day(300) })).rejects.toThrow(
        /refused at commit/,
      );
    } finally {
      await sql`drop trigger side_effects_refuse on documents`.execute(t.db.db);
      await sql`drop function side_effects_refuse()`.execute(t.db.db);
    }
    const unchanged = await t.db.db
      .selectFrom('documents')
      .select('expires_at')
      .where('id', '=', policy.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.expires_at).toBeNull();
    expect(await analysisState(policy.id)).toBe('no_text');
    expect((await storedCheck(property.id)).stale).toBe(false);
    expect(await analyses()).toBe(0);
    expect(await rechecks()).toBe(0);

    await updateDocument(t.services, who, policy.id, { expires_at: day(300) });
    expect(await analysisState(policy.id)).toBe('queued');
    expect((await storedCheck(property.id)).stale).toBe(true);
    expect(await analyses()).toBe(1);
    expect(await rechecks()).toBe(2);
  });

  it('a recheck that cannot be queued leaves the change undone: never a change without its job', async () => {
    const who = await owner();
    const property = await createProperty(t.db.db, who.actor.organizationId, propertyInput());
    // The queue refuses compliance rechecks (its table is pg-boss's, partitioned by queue name).
    await sql`create or replace function side_effects_no_queue() returns trigger language plpgsql as $$
      begin raise exception 'queue refused'; end $$`.execute(t.db.db);
    await sql`create trigger side_effects_no_queue after insert on pgboss.job for each row
      when (new.name = 'compliance.recheck') execute function side_effects_no_queue()`.execute(t.db.db);
    try {
      await expect(updateProperty(t.services, who, property.id, { features: ['pool'] })).rejects.toThrow(
        /queue refused/,
      );
    } finally {
      await sql`drop trigger side_effects_no_queue on pgboss.job`.execute(t.db.db);
      await sql`drop function side_effects_no_queue()`.execute(t.db.db);
    }
    const row = await t.db.db
      .selectFrom('properties')
      .select('features')
      .where('id', '=', property.id)
      .executeTakeFirstOrThrow();
    expect(row.features).toEqual([]);
    expect((await storedCheck(property.id)).stale).toBe(false);
    expect(await rechecks()).toBe(0);
  });

  it('no router or REST route queues a side effect itself: the services do', () => {
    const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
    const doors = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.(router|rest)\.ts$/.test(file) || /^rest[/\\].*\.ts$/.test(file),
    );
    expect(doors.length).toBeGreaterThan(10);
    for (const file of doors) {
      const text = readFileSync(path.join(src, file), 'utf8');
      expect(text, file).not.toMatch(/\bjobs\.send|\bsendWithin\b|\bqueue\w*Within\(|\bqueueMail\(/);
    }
  });
});
