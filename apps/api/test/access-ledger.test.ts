import { ACCESS_LEDGER_MESSAGES, refusal } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_WITH_A_TOKEN } from '../src/auth/api-tokens.js';
import { eachAccessLedgerRow, listAccessLedger } from '../src/modules/account/ledger.service.js';
import { houseKeep } from '../src/modules/housekeeping/housekeeping.service.js';
import { addMember } from '../src/modules/organizations/members.service.js';
import { createStaff } from '../src/modules/verification/staff.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';
import { queuedMailsTo } from './support/outbox.js';

const pdf = (text: string) =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(text),
    Buffer.alloc(800, 0x41),
    Buffer.from('\n%%EOF\n'),
  ]);

const property = (name: string, parcel: string) => ({
  name,
  address: `${parcel} Long Street, Cape Town`,
  country: 'ZA',
  municipality: 'CPT',
  parcel_id: parcel,
});

interface LedgerRow {
  id: string;
  at: string;
  kind: string;
  action: string;
  who: string;
  ip: string | null;
  property: { id: string; name: string } | null;
  document: { id: string; name: string } | null;
  revoke: { kind: string; id: string } | null;
}

/** Issue 31 §3: one access ledger of every outside access, at both doors, on both databases. */
describe(`the access ledger (issue 31 §3, ${databaseKind})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;
  let owner: HttpOwner;
  let stranger: TestAccount;
  let homeId: string;
  let cottageId: string;
  let documentId: string;
  let shareId: string;
  let shareToken: string;
  let grantId: string;
  let tokenId: string;
  let vendorDocumentId: string;
  let flatId: string;

  const inject = (
    who: { headers: Record<string, string> } | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    remoteAddress = '127.0.0.1',
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: who?.headers ?? {},
      payload: payload as Record<string, unknown> | undefined,
    });

  const ledger = async (who: { headers: Record<string, string> }, query = '') => {
    const res = await inject(who, 'GET', `/api/account/access-ledger${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: LedgerRow[]; page: number; has_more: boolean; summary: unknown[] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await httpOwner(t, origin);
    stranger = await signUpAndLogIn(t);
    const home = await owner.call('POST', '/api/properties', property('Kloof House', 'ERF 5101'));
    expect(home.statusCode, home.body).toBe(201);
    homeId = home.json().id;
    const cottage = await owner.call('POST', '/api/properties', property('Garden Cottage', 'ERF 5102'));
    expect(cottage.statusCode, cottage.body).toBe(201);
    cottageId = cottage.json().id;
    const coc = await owner.upload(pdf('home coc'), 'application/pdf', {
      property_id: homeId,
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
    });
    expect(coc.statusCode, coc.body).toBe(201);
    documentId = coc.json().id;

    // A share link, viewed and downloaded from an outside address.
    const share = await inject(owner, 'POST', `/api/properties/${homeId}/share`, {
      documentIds: [documentId],
      expiresInDays: 7,
    });
    expect(share.statusCode, share.body).toBe(201);
    shareId = share.json().id;
    shareToken = share.json().token;
    expect(
      (await inject(null, 'GET', `/api/share/${shareToken}`, undefined, '198.51.100.7')).statusCode,
    ).toBe(200);
    const download = await inject(
      null,
      'GET',
      `/api/share/${shareToken}/download/${documentId}`,
      undefined,
      '198.51.100.8',
    );
    expect(download.statusCode, download.body).toBe(200);

    // A vendor's upload through an invite.
    const invited = await owner.call('POST', '/api/vendors/invite', {
      name: 'Sipho Dlamini',
      email: 'sipho.ledger@sparks.co.za',
      company: 'Sparks Electrical',
      propertyId: cottageId,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const inviteToken = new URL(invited.json().invite.url).pathname.replace('/invite/', '');
    const content = pdf('vendor coc');
    const signed = await fetch(`${origin}/api/invites/${inviteToken}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        contentType: 'application/pdf',
        sha256: sha256Hex(content),
        bytes: content.length,
      }),
    });
    expect(signed.status).toBe(200);
    const { url, storageKey } = (await signed.json()) as { url: string; storageKey: string };
    expect(
      (await fetch(url, { method: 'PUT', body: content, headers: { 'content-type': 'application/pdf' } }))
        .status,
    ).toBe(200);
    const registered = await inject(
      null,
      'POST',
      `/api/invites/${inviteToken}/documents`,
      {
        kind: 'certificate',
        name: 'Cottage CoC.pdf',
        storage_key: storageKey,
        sha256: sha256Hex(content),
        bytes: content.length,
        content_type: 'application/pdf',
        metadata: { certificate_type: 'electrical_coc', issued_on: new Date().toISOString().slice(0, 10) },
      },
      '203.0.113.9',
    );
    expect(registered.statusCode, registered.body).toBe(201);
    vendorDocumentId = registered.json().id ?? registered.json().document?.id;

    // A grantee who views the property.
    const grantee = await signUpAndLogIn(t);
    await t.db.db
      .updateTable('users')
      .set({ first_name: 'Thandi', last_name: 'Nkosi' })
      .where('id', '=', grantee.userId)
      .execute();
    const granted = await inject(owner, 'POST', `/api/properties/${homeId}/access`, {
      email: grantee.email,
      role: 'conveyancer',
    });
    expect(granted.statusCode, granted.body).toBe(201);
    grantId = granted.json().id;
    const accessToken = (await queuedMailsTo(t, grantee.email))
      .map((mail) => /\/access\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .filter((found): found is string => found !== undefined)
      .at(-1);
    expect((await inject(grantee, 'POST', `/api/access/${accessToken}/accept`)).statusCode).toBe(200);
    const viewed = await inject(grantee, 'GET', `/api/shared-with-me/${grantId}`, undefined, '192.0.2.44');
    expect(viewed.statusCode, viewed.body).toBe(200);

    // A transfer offer, its mailed link opened by the buyer.
    const flat = await owner.call('POST', '/api/properties', property('The Flat', 'ERF 5103'));
    expect(flat.statusCode, flat.body).toBe(201);
    flatId = flat.json().id;
    const offered = await owner.call('POST', `/api/properties/${flatId}/transfer`, {
      email: 'buyer.ledger@example.co.za',
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const transferToken = (await queuedMailsTo(t, 'buyer.ledger@example.co.za'))
      .map((mail) => /\/transfers\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .filter((found): found is string => found !== undefined)
      .at(-1);
    const opened = await inject(
      null,
      'GET',
      `/api/transfer-links/${transferToken}`,
      undefined,
      '198.51.100.77',
    );
    expect(opened.statusCode, opened.body).toBe(200);

    // An API token that reads a document.
    const made = await inject(owner, 'POST', '/api/account/tokens', {
      name: 'Spreadsheet sync',
      scope: 'read',
    });
    expect(made.statusCode, made.body).toBe(201);
    tokenId = made.json().id;
    const read = await inject(
      { headers: { authorization: `Bearer ${made.json().secret}` } },
      'GET',
      `/api/documents/${documentId}/download`,
      undefined,
      '192.0.2.99',
    );
    expect(read.statusCode, read.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows each outside access with who, what and the address, newest first', async () => {
    const { rows, summary } = await ledger(owner);
    const times = rows.map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
    const find = (kind: string, action: string) =>
      rows.filter((row) => row.kind === kind && row.action === action);

    const [view] = find('share_link', 'view');
    expect(view).toMatchObject({
      ip: '198.51.100.7',
      property: { id: homeId, name: 'Kloof House' },
      document: null,
      revoke: { kind: 'share_link', id: shareId },
    });
    expect(view?.who).toMatch(/^Share link made \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(find('share_link', 'download')[0]).toMatchObject({
      ip: '198.51.100.8',
      document: { id: documentId, name: 'Electrical CoC.pdf' },
    });

    const [upload] = find('vendor_upload', 'upload');
    expect(upload).toMatchObject({
      who: 'Sipho Dlamini (Sparks Electrical)',
      ip: '203.0.113.9',
      property: { id: cottageId, name: 'Garden Cottage' },
      revoke: { kind: 'vendor_invite' },
    });
    if (vendorDocumentId) expect(upload?.document?.id).toBe(vendorDocumentId);

    const [granteeView] = find('grantee', 'view');
    expect(granteeView).toMatchObject({
      ip: '192.0.2.44',
      property: { id: homeId, name: 'Kloof House' },
      revoke: { kind: 'grant', id: grantId },
    });
    expect(granteeView?.who).toMatch(/^Thandi Nkosi </);
    expect(find('grantee', 'grant_accept')).toHaveLength(1);

    expect(find('api_token', 'download')[0]).toMatchObject({
      who: 'API token "Spreadsheet sync" of Naledi Mokoena',
      ip: '192.0.2.99',
      property: { id: homeId },
      document: { id: documentId, name: 'Electrical CoC.pdf' },
      revoke: { kind: 'api_token', id: tokenId },
    });
    expect(find('api_token', 'last_use')[0]).toMatchObject({ ip: '192.0.2.99' });

    expect(find('transfer', 'view')[0]).toMatchObject({
      who: 'Transfer link sent to buyer.ledger@example.co.za',
      ip: '198.51.100.77',
      property: { id: flatId, name: 'The Flat' },
      revoke: null,
    });

    // The members' own doings are not in it (the owner's upload, share, grant).
    expect(rows.some((row) => row.action === 'upload' && row.kind !== 'vendor_upload')).toBe(false);
    expect(summary).toEqual([]);
  });

  it('gives the export every row, as the list pages them', async () => {
    const all = [];
    for await (const row of eachAccessLedgerRow(t.db.db, owner.organizationId)) all.push(row);
    expect(all).toEqual((await listAccessLedger(t.db.db, owner.organizationId)).rows);
  });

  it('filters by kind, property and dates, and pages', async () => {
    const shares = await ledger(owner, '?kind=share_link');
    expect(shares.rows.length).toBe(2);
    expect(shares.rows.every((row) => row.kind === 'share_link')).toBe(true);
    const cottage = await ledger(owner, `?propertyId=${cottageId}`);
    expect(cottage.rows.map((row) => row.kind)).toEqual(
      ['vendor_upload', 'vendor_upload'].slice(0, cottage.rows.length),
    );
    expect(cottage.rows.every((row) => row.property?.id === cottageId)).toBe(true);
    const perProperty = await inject(
      owner,
      'GET',
      `/api/properties/${cottageId}/access-ledger?kind=vendor_upload`,
    );
    expect(perProperty.statusCode, perProperty.body).toBe(200);
    expect(perProperty.json().rows).toEqual(cottage.rows.filter((row) => row.kind === 'vendor_upload'));
    expect((await ledger(owner, '?to=2020-01-01')).rows).toEqual([]);
    expect((await ledger(owner, '?from=2099-01-01')).rows).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const wide = await ledger(owner, `?from=2020-01-01&to=2099-01-01`);
    expect(wide.rows.length).toBe((await ledger(owner)).rows.length);
    expect((await ledger(owner, `?from=${today}&to=${today}&page=2`)).rows).toEqual([]);
    const bad = await inject(owner, 'GET', '/api/account/access-ledger?kind=members');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(ACCESS_LEDGER_MESSAGES.kind);
    const backwards = await inject(owner, 'GET', '/api/account/access-ledger?from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe(ACCESS_LEDGER_MESSAGES.dates);
  });

  it('another organisation sees none of it, and a foreign property is 404', async () => {
    const theirs = await ledger(stranger);
    expect(theirs.rows).toEqual([]);
    expect(
      (await inject(stranger, 'GET', `/api/account/access-ledger?propertyId=${homeId}`)).statusCode,
    ).toBe(404);
    expect((await inject(stranger, 'GET', `/api/properties/${homeId}/access-ledger`)).statusCode).toBe(404);
    const revoke = await inject(stranger, 'POST', '/api/account/access-ledger/revoke', {
      kind: 'share_link',
      id: shareId,
    });
    expect(revoke.statusCode).toBe(404);
    expect((await inject(null, 'GET', `/api/share/${shareToken}`)).statusCode).toBe(200);
  });

  it('every member reads it (viewers too, and API tokens); revoking needs what revokes that access elsewhere', async () => {
    const asOwner = {
      actor: {
        userId: owner.userId,
        organizationId: owner.organizationId,
        userType: 'homeowner' as const,
        role: 'owner' as const,
        sessionId: 'test',
        via: 'bearer' as const,
      },
      ip: '127.0.0.1',
    };
    const everything = await ledger(owner);
    const viewer = await signUpAndLogIn(t);
    await addMember(t.db.db, asOwner, viewer.userId, 'viewer');
    expect((await ledger(viewer)).rows).toEqual(everything.rows);
    const member = await signUpAndLogIn(t);
    await addMember(t.db.db, asOwner, member.userId, 'member');
    const revoke = (who: { headers: Record<string, string> }, kind: string, id: string) =>
      inject(who, 'POST', '/api/account/access-ledger/revoke', { kind, id });
    const viewerRevokes = await revoke(viewer, 'share_link', shareId);
    expect(viewerRevokes.statusCode).toBe(403);
    expect(viewerRevokes.json().error).toBe(refusal('viewer', 'shares.write'));
    const memberGrant = await revoke(member, 'grant', grantId);
    expect(memberGrant.statusCode).toBe(403);
    expect(memberGrant.json().error).toBe(refusal('member', 'grants.manage'));
    const memberToken = await revoke(member, 'api_token', tokenId);
    expect(memberToken.statusCode).toBe(403);
    expect(memberToken.json().error).toBe(refusal('member', 'members.manage'));
    const made = await inject(owner, 'POST', '/api/account/tokens', {
      name: 'Ledger reader',
      scope: 'read_write',
    });
    const bearer = { headers: { authorization: `Bearer ${made.json().secret}` } };
    expect((await inject(bearer, 'GET', '/api/account/access-ledger?kind=share_link')).statusCode).toBe(200);
    const byToken = await revoke(bearer, 'share_link', shareId);
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().error).toBe(NOT_WITH_A_TOKEN);
    // Nothing was revoked: the link still opens.
    expect((await inject(null, 'GET', `/api/share/${shareToken}`)).statusCode).toBe(200);
    expect((await revoke(owner, 'api_token', made.json().id)).statusCode).toBe(200);
  });

  it('revokes a share link, a grant and a token from their rows; the link then refuses', async () => {
    const revoke = (kind: string, id: string) =>
      inject(owner, 'POST', '/api/account/access-ledger/revoke', { kind, id });
    expect((await revoke('share_link', shareId)).statusCode).toBe(200);
    expect((await inject(null, 'GET', `/api/share/${shareToken}`)).statusCode).toBe(404);
    expect((await revoke('share_link', shareId)).statusCode).toBe(404);
    expect((await revoke('grant', grantId)).statusCode).toBe(200);
    expect((await revoke('api_token', tokenId)).statusCode).toBe(200);
    const { rows } = await ledger(owner);
    expect(
      rows.filter((row) => ['share_link', 'grantee', 'api_token'].includes(row.kind)).map((r) => r.revoke),
    ).toEqual(
      rows.filter((row) => ['share_link', 'grantee', 'api_token'].includes(row.kind)).map(() => null),
    );
    // The rows stay: the ledger is a record, revoking ends only what comes next.
    expect(rows.some((row) => row.kind === 'share_link' && row.action === 'view')).toBe(true);
    const invalid = await inject(owner, 'POST', '/api/account/access-ledger/revoke', {
      kind: 'staff',
      id: shareId,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('shows PropertyDNA staff opening and deciding on a supplier’s verification evidence, with the address', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const evidenceDocument = await supplier.upload(pdf('liability cover'), 'application/pdf', {
      kind: 'certificate',
      name: 'Liability cover.pdf',
      organization: true,
    });
    expect(evidenceDocument.statusCode, evidenceDocument.body).toBe(201);
    const submitted = await supplier.call('POST', '/api/supplier/verification/evidence', {
      document_id: evidenceDocument.json().id,
      kind: 'liability_insurance',
      expires_at: '2027-03-31',
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const evidenceId = submitted.json().id;
    const reviewer = await httpOwner(t, origin);
    await createStaff(t.db.db, reviewer.email);
    const opened = await inject(
      reviewer,
      'GET',
      `/api/backoffice/evidence/${evidenceId}/view`,
      undefined,
      '192.0.2.150',
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const approved = await inject(
      reviewer,
      'POST',
      `/api/backoffice/evidence/${evidenceId}/approve`,
      { checked: 'Certificate of insurance, R5m public liability' },
      '192.0.2.151',
    );
    expect(approved.statusCode, approved.body).toBe(200);

    const { rows } = await ledger(supplier);
    const staffRows = rows.filter((row) => row.kind === 'staff');
    expect(staffRows.map((row) => [row.action, row.who, row.ip])).toEqual([
      ['evidence_approve', 'PropertyDNA staff', '192.0.2.151'],
      ['view', 'PropertyDNA staff', '192.0.2.150'],
    ]);
    expect(staffRows[1]?.document).toEqual({ id: evidenceDocument.json().id, name: 'Liability cover.pdf' });
    // Staff reviewing is not an access to be revoked from the ledger; nor is it any other organisation's.
    expect(staffRows.every((row) => row.revoke === null)).toBe(true);
    expect((await ledger(owner)).rows.some((row) => row.kind === 'staff')).toBe(false);
  });

  it('after two years housekeeping deletes the links’ log and keeps a count per month and kind', async () => {
    // Four share-link events: a view and a download, and two tests opened it once each.
    const inTheFuture = new Date(Date.now() + 800 * 86_400_000);
    const before = await t.db.db
      .selectFrom('access_ledger_summaries')
      .selectAll()
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect(before).toEqual([]);
    await houseKeep(t.db.db, t.services.store, inTheFuture);
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Johannesburg',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    const kept = await t.db.db
      .selectFrom('access_ledger_summaries')
      .select(['month', 'kind', 'count'])
      .where('organization_id', '=', owner.organizationId)
      .orderBy('kind')
      .execute();
    expect(kept).toEqual([
      { month, kind: 'share_link', count: 4 },
      { month, kind: 'transfer', count: 1 },
      // The vendor's upload (and the views of the invite page, one per address and hour).
      { month, kind: 'vendor_upload', count: expect.any(Number) },
    ]);
    expect(kept[2]?.count).toBeGreaterThanOrEqual(1);
    // Its summary holds the deleted ones (the sessions, too, ended in that future round: read directly).
    const page = await listAccessLedger(t.db.db, owner.organizationId);
    expect(page.summary).toEqual(expect.arrayContaining([{ month, kind: 'share_link', count: 4 }]));
    expect(page.rows.some((row) => row.kind === 'share_link')).toBe(false);
    expect(page.rows.some((row) => row.kind === 'grantee')).toBe(true);
    // A second round deletes nothing more and counts nothing twice.
    await houseKeep(t.db.db, t.services.store, inTheFuture);
    const again = await t.db.db
      .selectFrom('access_ledger_summaries')
      .select(['month', 'kind', 'count'])
      .where('organization_id', '=', owner.organizationId)
      .orderBy('kind')
      .execute();
    expect(again).toEqual(kept);
  });
});
