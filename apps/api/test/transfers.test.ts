import {
  EMAIL_VERIFICATION_MESSAGES,
  FREE_PLAN_LIMIT_MESSAGE,
  johannesburgToday,
  TRANSFER_MESSAGES,
} from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES } from '../src/auth/owned.js';
import { appUrl } from '../src/env.js';
import { MOVED_WITH_PROPERTY } from '../src/modules/properties/move-property.js';
import { verifyEmailOf } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { pdfTextOf, unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';
import { mailsTo } from './support/outbox.js';

const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(1200, 0x41), Buffer.from('\n%%EOF\n')]);

const today = johannesburgToday(new Date());

/** The tables whose rows belong to a property through their organisation_id, and how each finds its rows. */
const PROPERTY_TABLES = [
  'documents',
  'compliance_checks',
  'policy_analyses',
  'policy_findings',
  'maintenance_tasks',
  'reminders',
  'claims',
  'callbacks',
  'vendor_invites',
] as const;

describe(`ownership transfer (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  type Seller = HttpOwner & { propertyId: string; documents: { id: string; sha256: string; name: string }[] };

  async function addProperty(owner: HttpOwner, name = 'Kloof House'): Promise<string> {
    const res = await owner.call('POST', '/api/properties', {
      name,
      address: `${name}, 8 Kloof Street, Gardens`,
      municipality: 'CPT',
      parcel_id: `T${Math.random().toString(36).slice(2, 8)}`,
      features: ['geyser'],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  /** A seller with a property that has a bit of everything: documents, a task done, a reminder, a claim… */
  async function sellerWithProperty(): Promise<Seller> {
    const owner = await httpOwner(t, origin);
    const propertyId = await addProperty(owner);
    const documents: Seller['documents'] = [];
    const upload = async (content: Buffer, fields: Record<string, unknown>) => {
      const res = await owner.upload(content, 'application/pdf', { property_id: propertyId, ...fields });
      expect(res.statusCode, res.body).toBe(201);
      documents.push({ id: res.json().id, sha256: sha256Hex(content), name: res.json().name });
      return res.json().id as string;
    };
    await upload(pdf(`coc ${propertyId}`), {
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      metadata: { certificate_type: 'electrical_coc', issued_on: today },
    });
    await upload(pdf(`deed ${propertyId}`), { kind: 'deed', name: 'Title deed.pdf' });
    const invoice = await upload(pdf(`invoice ${propertyId}`), {
      kind: 'maintenance',
      name: 'Geyser service.pdf',
    });
    // A policy's analysis and a finding of it (rows as the analysis job writes them).
    const policy = await upload(pdf(`policy ${propertyId}`), { kind: 'policy', name: 'Home policy.pdf' });
    await t.db.db
      .insertInto('policy_analyses')
      .values({
        document_id: policy,
        organization_id: owner.organizationId,
        property_id: propertyId,
        state: 'done',
      })
      .onConflict((c) => c.column('document_id').doUpdateSet({ state: 'done' }))
      .execute();
    await t.db.db
      .insertInto('policy_findings')
      .values({
        organization_id: owner.organizationId,
        property_id: propertyId,
        document_id: policy,
        finding_type: 'exclusion',
        key: 'geyser-drip-tray',
        title: 'Geyser without a drip tray',
        description: 'Damage from a geyser without a drip tray is excluded.',
        severity: 'high',
        confidence: 0.9,
        excerpt: 'drip tray',
      })
      .execute();
    // A reminder marked complete for one of its documents (its key names the property).
    await t.db.db
      .insertInto('reminder_completions')
      .values({
        organization_id: owner.organizationId,
        reminder_key: JSON.stringify([propertyId, 'policy']),
        due_date: '2027-03-01',
        completed_by: owner.userId,
      })
      .execute();
    const task = await owner.call('POST', '/api/maintenance', {
      propertyId,
      title: 'Service the geyser',
      frequency: 'annually',
      priority: 'medium',
      next_due: '2027-01-31',
    });
    expect(task.statusCode, task.body).toBe(201);
    const done = await owner.call('POST', `/api/maintenance/${task.json().id}/complete`, {
      document_id: invoice,
      notes: 'Anode replaced',
    });
    expect(done.statusCode, done.body).toBeLessThan(300);
    const reminder = await owner.call('POST', `/api/properties/${propertyId}/reminders`, {
      title: 'Call the roofer',
      due_date: '2027-01-15',
      priority: 'high',
    });
    expect(reminder.statusCode, reminder.body).toBeLessThan(300);
    const check = await owner.call('POST', `/api/properties/${propertyId}/policy-check`);
    expect(check.statusCode, check.body).toBe(200);
    const claim = await owner.call('POST', `/api/properties/${propertyId}/claims`, {
      incident_type: 'burst_geyser',
      incident_date: today,
      description: 'The geyser burst.',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const callback = await owner.call('POST', `/api/properties/${propertyId}/callbacks`, {
      phone: '082 123 4567',
      preferred_time: 'morning',
      topic: 'My geyser claim',
    });
    expect(callback.statusCode, callback.body).toBe(201);
    const invite = await owner.call('POST', '/api/vendors/invite', {
      name: 'Sipho Dlamini',
      email: `sipho.${Math.random().toString(36).slice(2, 8)}@sparks.co.za`,
      propertyId,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const share = await owner.call('POST', `/api/properties/${propertyId}/share`, {
      password: null,
      documentIds: [documents[0]?.id],
    });
    expect(share.statusCode, share.body).toBeLessThan(300);
    return { ...owner, propertyId, documents };
  }

  async function start(seller: Seller, email: string, message?: string) {
    const res = await seller.call('POST', `/api/properties/${seller.propertyId}/transfer`, {
      email,
      message,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; expires_at: string };
  }

  /** Rows of the property in each table, by organisation. */
  async function rowsByOrganization(propertyId: string) {
    const out: Record<string, Record<string, number>> = {};
    for (const table of PROPERTY_TABLES) {
      const { rows } = await sql<{ organization_id: string; n: number }>`
        select organization_id, count(*)::int as n from ${sql.table(table)}
        where property_id = ${propertyId} group by organization_id`.execute(t.db.db);
      out[table] = Object.fromEntries(rows.map((row) => [row.organization_id, row.n]));
    }
    const { rows } = await sql<{ organization_id: string; n: number }>`
      select c.organization_id, count(*)::int as n from maintenance_completions c
      join maintenance_tasks m on m.id = c.task_id where m.property_id = ${propertyId}
      group by c.organization_id`.execute(t.db.db);
    out.maintenance_completions = Object.fromEntries(rows.map((row) => [row.organization_id, row.n]));
    const { rows: done } = await sql<{ organization_id: string; n: number }>`
      select organization_id, count(*)::int as n from reminder_completions
      where position(${propertyId} in reminder_key) > 0 group by organization_id`.execute(t.db.db);
    out.reminder_completions = Object.fromEntries(done.map((row) => [row.organization_id, row.n]));
    // The readings of its documents (queued with each registration) name the organisation too.
    const { rows: readings } = await sql<{ organization_id: string; n: number }>`
      select e.organization_id, count(*)::int as n from document_extractions e
      join documents d on d.id = e.document_id where d.property_id = ${propertyId}
      group by e.organization_id`.execute(t.db.db);
    out.document_extractions = Object.fromEntries(readings.map((row) => [row.organization_id, row.n]));
    return out;
  }

  it('starts a transfer: 201 pending with a 30-day expiry; the buyer is mailed a link saying what is included', async () => {
    const seller = await sellerWithProperty();
    const buyerEmail = `buyer.${Math.random().toString(36).slice(2, 8)}@example.co.za`;
    const started = await start(seller, buyerEmail.toUpperCase(), 'The keys are with the agent.');
    expect(started.status).toBe('pending');
    expect(Math.round((new Date(started.expires_at).getTime() - Date.now()) / 86_400_000)).toBe(30);
    const [mail, ...more] = await mailsTo(t, buyerEmail);
    expect(more).toHaveLength(0);
    const text = mail?.text ?? '';
    expect(text).toContain(`${appUrl(t.env)}/transfers/`);
    expect(text).toContain('The keys are with the agent.');
    expect(text).toContain('4 documents from the vault, 1 of them certificate');
    expect(text).toContain('1 maintenance task and its service history');
    const row = await t.db.db
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', started.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ to_email: buyerEmail, status: 'pending', property_id: seller.propertyId });

    // One pending transfer per property; never to an address of the seller's own organisation.
    const again = await seller.call('POST', `/api/properties/${seller.propertyId}/transfer`, {
      email: 'someone.else@example.co.za',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: TRANSFER_MESSAGES.pendingExists });
    const other = await addProperty(seller, 'Second House');
    const own = await seller.call('POST', `/api/properties/${other}/transfer`, { email: seller.email });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: TRANSFER_MESSAGES.ownOrganization });
    const bad = await seller.call('POST', `/api/properties/${other}/transfer`, { email: 'nobody@' });
    expect(bad.statusCode).toBe(400);

    const list = (await seller.call('GET', '/api/transfers')).json();
    expect(list.incoming).toEqual([]);
    expect(list.outgoing).toHaveLength(1);
    expect(list.outgoing[0]).toMatchObject({ id: started.id, status: 'pending', documents_count: 4 });
  });

  it('accept moves everything to the buyer (same id, DNA code and SHA-256s); the seller gets 404 after; the history shows both periods', async () => {
    const seller = await sellerWithProperty();
    const before = (await seller.call('GET', `/api/properties/${seller.propertyId}`)).json();
    const shareLinks = await seller.call('GET', `/api/properties/${seller.propertyId}/shares`);
    const shareToken = shareLinks.json()[0];
    expect(shareToken).toBeTruthy();
    const buyer = await httpOwner(t, origin);
    const started = await start(seller, buyer.email, 'Welcome home');

    // The buyer sees it as incoming, with what comes with the property.
    const incoming = (await buyer.call('GET', '/api/transfers')).json().incoming;
    expect(incoming).toEqual([
      expect.objectContaining({
        id: started.id,
        status: 'pending',
        property: {
          id: seller.propertyId,
          name: 'Kloof House',
          address: before.address,
          dna_code: before.dnaCode,
        },
        to_organization: null,
        message: 'Welcome home',
        documents_count: 4,
        expires_at: started.expires_at,
      }),
    ]);
    expect(incoming[0].from_organization).toEqual(expect.any(String));

    // The pack while pending: the seller's.
    const pendingPack = await fetch(`${origin}/api/transfers/${started.id}/pack`, {
      headers: seller.headers,
    });
    expect(pendingPack.status).toBe(200);
    expect(
      (await fetch(`${origin}/api/transfers/${started.id}/pack`, { headers: buyer.headers })).status,
    ).toBe(404);

    // The seller's link to the pack (for the conveyancer): no account needed, while pending.
    const sellerLink = await seller.call('POST', `/api/transfers/${started.id}/pack-link`);
    expect(sellerLink.statusCode, sellerLink.body).toBe(201);
    const sellerLinkUrl = new URL(sellerLink.json().url);
    expect(sellerLink.json().url.startsWith(`${appUrl(t.env)}/api/transfer-packs/`)).toBe(true);
    const byLink = await fetch(`${origin}${sellerLinkUrl.pathname}`);
    expect(byLink.status).toBe(200);
    const linkFiles = await unzip(Buffer.from(await byLink.arrayBuffer()));
    expect([...linkFiles.keys()].sort()).toEqual([
      'certificates/Electrical CoC.pdf',
      'manifest.json',
      'transfer-compliance-report.pdf',
    ]);
    expect((await fetch(`${origin}/api/transfer-packs/${'x'.repeat(32)}`)).status).toBe(404);
    expect((await buyer.call('POST', `/api/transfers/${started.id}/pack-link`)).statusCode).toBe(404);

    const rowsBefore = await rowsByOrganization(seller.propertyId);
    for (const [table, counts] of Object.entries(rowsBefore)) {
      expect(Object.keys(counts), table).toEqual([seller.organizationId]);
    }

    const accepted = await buyer.call('POST', `/api/transfers/${started.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: started.id, status: 'accepted', documents_count: 4 });
    expect(accepted.json().to_organization).toEqual(expect.any(String));

    // The seller hears of it.
    const sellerMails = await mailsTo(t, seller.email);
    expect(sellerMails.map((mail) => mail.subject)).toContain(
      `Kloof House was transferred to ${accepted.json().to_organization}`,
    );

    // Every row of the property is the buyer's now, as many as there were.
    const rowsAfter = await rowsByOrganization(seller.propertyId);
    for (const [table, counts] of Object.entries(rowsBefore)) {
      // The seller's calls with support are the seller's (their phone, their questions): they end.
      const expected = table === 'callbacks' ? {} : { [buyer.organizationId]: counts[seller.organizationId] };
      expect(rowsAfter[table], table).toEqual(expected);
    }
    // The house's claims go with it, without the seller's name.
    const { rows: claimAuthors } = await sql<{ created_by: string | null }>`
      select created_by from claims where property_id = ${seller.propertyId}`.execute(t.db.db);
    expect(claimAuthors).toEqual([{ created_by: null }]);
    // The vendor invite link and the share link ended; the transfer's link is used.
    const { rows: links } = await sql<{ purpose: string; revoked_at: Date | null; used_at: Date | null }>`
      select purpose, revoked_at, used_at from capabilities
      where organization_id = ${seller.organizationId} and purpose in ('share', 'vendor_invite', 'transfer')`.execute(
      t.db.db,
    );
    expect(links.map((link) => link.purpose).sort()).toEqual(['share', 'transfer', 'vendor_invite']);
    for (const link of links) {
      expect(link.revoked_at !== null || link.used_at !== null, link.purpose).toBe(true);
    }

    // The buyer has the property: same id, same DNA code, the same documents and fingerprints.
    const property = await buyer.call('GET', `/api/properties/${seller.propertyId}`);
    expect(property.statusCode).toBe(200);
    expect(property.json()).toMatchObject({ id: seller.propertyId, dnaCode: before.dnaCode });
    const documents = (await buyer.call('GET', `/api/properties/${seller.propertyId}/documents`)).json();
    expect(documents.map((d: { sha256: string }) => d.sha256).sort()).toEqual(
      seller.documents.map((d) => d.sha256).sort(),
    );
    for (const document of seller.documents) {
      const download = await fetch(`${origin}/api/documents/${document.id}/download`, {
        headers: buyer.headers,
      });
      expect(download.status).toBe(200);
      expect(sha256Hex(Buffer.from(await download.arrayBuffer()))).toBe(document.sha256);
    }
    const tasks = (await buyer.call('GET', `/api/maintenance?propertyId=${seller.propertyId}`)).json();
    expect(tasks.length ?? tasks.tasks?.length).toBeGreaterThan(0);

    // The seller: 404 on the property, its documents and their downloads.
    const propertyNotFound = { error: NOT_FOUND_MESSAGES.property };
    for (const url of [
      `/api/properties/${seller.propertyId}`,
      `/api/properties/${seller.propertyId}/documents`,
      `/api/properties/${seller.propertyId}/ownership`,
    ]) {
      const res = await seller.call('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(propertyNotFound);
    }
    for (const document of seller.documents) {
      for (const door of ['view', 'download']) {
        const res = await fetch(`${origin}/api/documents/${document.id}/${door}`, {
          headers: seller.headers,
        });
        expect(res.status, door).toBe(404);
      }
    }
    expect((await seller.call('GET', '/api/properties')).json()).toEqual([]);

    // The ownership history: the seller's period closed, the buyer's open.
    const history = (await buyer.call('GET', `/api/properties/${seller.propertyId}/ownership`)).json();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ until: accepted.json().decided_at });
    expect(history[0].organization_name).toBe(accepted.json().from_organization);
    expect(history[1]).toEqual({
      organization_name: accepted.json().to_organization,
      from: accepted.json().decided_at,
      until: null,
    });

    // Both audit trails record it.
    const { rows: audit } = await sql<{ organization_id: string; action: string }>`
      select organization_id, action from audit_events
      where action in ('transfer_out', 'transfer_in') and details->>'transferId' = ${started.id}`.execute(
      t.db.db,
    );
    expect(audit.map((row) => `${row.action} ${row.organization_id}`).sort()).toEqual([
      `transfer_in ${buyer.organizationId}`,
      `transfer_out ${seller.organizationId}`,
    ]);

    // The seller's receipt lists every document handed over with its SHA-256.
    const receipt = await fetch(`${origin}/api/transfers/${started.id}/receipt`, { headers: seller.headers });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfTextOf(Buffer.from(await receipt.arrayBuffer()));
    const flat = text.replace(/\s+/g, '');
    expect(text).toContain(before.dnaCode);
    expect(text).toContain(accepted.json().to_organization);
    for (const document of seller.documents) {
      expect(flat).toContain(document.sha256);
      expect(text).toContain(document.name);
    }
    // The buyer has no receipt (it is the seller's), and the seller no longer has the pack.
    expect(
      (await fetch(`${origin}/api/transfers/${started.id}/receipt`, { headers: buyer.headers })).status,
    ).toBe(404);
    expect(
      (await fetch(`${origin}/api/transfers/${started.id}/pack`, { headers: seller.headers })).status,
    ).toBe(404);

    // The buyer's pack: the transfer compliance report, the certificates and a manifest that matches them.
    const pack = await fetch(`${origin}/api/transfers/${started.id}/pack`, { headers: buyer.headers });
    expect(pack.status).toBe(200);
    const files = await unzip(Buffer.from(await pack.arrayBuffer()));
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}');
    expect(manifest).toMatchObject({
      archive: 'propertydna.transfer-pack',
      property: { id: seller.propertyId, dna_code: before.dnaCode },
      transfer: { id: started.id, status: 'accepted' },
    });
    const coc = seller.documents.find((document) => document.name === 'Electrical CoC.pdf');
    expect(manifest.files.map((file: { path: string }) => file.path).sort()).toEqual([
      'certificates/Electrical CoC.pdf',
      'transfer-compliance-report.pdf',
    ]);
    for (const file of manifest.files as { path: string; sha256: string; bytes: number }[]) {
      const content = files.get(file.path);
      expect(content, file.path).toBeDefined();
      expect(sha256Hex(content as Buffer)).toBe(file.sha256);
      expect(content?.length).toBe(file.bytes);
    }
    expect(
      manifest.files.find((file: { path: string }) => file.path.startsWith('certificates/')).sha256,
    ).toBe(coc?.sha256);
    // The seller's pack link ended with the acceptance; the buyer can make their own.
    expect((await fetch(`${origin}${sellerLinkUrl.pathname}`)).status).toBe(404);
    const buyerLink = await buyer.call('POST', `/api/transfers/${started.id}/pack-link`);
    expect(buyerLink.statusCode, buyerLink.body).toBe(201);
    expect((await fetch(`${origin}${new URL(buyerLink.json().url).pathname}`)).status).toBe(200);
    expect((await seller.call('POST', `/api/transfers/${started.id}/pack-link`)).statusCode).toBe(404);
    const report = await pdfTextOf(files.get('transfer-compliance-report.pdf') as Buffer);
    expect(report.text).toContain('Compliance report');

    // Accepting again, or cancelling it now: 409, nothing changes.
    const twice = await buyer.call('POST', `/api/transfers/${started.id}/accept`);
    expect(twice.statusCode).toBe(409);
    expect((await seller.call('POST', `/api/transfers/${started.id}/cancel`)).statusCode).toBe(409);
    // The seller still sees it as outgoing, accepted.
    const outgoing = (await seller.call('GET', '/api/transfers')).json().outgoing;
    expect(outgoing[0]).toMatchObject({ id: started.id, status: 'accepted', documents_count: 4 });
  });

  it("the sale revokes the seller's API tokens restricted to the property and the seller's grants of it", async () => {
    const owner = await httpOwner(t, origin);
    const propertyId = await addProperty(owner, 'Granted House');
    const token = await owner.call('POST', '/api/account/tokens', {
      name: 'House sync',
      scope: 'read',
      propertyId,
    });
    expect(token.statusCode, token.body).toBe(201);
    const granted = await owner.call('POST', `/api/properties/${propertyId}/access`, {
      email: `conveyancer-${Date.now()}@example.co.za`,
      role: 'conveyancer',
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const buyer = await httpOwner(t, origin);
    const started = await owner.call('POST', `/api/properties/${propertyId}/transfer`, {
      email: buyer.email,
    });
    expect(started.statusCode, started.body).toBe(201);
    const accepted = await buyer.call('POST', `/api/transfers/${started.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const tokenRow = await t.db.db
      .selectFrom('api_tokens')
      .select(['revoked_at', 'organization_id'])
      .where('id', '=', token.json().id)
      .executeTakeFirstOrThrow();
    expect(tokenRow.revoked_at).not.toBeNull();
    const grantRow = await t.db.db
      .selectFrom('property_grants as g')
      .innerJoin('capabilities as c', 'c.id', 'g.capability_id')
      .select(['g.revoked_at', 'c.revoked_at as link_revoked_at'])
      .where('g.id', '=', granted.json().id)
      .executeTakeFirstOrThrow();
    expect(grantRow.revoked_at).not.toBeNull();
    expect(grantRow.link_revoked_at).not.toBeNull();
    // The token no longer works at all.
    const byToken = await fetch(`${origin}/api/properties`, {
      headers: { authorization: `Bearer ${token.json().secret}` },
    });
    expect(byToken.status).toBe(401);
  });

  it('a third person cannot accept or decline (404) and nothing moves; a malformed id is 404 too', async () => {
    const seller = await sellerWithProperty();
    const buyer = await httpOwner(t, origin);
    const stranger = await httpOwner(t, origin);
    const started = await start(seller, buyer.email);
    const before = await rowsByOrganization(seller.propertyId);
    for (const id of [
      started.id,
      started.id.toUpperCase(),
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      for (const action of ['accept', 'decline']) {
        const res = await stranger.call('POST', `/api/transfers/${id}/${action}`);
        expect(res.statusCode, `${action} ${id}`).toBe(404);
        expect(res.json()).toEqual({ error: TRANSFER_MESSAGES.notFound });
      }
    }
    // A control character in an id or a token of the downloads is refused (400), never a 500.
    for (const url of [
      '/api/transfers/a%00b/pack',
      '/api/transfers/a%00b/receipt',
      '/api/transfer-packs/a%00b',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(res.statusCode, url).toBe(400);
    }
    // The seller is no addressee either.
    expect((await seller.call('POST', `/api/transfers/${started.id}/accept`)).statusCode).toBe(404);
    expect((await stranger.call('GET', '/api/transfers')).json()).toEqual({
      incoming: [],
      outgoing: [],
      incoming_withheld: 0,
      confirm_first: null,
    });
    expect(await rowsByOrganization(seller.propertyId)).toEqual(before);
    const row = await t.db.db
      .selectFrom('transfers')
      .select('status')
      .where('id', '=', started.id)
      .executeTakeFirst();
    expect(row?.status).toBe('pending');
  });

  it("the buyer's plan limit blocks acceptance with the upgrade message and moves nothing", async () => {
    const seller = await sellerWithProperty();
    const buyer = await httpOwner(t, origin, { plan: 'free' });
    await addProperty(buyer, 'Buyer House');
    const started = await start(seller, buyer.email);
    const before = await rowsByOrganization(seller.propertyId);
    const res = await buyer.call('POST', `/api/transfers/${started.id}/accept`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: FREE_PLAN_LIMIT_MESSAGE });
    expect(await rowsByOrganization(seller.propertyId)).toEqual(before);
    expect((await seller.call('GET', `/api/properties/${seller.propertyId}`)).statusCode).toBe(200);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from property_ownerships where property_id = ${seller.propertyId}`.execute(
      t.db.db,
    );
    expect(rows[0]?.n).toBe(1);
    // Still pending: after an upgrade the buyer can accept.
    await t.db.db
      .updateTable('organizations')
      .set({ plan: 'premium' })
      .where('id', '=', buyer.organizationId)
      .execute();
    expect((await buyer.call('POST', `/api/transfers/${started.id}/accept`)).statusCode).toBe(200);
  });

  it('cancel (seller) and decline (buyer) end the transfer and its link; the property stays; a new transfer can start', async () => {
    const seller = await sellerWithProperty();
    const buyer = await httpOwner(t, origin);
    const first = await start(seller, buyer.email);
    const cancelled = await seller.call('POST', `/api/transfers/${first.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: first.id, status: 'cancelled' });
    expect((await buyer.call('POST', `/api/transfers/${first.id}/accept`)).statusCode).toBe(409);
    expect((await seller.call('POST', `/api/transfers/${first.id}/cancel`)).statusCode).toBe(409);
    // The buyer cannot cancel: the seller's door answers 404 to anyone else.
    const second = await start(seller, buyer.email);
    expect((await buyer.call('POST', `/api/transfers/${second.id}/cancel`)).statusCode).toBe(404);
    const declined = await buyer.call('POST', `/api/transfers/${second.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ id: second.id, status: 'declined' });
    expect((await mailsTo(t, seller.email)).map((mail) => mail.subject)).toContain(
      'The transfer of Kloof House was declined',
    );
    expect((await buyer.call('POST', `/api/transfers/${second.id}/accept`)).statusCode).toBe(409);
    const { rows } = await sql<{ revoked: number }>`
      select count(*)::int as revoked from capabilities where id in (${first.id}, ${second.id}) and revoked_at is not null`.execute(
      t.db.db,
    );
    expect(rows[0]?.revoked).toBe(2);
    expect((await seller.call('GET', `/api/properties/${seller.propertyId}`)).statusCode).toBe(200);
    expect(
      (await buyer.call('GET', '/api/transfers')).json().incoming.map((x: { status: string }) => x.status),
    ).toEqual(expect.arrayContaining(['cancelled', 'declined']));
    // No receipt for a transfer that was not accepted.
    expect(
      (await fetch(`${origin}/api/transfers/${second.id}/receipt`, { headers: seller.headers })).status,
    ).toBe(409);
    await start(seller, buyer.email);
  });

  it('an expired transfer cannot be accepted, and no longer blocks a new one', async () => {
    const seller = await sellerWithProperty();
    const buyer = await httpOwner(t, origin);
    const started = await start(seller, buyer.email);
    await t.db.db
      .updateTable('capabilities')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', started.id)
      .execute();
    expect((await buyer.call('GET', '/api/transfers')).json().incoming[0].status).toBe('expired');
    expect((await buyer.call('POST', `/api/transfers/${started.id}/accept`)).statusCode).toBe(409);
    await start(seller, buyer.email);
  });

  it('archiving the property cancels its pending transfer', async () => {
    const seller = await sellerWithProperty();
    const buyer = await httpOwner(t, origin);
    const started = await start(seller, buyer.email);
    expect(
      (await seller.call('POST', `/api/properties/${seller.propertyId}/archive`)).statusCode,
    ).toBeLessThan(300);
    expect((await buyer.call('GET', '/api/transfers')).json().incoming[0]).toMatchObject({
      id: started.id,
      status: 'cancelled',
    });
    expect((await buyer.call('POST', `/api/transfers/${started.id}/accept`)).statusCode).toBe(409);
  });

  it('two accepts at once move the property once', async () => {
    const seller = await sellerWithProperty();
    const buyer = await httpOwner(t, origin);
    const started = await start(seller, buyer.email);
    const results = await Promise.all([
      buyer.call('POST', `/api/transfers/${started.id}/accept`),
      buyer.call('POST', `/api/transfers/${started.id}/accept`),
    ]);
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from property_ownerships where property_id = ${seller.propertyId}`.execute(
      t.db.db,
    );
    expect(rows[0]?.n).toBe(2);
    const { rows: audit } = await sql<{ n: number }>`
      select count(*)::int as n from audit_events where action = 'transfer_in' and details->>'transferId' = ${started.id}`.execute(
      t.db.db,
    );
    expect(audit[0]?.n).toBe(1);
  });

  it('a buyer who signs up after the offer sees it with the addressed email and accepts with the mailed link only', async () => {
    const seller = await sellerWithProperty();
    const email = `later.${Math.random().toString(36).slice(2, 8)}@example.co.za`;
    const started = await start(seller, email, 'Keys at the agent');
    // The mailed link shows the offer to whoever opens it, and the address to sign up with.
    const link = (await mailsTo(t, email))[0]?.text?.match(/\/transfers\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(link.length).toBeGreaterThanOrEqual(32);
    const view = await t.app.inject({ method: 'GET', url: `/api/transfer-links/${link}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      id: started.id,
      to_email: email,
      message: 'Keys at the agent',
      documents_count: 4,
      property: { id: seller.propertyId },
    });
    const wrong = await t.app.inject({ method: 'GET', url: `/api/transfer-links/${'x'.repeat(32)}` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: TRANSFER_MESSAGES.linkNotFound });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '10.99.0.1',
      payload: {
        firstName: 'Lerato',
        lastName: 'Khumalo',
        email,
        password: 'a long password',
        userType: 'homeowner',
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: email.toUpperCase(), password: 'a long password' },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    // Until the address is confirmed, the list says only that a transfer waits and what to do: not the
    // property, the seller or the message (the address may be someone else's), on both doors.
    const withheld = {
      incoming: [],
      outgoing: [],
      incoming_withheld: 1,
      confirm_first: EMAIL_VERIFICATION_MESSAGES.required(email),
    };
    const list = await t.app.inject({ method: 'GET', url: '/api/transfers', headers });
    expect(list.json()).toEqual(withheld);
    const viaTrpc = await t.app.inject({ method: 'GET', url: '/trpc/transfers.list', headers });
    expect(viaTrpc.json().result.data).toEqual(withheld);
    expect(list.body).not.toContain('Keys at the agent');
    // Until the account confirms its address, it decides nothing about a transfer addressed to it (not
    // even with the offer's link), and the answer says what to do; nothing moves.
    for (const [action, payload] of [
      ['accept', {}],
      ['accept', { token: link }],
      ['decline', {}],
    ] as const) {
      const unconfirmed = await t.app.inject({
        method: 'POST',
        url: `/api/transfers/${started.id}/${action}`,
        headers,
        payload,
      });
      expect(unconfirmed.statusCode, unconfirmed.body).toBe(403);
      expect(unconfirmed.json()).toEqual({ error: EMAIL_VERIFICATION_MESSAGES.required(email) });
    }
    const still = await t.app.inject({ method: 'GET', url: '/api/transfers', headers });
    expect(still.json()).toEqual(withheld);
    await verifyEmailOf(t, email);
    // Confirmed: the transfer is listed in full.
    const confirmed = (await t.app.inject({ method: 'GET', url: '/api/transfers', headers })).json();
    expect(confirmed.incoming.map((x: { id: string }) => x.id)).toEqual([started.id]);
    expect(confirmed.incoming[0]).toMatchObject({ status: 'pending' });
    expect(confirmed).toMatchObject({ incoming_withheld: 0, confirm_first: null });
    // Confirmed, but after the offer was made: without the mailed link (or with another link), it
    // cannot accept; with the link, it can.
    for (const payload of [{}, { token: 'x'.repeat(32) }]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/transfers/${started.id}/accept`,
        headers,
        payload,
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ error: TRANSFER_MESSAGES.linkRequired });
    }
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${started.id}/accept`,
      headers,
      payload: { token: link },
    });
    expect(accept.statusCode, accept.body).toBe(200);
  });

  it('knows every table that ties a row to a property and an organisation (a new one must be handled here)', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select c.table_name from information_schema.columns c
      where c.table_schema = current_schema() and c.column_name = 'organization_id'
        and exists (select 1 from information_schema.columns p
                    where p.table_schema = c.table_schema and p.table_name = c.table_name
                      and p.column_name = 'property_id')
      order by c.table_name`.execute(t.db.db);
    const handled = new Set<string>([
      ...MOVED_WITH_PROPERTY,
      'vendor_invites', // moved, revoked, cut from the seller's directory
      'shares', // the seller's own links: revoked, kept as theirs
      'property_ownerships', // the seller's period closed, the buyer's opened
      'callbacks', // the seller's own calls with support: removed at the sale
      'api_tokens', // the seller's tokens restricted to the property: revoked at the sale, kept as theirs
      'property_grants', // the seller's grants to outsiders (and their links): revoked at the sale
    ]);
    expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['documents', 'claims']));
    expect(rows.map((row) => row.table_name).filter((table) => !handled.has(table))).toEqual([]);
  });

  it('a property registered after the migration starts its ownership history', async () => {
    const owner = await httpOwner(t, origin);
    const id = await addProperty(owner, 'New House');
    const history = (await owner.call('GET', `/api/properties/${id}/ownership`)).json();
    expect(history).toEqual([
      { organization_name: expect.any(String), from: expect.any(String), until: null },
    ]);
  });
});
