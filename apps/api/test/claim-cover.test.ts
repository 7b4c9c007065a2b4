import { COVER_ADVICE, COVER_TITLES, formatDate, johannesburgToday } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { pdfTextOf, unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

const day = (offset: number) => johannesburgToday(new Date(Date.now() + offset * 86_400_000));
const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(1200, 0x41), Buffer.from('\n%%EOF\n')]);

describe(`a claim states its cover (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function ownerWithPolicy(policy: Record<string, unknown> | null) {
    const owner = await httpOwner(t, origin);
    const property = await owner.call('POST', '/api/properties', {
      name: 'Kloof House',
      address: '8 Kloof Street, Gardens',
      municipality: 'CPT',
      parcel_id: `V${Math.random().toString(36).slice(2, 8)}`,
      features: ['geyser'],
    });
    expect(property.statusCode, property.body).toBe(201);
    const propertyId = property.json().id as string;
    let policyId: string | null = null;
    if (policy) {
      const res = await owner.upload(pdf(JSON.stringify(policy)), 'application/pdf', {
        property_id: propertyId,
        kind: 'policy',
        name: 'Home policy schedule.pdf',
        ...policy,
      });
      expect(res.statusCode, res.body).toBe(201);
      policyId = res.json().id;
    }
    return { owner, propertyId, policyId };
  }

  const startClaim = async (owner: HttpOwner, propertyId: string, incidentDate: string) => {
    const res = await owner.call('POST', `/api/properties/${propertyId}/claims`, {
      incident_type: 'burst_geyser',
      incident_date: incidentDate,
      description: 'The geyser burst overnight and flooded the main bedroom.',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  const packOf = async (owner: HttpOwner, claimId: string) => {
    const res = await fetch(`${origin}/api/claims/${claimId}/pack`, { headers: owner.headers });
    expect(res.status).toBe(200);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const { text } = await pdfTextOf(files.get('cover-letter.pdf') as Buffer);
    return { files, text: text.replace(/\s+/g, ' ') };
  };

  it('after the policy expired: cover.in_force is false with the expiry date, on every door, and the pack says lapsed', async () => {
    const { owner, propertyId, policyId } = await ownerWithPolicy({
      expires_at: day(-30),
      metadata: { issued_on: day(-395), insurer: 'Santam', policy_number: 'HP-1234' },
    });
    const claim = await startClaim(owner, propertyId, day(-2));
    const lapsed = {
      status: 'lapsed',
      policy_document_id: policyId,
      policy_name: 'Home policy schedule.pdf',
      in_force_on: day(-2),
      in_force: false,
      expired_on: day(-30),
      starts_on: null,
    };
    expect(claim.cover).toMatchObject(lapsed);
    expect(claim.cover.message).toContain(COVER_ADVICE);
    expect((await owner.call('GET', `/api/claims/${claim.id}`)).json().cover).toEqual(claim.cover);
    const viaTrpc = await owner.call(
      'GET',
      `/trpc/escalation.claim?input=${encodeURIComponent(JSON.stringify({ id: claim.id }))}`,
    );
    expect(viaTrpc.json().result.data.cover).toEqual(claim.cover);

    const { files, text } = await packOf(owner, claim.id);
    // The lapsed policy is neither enclosed nor named as the claim's policy.
    expect(
      [...files.keys()].filter((path) => path.startsWith('policy/') || path.startsWith('evidence/policy')),
    ).toEqual([]);
    expect(text).toContain(COVER_TITLES.lapsed);
    expect(text).toContain('expired on');
    expect(text).toContain('Contact your insurer or broker');
    expect(text).not.toContain('HP-1234');
    expect(JSON.parse(String(files.get('claim.json'))).cover).toEqual(claim.cover);
  });

  it('on the expiry date itself the policy has lapsed (expired from that day on, as in the vault)', async () => {
    const { owner, propertyId } = await ownerWithPolicy({ expires_at: day(-2) });
    const claim = await startClaim(owner, propertyId, day(-2));
    expect(claim.cover).toMatchObject({ status: 'lapsed', in_force: false, expired_on: day(-2) });
  });

  it('within cover: in_force is true and the pack encloses the policy and names it', async () => {
    const { owner, propertyId, policyId } = await ownerWithPolicy({
      expires_at: day(300),
      metadata: { issued_on: day(-65), insurer: 'Santam', policy_number: 'HP-5678' },
    });
    const claim = await startClaim(owner, propertyId, day(-2));
    expect(claim.cover).toMatchObject({
      status: 'in_force',
      policy_document_id: policyId,
      in_force_on: day(-2),
      in_force: true,
      expired_on: null,
    });
    const { files, text } = await packOf(owner, claim.id);
    expect(files.has('policy/Home policy schedule.pdf')).toBe(true);
    expect(text).toContain(COVER_TITLES.in_force);
    expect(text).toContain('HP-5678');
    expect(text).not.toContain(COVER_TITLES.lapsed);
  });

  it('a policy without an expiry date: in_force is null (unknown), never true; no policy: null too', async () => {
    const undated = await ownerWithPolicy({});
    const claim = await startClaim(undated.owner, undated.propertyId, day(-2));
    expect(claim.cover).toMatchObject({
      status: 'unknown',
      policy_document_id: undated.policyId,
      in_force: null,
    });
    const none = await ownerWithPolicy(null);
    const bare = await startClaim(none.owner, none.propertyId, day(-2));
    expect(bare.cover).toMatchObject({ status: 'no_policy', policy_document_id: null, in_force: null });
  });

  it('a renewal in the vault covers the incident even beside the lapsed policy, and only it is enclosed', async () => {
    const { owner, propertyId } = await ownerWithPolicy({ expires_at: day(-30) });
    const renewal = await owner.upload(pdf('renewal'), 'application/pdf', {
      property_id: propertyId,
      kind: 'policy',
      name: 'Renewed schedule.pdf',
      expires_at: day(335),
      metadata: { issued_on: day(-30) },
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const claim = await startClaim(owner, propertyId, day(-2));
    expect(claim.cover).toMatchObject({
      status: 'in_force',
      policy_document_id: renewal.json().id,
      in_force: true,
    });
    const { files } = await packOf(owner, claim.id);
    expect([...files.keys()].filter((path) => path.includes('policy'))).toEqual([
      'policy/Renewed schedule.pdf',
    ]);
  });
  it('lists each enclosed document with the vault badge and provenance line, and Expired once it has expired', async () => {
    // In force on the incident's day, expired since: enclosed as the cover, and marked Expired today.
    const { owner, propertyId, policyId } = await ownerWithPolicy({
      expires_at: day(-30),
      metadata: { issued_on: day(-395), insurer: 'Santam', policy_number: 'HP-9012' },
    });
    const claim = await startClaim(owner, propertyId, day(-60));
    expect(claim.cover).toMatchObject({ status: 'in_force', policy_document_id: policyId });
    const vault = (await owner.call('GET', `/api/properties/${propertyId}/documents`))
      .json()
      .find((document: { id: string }) => document.id === policyId);
    expect(vault).toMatchObject({ badge: 'Self-declared', expired: true, expiry_notice: 'Expired' });

    const { files, text } = await packOf(owner, claim.id);
    expect(files.has('policy/Home policy schedule.pdf')).toBe(true);
    const manifest = JSON.parse(String(files.get('manifest.json')));
    const packed = manifest.documents.find(
      (entry: { document_id: string }) => entry.document_id === policyId,
    );
    expect(packed).toMatchObject({ badge: 'Self-declared', provenance: vault.provenance });
    expect(text).toContain('Documents enclosed');
    expect(text).toContain(
      `Home policy schedule.pdf ${packed.provenance_line} ${formatDate(day(-30))} (Expired)`,
    );
    // An owner's own upload is never presented to the insurer as verified.
    expect(text).not.toContain('Verified ·');
  });
});
