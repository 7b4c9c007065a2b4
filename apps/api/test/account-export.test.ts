import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_EXPORT_MESSAGES, johannesburgToday } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportJobs } from '../src/modules/account/export.jobs.js';
import { EXPORTED_TABLES, exportedRows, NOT_EXPORTED } from '../src/modules/account/export.pack.js';
import { houseKeep } from '../src/modules/housekeeping/housekeeping.service.js';
import { removeIfUnreferenced } from '../src/storage/stored-objects.js';
import { createTestApp, type TestApp } from './support/app.js';
import { unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';
import { mailsTo } from './support/outbox.js';

const pdf = (label: string, size = 1200) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(size, 0x41), Buffer.from('\n%%EOF\n')]);
const today = johannesburgToday(new Date());

type Owner = HttpOwner & { documents: Map<string, Buffer>; apiToken: string };

/** Everything the archive holds, by path, read from the download. */
async function download(owner: HttpOwner, origin: string, id: string) {
  const res = await fetch(`${origin}/api/account/export/${id}/download`, { headers: owner.headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe(`account export: download all my data (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  const runExports = () => t.services.jobs.runQueued(accountExportJobs);

  async function addProperty(owner: HttpOwner, name: string): Promise<string> {
    const res = await owner.call('POST', '/api/properties', {
      name,
      address: `${name.replace(/[^\w ]/g, ' ')}, 8 Kloof Street, Gardens`,
      municipality: 'CPT',
      parcel_id: `T${Math.random().toString(36).slice(2, 8)}`,
      features: ['geyser'],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  /** An owner with documents in every area: two properties, certificates, policies, tasks, claims, links… */
  async function ownerWithEverything(): Promise<Owner> {
    const owner = await httpOwner(t, origin);
    const home = await addProperty(owner, 'Kloof House');
    const flat = await addProperty(owner, 'Flat 2/B: "Sea" view');
    const documents = new Map<string, Buffer>();
    const upload = async (propertyId: string, content: Buffer, fields: Record<string, unknown>) => {
      const res = await owner.upload(content, 'application/pdf', { property_id: propertyId, ...fields });
      expect(res.statusCode, res.body).toBe(201);
      documents.set(res.json().id, content);
      return res.json().id as string;
    };
    const coc = await upload(home, pdf('coc'), {
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      metadata: { certificate_type: 'electrical_coc', issued_on: today },
    });
    // Two files of one name and kind: told apart in the archive.
    await upload(home, pdf('deed one'), { kind: 'deed', name: 'Title deed.pdf' });
    await upload(home, pdf('deed two'), { kind: 'deed', name: 'Title deed.pdf' });
    const invoice = await upload(home, pdf('invoice'), { kind: 'maintenance', name: 'Geyser service.pdf' });
    const policy = await upload(flat, pdf('policy', 40_000), { kind: 'policy', name: 'Home: policy?.pdf' });
    await t.db.db
      .insertInto('policy_findings')
      .values({
        organization_id: owner.organizationId,
        property_id: flat,
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
    const task = await owner.call('POST', '/api/maintenance', {
      propertyId: home,
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
    const reminder = await owner.call('POST', `/api/properties/${home}/reminders`, {
      title: 'Call the roofer',
      due_date: '2027-01-15',
      priority: 'high',
    });
    expect(reminder.statusCode, reminder.body).toBeLessThan(300);
    expect((await owner.call('POST', `/api/properties/${home}/policy-check`)).statusCode).toBe(200);
    const claim = await owner.call('POST', `/api/properties/${home}/claims`, {
      incident_type: 'burst_geyser',
      incident_date: today,
      description: 'The geyser burst.',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const callback = await owner.call('POST', `/api/properties/${home}/callbacks`, {
      phone: '082 123 4567',
      preferred_time: 'morning',
      topic: 'My geyser claim',
    });
    expect(callback.statusCode, callback.body).toBe(201);
    const invite = await owner.call('POST', '/api/vendors/invite', {
      name: 'Sipho Dlamini',
      email: `sipho.${Math.random().toString(36).slice(2, 8)}@sparks.co.za`,
      propertyId: home,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const share = await owner.call('POST', `/api/properties/${home}/share`, {
      password: null,
      documentIds: [coc],
    });
    expect(share.statusCode, share.body).toBeLessThan(300);
    // A view of the link: the access log.
    const view = await fetch(`${origin}/api/share/${share.json().token}`);
    expect(view.status).toBe(200);
    // People around a property and a sale on offer: a conveyancer's grant and a transfer to a buyer.
    const grant = await owner.call('POST', `/api/properties/${home}/access`, {
      email: `conveyancer.${Math.random().toString(36).slice(2, 8)}@example.co.za`,
      role: 'conveyancer',
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const transfer = await owner.call('POST', `/api/properties/${flat}/transfer`, {
      email: `buyer.${Math.random().toString(36).slice(2, 8)}@example.co.za`,
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const token = await owner.call('POST', '/api/account/tokens', { name: 'Script', scope: 'read' });
    expect(token.statusCode, token.body).toBe(201);
    await t.db.db
      .insertInto('webhook_endpoints')
      .values({
        organization_id: owner.organizationId,
        url: 'https://hooks.example.co.za/in',
        events: JSON.stringify(['claim.created']),
        secret_sealed: 'SEALED-WEBHOOK-SECRET-never-exported',
      })
      .execute();
    return { ...owner, documents, apiToken: token.json().secret };
  }

  let owner: Owner;
  let exportId: string;

  it('starts an export (202), refuses a second while it runs (409), and reports progress to the end', async () => {
    owner = await ownerWithEverything();
    const started = await owner.call('POST', '/api/account/export');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'queued', percent: 0, download_url: null });
    exportId = started.json().id;

    const again = await owner.call('POST', '/api/account/export');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ACCOUNT_EXPORT_MESSAGES.running });

    const queued = await owner.call('GET', `/api/account/export/${exportId}`);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().status).toBe('queued');
    // Not ready: the download says so.
    expect((await download(owner, origin, exportId)).res.status).toBe(409);

    expect(await runExports()).toBe(1);
    const ready = await owner.call('GET', `/api/account/export/${exportId}`);
    expect(ready.json()).toMatchObject({
      id: exportId,
      status: 'ready',
      files_total: owner.documents.size,
      files_done: owner.documents.size,
      percent: 100,
      error: null,
      download_url: `/api/account/export/${exportId}/download`,
    });
    const days =
      (new Date(ready.json().expires_at).getTime() - new Date(ready.json().finished_at).getTime()) /
      86_400_000;
    expect(days).toBe(7);
    expect((await owner.call('GET', '/api/account/export')).json().id).toBe(exportId);
  });

  it('holds every stored file with the SHA-256 of the vault, and every record of every table', async () => {
    const { res, body } = await download(owner, origin, exportId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('propertydna-export-');
    const status = (await owner.call('GET', `/api/account/export/${exportId}`)).json();
    expect(body.length).toBe(status.bytes);
    expect(sha256Hex(body)).toBe(status.sha256);

    const files = await unzip(body);
    const names = [...files.keys()];
    expect(names[0]).toBe('manifest.json');
    expect(names).toContain('README.txt');
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}');
    expect(manifest.export_id).toBe(exportId);
    // The manifest lists every other file with its true size and SHA-256.
    expect(manifest.files.map((f: { path: string }) => f.path).sort()).toEqual(
      names.filter((name) => name !== 'manifest.json').sort(),
    );
    for (const file of manifest.files) {
      const content = files.get(file.path) as Buffer;
      expect(content.length, file.path).toBe(file.bytes);
      expect(sha256Hex(content), file.path).toBe(file.sha256);
    }

    // Every document: its bytes are the vault's (as uploaded, and as the store holds them).
    const documents = await t.db.db
      .selectFrom('documents')
      .select(['id', 'sha256', 'storage_key', 'kind'])
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect(documents).toHaveLength(owner.documents.size);
    for (const document of documents) {
      const entry = manifest.files.find((f: { document_id: string }) => f.document_id === document.id);
      expect(entry, document.id).toBeDefined();
      const packed = files.get(entry.path) as Buffer;
      expect(packed.equals(owner.documents.get(document.id) as Buffer)).toBe(true);
      expect(sha256Hex(packed)).toBe(document.sha256);
      expect(packed.equals(await streamBytes(await t.store.openRead(document.storage_key)))).toBe(true);
    }
    // Readable, safe, unique paths: <property>/<kind>/<name>.
    const paths = manifest.files
      .filter((f: { document_id: string | null }) => f.document_id)
      .map((f: { path: string }) => f.path)
      .sort();
    expect(paths).toEqual(
      [
        'Flat 2_B_ _Sea_ view/policy/Home_ policy_.pdf',
        'Kloof House/certificate/Electrical CoC.pdf',
        'Kloof House/deed/Title deed (2).pdf',
        'Kloof House/deed/Title deed.pdf',
        'Kloof House/maintenance/Geyser service.pdf',
      ].sort(),
    );

    // Every table's JSON is its rows of this organisation, secrets left out.
    for (const table of EXPORTED_TABLES) {
      const file = files.get(`data/${table.file}.json`);
      expect(file, table.file).toBeDefined();
      const expected = JSON.parse(JSON.stringify(await exportedRows(t.db.db, table, owner.organizationId)));
      if (table.table === 'audit_events' || table.table === 'capability_events') {
        // Rows added since (the download itself is audited): the export holds every row up to it.
        const exported = JSON.parse(file?.toString() ?? '[]');
        for (const row of exported) expect(expected, table.file).toContainEqual(row);
        continue;
      }
      expect(JSON.parse(file?.toString() ?? '[]'), table.file).toEqual(expected);
    }
    const parsed = (file: string) => JSON.parse(files.get(`data/${file}.json`)?.toString() ?? '[]');
    // The areas hold what the owner made.
    expect(parsed('properties')).toHaveLength(2);
    expect(
      parsed('documents')
        .map((d: { id: string; sha256: string }) => [d.id, d.sha256])
        .sort(),
    ).toEqual(documents.map((d) => [d.id, d.sha256]).sort());
    for (const file of [
      'compliance-checks',
      'policy-findings',
      'tasks',
      'task-completions',
      'reminders',
      'vendors',
      'vendor-invites',
      'claims',
      'callbacks',
      'shares',
      'links',
      'access-log',
      'audit-trail',
      'members',
      'api-tokens',
      'webhooks',
      'property-grants',
      'transfers',
    ]) {
      expect(parsed(file).length, file).toBeGreaterThan(0);
    }
    expect(parsed('members')[0]).toMatchObject({ id: owner.userId });
    expect(parsed('access-log').map((e: { action: string }) => e.action)).toContain('view');
    // The access ledger (issue 31 §3): the share link's view, by someone outside the organisation.
    expect(parsed('access-ledger').map((e: { kind: string; action: string }) => e.kind)).toContain(
      'share_link',
    );
    // No secret: password hashes, token and link hashes, webhook secrets.
    const everything = [...files.entries()]
      .filter(([name]) => name.startsWith('data/'))
      .map(([, content]) => content.toString())
      .join('\n');
    for (const secret of [
      'password_hash',
      'token_hash',
      'secret_sealed',
      'SEALED-WEBHOOK-SECRET',
      'storage_key',
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain(owner.apiToken);
    expect(files.get('README.txt')?.toString()).toContain('manifest.json');
  });

  it('mails the requester a link to /account once ready', async () => {
    const mails = await mailsTo(t, owner.email);
    const mail = mails.find((m) => m.subject === 'Your PropertyDNA data export is ready');
    expect(mail).toBeDefined();
    expect(mail?.text).toContain('/account');
  });

  it("is the organisation's only: another's export is 404; an API token cannot start or read one", async () => {
    const other = await httpOwner(t, origin);
    const status = await other.call('GET', `/api/account/export/${exportId}`);
    expect(status.statusCode).toBe(404);
    expect(status.json()).toEqual({ error: ACCOUNT_EXPORT_MESSAGES.notFound });
    expect((await download(other, origin, exportId)).res.status).toBe(404);
    expect((await other.call('GET', '/api/account/export')).json()).toBeNull();

    const byToken = { authorization: `Bearer ${owner.apiToken}` };
    const start = await fetch(`${origin}/api/account/export`, { method: 'POST', headers: byToken });
    expect(start.status).toBe(403);
    const read = await fetch(`${origin}/api/account/export/${exportId}`, { headers: byToken });
    expect(read.status).toBe(403);
    const file = await fetch(`${origin}/api/account/export/${exportId}/download`, { headers: byToken });
    expect(file.status).toBe(403);
  });

  it('keeps a ready export from the orphan sweep; once expired it is gone (404 saying so) and housekeeping removes it', async () => {
    const row = await t.db.db
      .selectFrom('account_exports')
      .select('storage_key')
      .where('id', '=', exportId)
      .executeTakeFirstOrThrow();
    const key = row.storage_key as string;
    expect(await removeIfUnreferenced(t.db.db, t.store, key)).toBe(false);
    expect(await t.store.stat(key)).not.toBeNull();

    await t.db.db
      .updateTable('account_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', exportId)
      .execute();
    const gone = await owner.call('GET', `/api/account/export/${exportId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: ACCOUNT_EXPORT_MESSAGES.expired });
    const file = await download(owner, origin, exportId);
    expect(file.res.status).toBe(404);
    expect(JSON.parse(file.body.toString())).toEqual({ error: ACCOUNT_EXPORT_MESSAGES.expired });
    expect((await owner.call('GET', '/api/account/export')).json()).toBeNull();

    const report = await houseKeep(t.db.db, t.store);
    expect(report.accountExports).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.db.selectFrom('account_exports').select('id').where('id', '=', exportId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.store.stat(key)).toBeNull();
  });

  it('stops on a stored file that is not what the vault recorded: failed, naming it, and nothing kept', async () => {
    const document = await t.db.db
      .selectFrom('documents')
      .select(['storage_key', 'bytes', 'name'])
      .where('organization_id', '=', owner.organizationId)
      .where('kind', '=', 'policy')
      .executeTakeFirstOrThrow();
    const file = path.join(t.filesDir, document.storage_key);
    const original = await fs.readFile(file);
    const tampered = Buffer.from(original);
    tampered[tampered.length - 20] = 0x42;
    await fs.writeFile(file, tampered);
    try {
      const before = new Set(await objectKeys());
      const started = await owner.call('POST', '/api/account/export');
      expect(started.statusCode, started.body).toBe(202);
      await runExports();
      const failed = (await owner.call('GET', `/api/account/export/${started.json().id}`)).json();
      expect(failed.status).toBe('failed');
      expect(failed.error).toContain('Home_ policy_.pdf');
      expect(failed.download_url).toBeNull();
      expect(await objectKeys()).toEqual([...before]);
      // A new one may be started after a failure.
      const next = await owner.call('POST', '/api/account/export');
      expect(next.statusCode, next.body).toBe(202);
    } finally {
      await fs.writeFile(file, original);
    }
    await runExports();
  });

  async function objectKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of t.store.listObjects()) keys.push(object.key);
    return keys;
  }

  it('exports every table that holds an organisation id, or says why not (a new one must be handled here)', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select distinct c.table_name from information_schema.columns c
      where c.table_schema = current_schema()
        and c.column_name in ('organization_id', 'from_organization_id', 'to_organization_id')
      order by c.table_name`.execute(t.db.db);
    const handled = new Set([...EXPORTED_TABLES.map((table) => table.table), ...Object.keys(NOT_EXPORTED)]);
    expect(rows.map((row) => row.table_name).filter((table) => !handled.has(table))).toEqual([]);
    // And the tables reached through another's id.
    for (const table of [
      'capability_events',
      'share_documents',
      'claim_documents',
      'document_pages',
      'alert_digests',
    ]) {
      expect(handled.has(table), table).toBe(true);
    }
  });

  it('hashes what it streams: the ZIP object is what the row says', async () => {
    const row = await t.db.db
      .selectFrom('account_exports')
      .select(['storage_key', 'sha256', 'bytes'])
      .where('organization_id', '=', owner.organizationId)
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();
    const stored = await streamBytes(await t.store.openRead(row.storage_key as string));
    expect(stored.length).toBe(Number(row.bytes));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(row.sha256);
  });
});
