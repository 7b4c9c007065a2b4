import { johannesburgToday, PACK_CHOICE_MESSAGES, POLICY_NOT_ENCLOSED } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POLICY_CORPUS,
  readPolicyCorpus,
} from '../../../packages/domain/src/policy-analysis/corpus-test-helpers.js';
import { NOT_FOUND_MESSAGES } from '../src/auth/owned.js';
import { policyAnalysisJob } from '../src/modules/policies/policies.jobs.js';
import { insurancePackSchema, propertySummarySchema } from '../src/modules/reports/reports.schemas.js';
import { createTestApp, type TestApp } from './support/app.js';
import { pdfTextOf, unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';
import { pdfOf } from './support/policy-pdf.js';

/**
 * Packs the owner controls: what goes into the insurance pack, a claim pack and the property summary
 * (sections and documents), the defaults of each, the preview, the remembered choice, and the refusals.
 */

interface Download {
  status: number;
  body: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they expect
  json: () => any;
}

const daysAgo = (days: number) => johannesburgToday(new Date(Date.now() - days * 86_400_000));

// Each test analyses a policy and builds packs: about 1–3 s alone, past 30 s once on an overloaded CI machine (CI-F).
describe(`packs the owner controls (${databaseKind})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  const download = async (who: HttpOwner, url: string): Promise<Download> => {
    const res = await fetch(`${origin}${url}`, { headers: who.headers });
    const body = Buffer.from(await res.arrayBuffer());
    const text = body.toString('utf8');
    return { status: res.status, body, text, json: () => JSON.parse(text) };
  };

  const ok = <T extends { statusCode: number; body: string }>(res: T): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };

  /**
   * An owner with a property that has a geyser and no geyser certificate (a gap, so the standing is not
   * good), a policy, an electrical CoC, a roof inspection and a title deed.
   */
  async function ownerWithVault() {
    const owner = await httpOwner(t, origin);
    const property = ok(
      await owner.call('POST', '/api/properties', {
        name: 'Kloof House',
        address: '8 Kloof Street, Gardens',
        municipality: 'CPT',
        parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
        features: ['geyser'],
      }),
    ).json();
    const upload = async (name: string, fields: Record<string, unknown>) =>
      ok(
        await owner.upload(Buffer.from(await pdfOf([name])), 'application/pdf', {
          property_id: property.id,
          name,
          ...fields,
        }),
      ).json().id as string;
    const policy = await upload('Home policy.pdf', { kind: 'policy' });
    const coc = await upload('Electrical CoC.pdf', {
      kind: 'certificate',
      metadata: { certificate_type: 'electrical_coc', issued_on: daysAgo(100) },
    });
    const roof = await upload('Roof inspection.pdf', {
      kind: 'inspection',
      metadata: { certificate_type: 'roof_inspection', issued_on: daysAgo(30) },
    });
    const deed = await upload('Title deed.pdf', { kind: 'deed' });
    return { owner, propertyId: property.id as string, ids: { policy, coc, roof, deed } };
  }

  const insurancePack = (who: HttpOwner, propertyId: string, query = '', format = 'json') =>
    download(who, `/api/reports/insurance-pack?propertyId=${propertyId}&format=${format}${query}`);
  const summary = (who: HttpOwner, propertyId: string, query = '', format = 'json') =>
    download(who, `/api/reports/property-summary?propertyId=${propertyId}&format=${format}${query}`);
  const preview = (who: HttpOwner, query: string) => who.call('GET', `/api/reports/pack-preview?${query}`);

  it('insurance pack by default: what is in order, no standing and no gaps; the preview says the same', async () => {
    const { owner, propertyId, ids } = await ownerWithVault();
    const res = await insurancePack(owner, propertyId);
    expect(res.status, res.text).toBe(200);
    const pack = insurancePackSchema.parse(res.json());
    expect(pack.choice).toEqual({ sections: ['compliance_summary', 'policy_findings', 'maintenance'] });
    expect(pack.compliance).toBeNull();
    expect(pack.in_order?.length).toBeGreaterThan(0);
    expect(pack.in_order?.every((finding) => finding.type === 'compliant')).toBe(true);
    expect(pack.certificates.map((document) => document.id).sort()).toEqual([ids.coc, ids.roof].sort());

    const pdf = await pdfTextOf((await insurancePack(owner, propertyId, '', 'pdf')).body);
    expect(pdf.text).toContain('What is in order');
    for (const against of ['Compliance check', 'Standing', 'Critical', 'Gaps detected', 'SANS 10254']) {
      expect(pdf.text, against).not.toContain(against);
    }

    const shown = ok(await preview(owner, `pack=insurance_pack&propertyId=${propertyId}`)).json();
    expect(shown).toMatchObject({ pack: 'insurance_pack', pack_label: 'Insurance pack', remembered: false });
    expect(shown.sections).toEqual([
      expect.objectContaining({ name: 'compliance_summary', included: true, default: true }),
      expect.objectContaining({ name: 'compliance_gaps', included: false, default: false }),
      expect.objectContaining({ name: 'policy_findings', included: true, default: true }),
      expect.objectContaining({ name: 'maintenance', included: true, default: true }),
    ]);
    // The deed is no insurance document: the pack's documents are its policies, certificates and evidence.
    expect(shown.documents.map((document: { id: string }) => document.id).sort()).toEqual(
      [ids.policy, ids.coc, ids.roof].sort(),
    );
    expect(shown.documents.every((document: { included: boolean }) => document.included)).toBe(true);

    // Put in, the gaps bring the whole check and its standing.
    const full = insurancePackSchema.parse(
      (await insurancePack(owner, propertyId, '&include=compliance_gaps')).json(),
    );
    expect(full.compliance?.findings.some((finding) => finding.type === 'gap')).toBe(true);
    const fullPdf = await pdfTextOf((await insurancePack(owner, propertyId, '', 'pdf')).body);
    expect(fullPdf.text).toContain('Compliance check');
    expect(fullPdf.text).toContain('Standing');
  });

  it('property summary by default carries the gaps (the owner’s own report); left out, the standing goes too', async () => {
    const { owner, propertyId, ids } = await ownerWithVault();
    const report = propertySummarySchema.parse((await summary(owner, propertyId)).json());
    expect(report.choice.sections).toEqual([
      'compliance_summary',
      'compliance_gaps',
      'maintenance',
      'documents_list',
    ]);
    expect(report.compliance?.counts.gap).toBeGreaterThan(0);
    expect(report.property.compliance_status).not.toBeNull();
    expect(report.documents?.map((document) => document.id).sort()).toEqual(Object.values(ids).sort());
    const shown = ok(await preview(owner, `pack=property_summary&propertyId=${propertyId}`)).json();
    expect(
      shown.sections.find((section: { name: string }) => section.name === 'compliance_gaps'),
    ).toMatchObject({
      included: true,
      default: true,
    });

    const without = propertySummarySchema.parse(
      (await summary(owner, propertyId, `&exclude=compliance_gaps,${ids.deed}`)).json(),
    );
    expect(without.compliance).toBeNull();
    expect(without.property.compliance_status).toBeNull();
    expect(without.documents?.map((document) => document.id)).not.toContain(ids.deed);
    const pdf = await pdfTextOf((await summary(owner, propertyId, '', 'pdf')).body);
    expect(pdf.text).not.toContain('Compliance at a glance');
    expect(pdf.text).not.toContain('Title deed.pdf');
    expect(pdf.text).toContain('Electrical CoC.pdf');
  });

  it('include/exclude are honoured in the JSON, the PDF and the ZIP, and remembered as the next default', async () => {
    const { owner, propertyId, ids } = await ownerWithVault();
    // Repeated and comma-separated both work.
    const chosen = insurancePackSchema.parse(
      (
        await insurancePack(owner, propertyId, `&exclude=${ids.coc}&exclude=policy_findings,maintenance`)
      ).json(),
    );
    // The pack says which sections it has, never that a document was left out.
    expect(chosen.choice).toEqual({ sections: ['compliance_summary'] });
    expect(JSON.stringify(chosen)).not.toContain(ids.coc);
    expect(chosen.certificates.map((document) => document.id)).toEqual([ids.roof]);
    expect(chosen.policy_findings).toBeNull();
    expect(chosen.maintenance).toBeNull();
    expect(
      chosen.in_order?.flatMap((finding) => finding.evidence.map((document) => document.id)),
    ).not.toContain(ids.coc);

    // Next time, without any include/exclude: the same choice, in every format.
    const again = insurancePackSchema.parse((await insurancePack(owner, propertyId)).json());
    expect(again.choice).toEqual(chosen.choice);
    const pdf = await pdfTextOf((await insurancePack(owner, propertyId, '', 'pdf')).body);
    expect(pdf.text).toContain('Roof inspection.pdf');
    expect(pdf.text).not.toContain('Electrical CoC.pdf');
    expect(pdf.text).not.toContain('Conditions and clauses');
    const zip = await insurancePack(owner, propertyId, '', 'zip');
    expect(zip.status).toBe(200);
    const files = await unzip(zip.body);
    const manifest = JSON.parse(String(files.get('manifest.json')));
    const packed = manifest.files
      .filter((file: { document_id: string | null }) => file.document_id)
      .map((file: { document_id: string }) => file.document_id)
      .sort();
    expect(packed).toEqual([ids.policy, ids.roof].sort());
    expect(JSON.parse(String(files.get('insurance-pack.json'))).choice).toEqual(chosen.choice);

    const shown = ok(await preview(owner, `pack=insurance_pack&propertyId=${propertyId}`)).json();
    expect(shown.remembered).toBe(true);
    expect(shown.documents.find((document: { id: string }) => document.id === ids.coc).included).toBe(false);
    // A preview with a change shows it and remembers nothing.
    const asked = ok(
      await preview(owner, `pack=insurance_pack&propertyId=${propertyId}&include=${ids.coc}`),
    ).json();
    expect(asked.documents.find((document: { id: string }) => document.id === ids.coc).included).toBe(true);
    expect(insurancePackSchema.parse((await insurancePack(owner, propertyId)).json()).choice).toEqual(
      chosen.choice,
    );

    // Put back: remembered too. The other packs keep their own defaults.
    const back = insurancePackSchema.parse(
      (await insurancePack(owner, propertyId, `&include=${ids.coc},maintenance`)).json(),
    );
    expect(back.choice).toEqual({ sections: ['compliance_summary', 'maintenance'] });
    expect(propertySummarySchema.parse((await summary(owner, propertyId)).json()).choice.sections).toContain(
      'compliance_gaps',
    );
  });

  it('the choice is the organisation’s: another owner keeps the defaults', async () => {
    const first = await ownerWithVault();
    const second = await ownerWithVault();
    await insurancePack(first.owner, first.propertyId, '&include=compliance_gaps');
    expect(
      insurancePackSchema.parse((await insurancePack(first.owner, first.propertyId)).json()).compliance,
    ).not.toBeNull();
    const other = insurancePackSchema.parse((await insurancePack(second.owner, second.propertyId)).json());
    expect(other.compliance).toBeNull();
    expect(
      ok(await preview(second.owner, `pack=insurance_pack&propertyId=${second.propertyId}`)).json()
        .remembered,
    ).toBe(false);
  });

  it('claim pack by default: the cover letter and claim.json list what is enclosed, never what is missing', async () => {
    const { owner, propertyId, ids } = await ownerWithVault();
    const photo = ok(
      await owner.upload(
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(900, 1)]),
        'image/jpeg',
        { property_id: propertyId, kind: 'other', name: 'Ceiling.jpg' },
      ),
    ).json().id as string;
    const claim = ok(
      await owner.call('POST', `/api/properties/${propertyId}/claims`, {
        incident_type: 'burst_geyser',
        incident_date: daysAgo(2),
        description: 'The geyser burst overnight.',
        document_ids: [photo],
      }),
    ).json();
    // No geyser certificate and no geyser service: the vault has nothing for either.
    expect(claim.evidence.some((item: { missing: boolean }) => item.missing)).toBe(true);

    const pack = async (query = '') => {
      const res = await download(owner, `/api/claims/${claim.id}/pack${query}`);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      const files = await unzip(res.body);
      return {
        files,
        letter: (await pdfTextOf(files.get('cover-letter.pdf') as Buffer)).text,
        json: JSON.parse(String(files.get('claim.json'))),
      };
    };
    const plain = await pack();
    expect(plain.letter).not.toContain('Missing');
    expect(plain.letter).toContain('Evidence enclosed');
    expect(plain.letter).toContain('Timeline');
    expect(plain.json.evidence.every((item: { missing: boolean }) => !item.missing)).toBe(true);
    expect(plain.json.pack_choice).toEqual({ sections: ['timeline'] });
    expect([...plain.files.keys()]).toContain('photos/Ceiling.jpg');

    const shown = ok(await preview(owner, `pack=claim_pack&claimId=${claim.id}`)).json();
    expect(shown.sections).toEqual([
      expect.objectContaining({ name: 'timeline', included: true, default: true }),
      expect.objectContaining({ name: 'compliance_gaps', included: false, default: false }),
    ]);
    expect(shown.documents.map((document: { id: string }) => document.id)).toEqual(
      expect.arrayContaining([photo, ids.policy]),
    );

    // The owner chooses to say what is missing, and leaves the photo and the timeline out.
    const told = await pack(`?include=compliance_gaps&exclude=${photo},timeline`);
    expect(told.letter).toContain('Missing');
    expect(told.letter).not.toContain('Timeline');
    expect(told.json.evidence.some((item: { missing: boolean }) => item.missing)).toBe(true);
    expect(told.json.documents).toEqual([]);
    expect([...told.files.keys()]).not.toContain('photos/Ceiling.jpg');
    // Remembered for the next claim pack.
    const next = await pack();
    expect(next.letter).toContain('Missing');
    expect(next.json.pack_choice).toEqual({ sections: ['compliance_gaps'] });
    expect(JSON.stringify(next.json)).not.toContain(photo);
  });

  /**
   * Everything a pack says, as text: a JSON pack as it is, a ZIP's every file (PDFs as their text), a
   * PDF's text: where a left-out document's name or id must not appear, not even as a record that it was
   * left out (the preview, the owner's own, says that).
   */
  const json = (text: string) => JSON.stringify(JSON.parse(text));
  const said = async (res: Download): Promise<string> => {
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    if (res.body.subarray(0, 4).toString('latin1') === '%PDF') return (await pdfTextOf(res.body)).text;
    if (res.body[0] === 0x50 && res.body[1] === 0x4b) {
      const files = await unzip(res.body);
      const texts = await Promise.all(
        [...files].map(async ([path, content]) =>
          path.endsWith('.pdf') && !path.includes('/')
            ? `${path}\n${(await pdfTextOf(content as Buffer)).text}`
            : path.endsWith('.json')
              ? `${path}\n${json(String(content))}`
              : path,
        ),
      );
      return texts.join('\n');
    }
    return json(res.text);
  };

  /**
   * A policy whose wording the analysis reads (its conditions include the roof being maintained), and
   * the roof inspection that proves that condition.
   */
  async function ownerWithAnalysedPolicy() {
    const wording = readPolicyCorpus(POLICY_CORPUS).find((entry) => entry.name === 'fynbos-direct');
    if (!wording) throw new Error('the fynbos-direct wording is missing from the corpus');
    const owner = await httpOwner(t, origin);
    const property = ok(
      await owner.call('POST', '/api/properties', {
        name: 'Kloof House',
        address: '8 Kloof Street, Gardens',
        municipality: 'CPT',
        parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
        features: ['geyser'],
      }),
    ).json();
    const policy = ok(
      await owner.upload(Buffer.from(await pdfOf(wording.pages)), 'application/pdf', {
        property_id: property.id,
        kind: 'policy',
        name: 'Secret policy wording.pdf',
        expires_at: '2099-03-01',
      }),
    ).json().id as string;
    const roof = ok(
      await owner.upload(Buffer.from(await pdfOf(['Roof inspection report'])), 'application/pdf', {
        property_id: property.id,
        kind: 'inspection',
        name: 'Hidden roof inspection.pdf',
        metadata: { certificate_type: 'roof_inspection', issued_on: daysAgo(30) },
      }),
    ).json().id as string;
    await t.services.jobs.runQueued(policyAnalysisJob);
    return { owner, propertyId: property.id as string, policy, roof };
  }

  it('the insurance pack carries no findings, excerpts or evidence of a policy the owner excluded', async () => {
    const { owner, propertyId, policy, roof } = await ownerWithAnalysedPolicy();
    // With the policy in, its findings are there (so their absence below is the choice's doing).
    const full = insurancePackSchema.parse(
      (await insurancePack(owner, propertyId, '&include=compliance_gaps')).json(),
    );
    expect(full.policy_findings?.some((finding) => finding.document_id === policy)).toBe(true);
    expect(full.policy_findings?.some((finding) => finding.evidence_document?.id === roof)).toBe(true);

    const query = `&include=compliance_gaps&exclude=${policy}`;
    const res = await insurancePack(owner, propertyId, query);
    const pack = insurancePackSchema.parse(res.json());
    expect(pack.policies).toEqual([]);
    expect(pack.policy_findings).toEqual([]);
    // The condition the policy states is still proved by the roof inspection, without naming the policy.
    const roofCondition = pack.in_order?.find(
      (finding) => finding.rule === 'policy_condition.roof_maintained',
    );
    expect(roofCondition?.evidence.map((document) => document.id)).toEqual([roof]);
    expect(roofCondition?.description).toContain('a document not in this pack');
    for (const format of ['json', 'pdf', 'zip']) {
      const text = await said(await insurancePack(owner, propertyId, query, format));
      expect(text, format).not.toContain('Secret policy wording');
      expect(text, format).not.toContain(policy);
      expect(text, format).toContain('Hidden roof inspection.pdf');
    }
  });

  it('a certificate the owner excluded is named nowhere in the insurance pack: not as a finding’s proof, not in a rule', async () => {
    const { owner, propertyId, policy, roof } = await ownerWithAnalysedPolicy();
    const query = `&include=compliance_gaps,${policy}&exclude=${roof}`;
    const pack = insurancePackSchema.parse((await insurancePack(owner, propertyId, query)).json());
    expect(pack.policy_findings?.some((finding) => finding.document_id === policy)).toBe(true);
    expect(pack.policy_findings?.some((finding) => finding.finding_type === 'evidence')).toBe(false);
    // The rule the roof inspection met is not shown as in order: its proof is not in the pack.
    expect(pack.in_order?.some((finding) => finding.rule === 'policy_condition.roof_maintained')).toBe(false);
    for (const format of ['json', 'pdf', 'zip']) {
      const text = await said(await insurancePack(owner, propertyId, query, format));
      expect(text, format).not.toContain('Hidden roof inspection');
      expect(text, format).not.toContain(roof);
      expect(text, format).toContain('Secret policy wording.pdf');
    }
  });

  it('the property summary names no document the owner excluded, in any format', async () => {
    const { owner, propertyId, policy, roof } = await ownerWithAnalysedPolicy();
    const query = `&include=compliance_gaps,compliance_summary,documents_list,maintenance&exclude=${policy},${roof}`;
    const report = propertySummarySchema.parse((await summary(owner, propertyId, query)).json());
    expect(report.compliance).not.toBeNull();
    for (const format of ['json', 'pdf']) {
      const text = await said(await summary(owner, propertyId, query, format));
      for (const hidden of ['Secret policy wording', 'Hidden roof inspection', policy, roof])
        expect(text, `${format}: ${hidden}`).not.toContain(hidden);
    }
  });

  it('a claim pack names no policy the owner excluded: the cover says so without its id or name', async () => {
    const owner = await httpOwner(t, origin);
    const property = ok(
      await owner.call('POST', '/api/properties', {
        name: 'Kloof House',
        address: '8 Kloof Street, Gardens',
        municipality: 'CPT',
        parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
        features: ['geyser'],
      }),
    ).json();
    const policy = ok(
      await owner.upload(Buffer.from(await pdfOf(['Household policy schedule'])), 'application/pdf', {
        property_id: property.id,
        kind: 'policy',
        name: 'Hidden household policy.pdf',
        expires_at: '2099-03-01',
      }),
    ).json().id as string;
    const claim = ok(
      await owner.call('POST', `/api/properties/${property.id}/claims`, {
        incident_type: 'burst_geyser',
        incident_date: daysAgo(2),
        description: 'The geyser burst overnight.',
        document_ids: [],
      }),
    ).json();
    // The claim itself (the owner's own screen) names its cover's policy.
    expect(claim.cover).toMatchObject({ status: 'in_force', policy_document_id: policy });

    const res = await download(owner, `/api/claims/${claim.id}/pack?exclude=${policy}`);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const files = await unzip(res.body);
    const json = JSON.parse(String(files.get('claim.json')));
    expect(json.pack_choice).toEqual({ sections: ['timeline'] });
    expect(json.cover).toMatchObject({
      status: 'in_force',
      in_force: true,
      policy_document_id: null,
      policy_name: null,
    });
    expect(json.cover.message).toContain(POLICY_NOT_ENCLOSED);
    const letter = (await pdfTextOf(files.get('cover-letter.pdf') as Buffer)).text;
    expect(letter).toContain('the policy is not enclosed');
    const text = await said(res);
    expect(text).not.toContain('Hidden household policy');
    expect(text).not.toContain(policy);

    // Put back in, the pack names it as the cover again.
    const back = await said(await download(owner, `/api/claims/${claim.id}/pack?include=${policy}`));
    expect(back).toContain('Hidden household policy.pdf');
  });

  it('a foreign, unknown or other-property document id is refused with the same 400, and nothing is remembered', async () => {
    const { owner, propertyId, ids } = await ownerWithVault();
    const outsider = await ownerWithVault();
    const otherProperty = ok(
      await owner.call('POST', '/api/properties', {
        name: 'Second House',
        address: '1 Long Street',
        municipality: 'CPT',
        parcel_id: `Q${Math.random().toString(36).slice(2, 8)}`,
      }),
    ).json().id;
    const elsewhere = ok(
      await owner.upload(Buffer.from(await pdfOf(['Other CoC'])), 'application/pdf', {
        property_id: otherProperty,
        kind: 'certificate',
        name: 'Other CoC.pdf',
      }),
    ).json().id;
    for (const id of [outsider.ids.coc, '00000000-0000-4000-8000-000000000000', elsewhere, ids.deed]) {
      for (const query of [`&exclude=${id}`, `&include=${id}`]) {
        const res = await insurancePack(owner, propertyId, query);
        expect(res.status, query).toBe(400);
        expect(res.json()).toEqual({ error: PACK_CHOICE_MESSAGES.unknownDocument(id) });
      }
      const res = await preview(owner, `pack=insurance_pack&propertyId=${propertyId}&exclude=${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(PACK_CHOICE_MESSAGES.unknownDocument(id));
    }
    expect(ok(await preview(owner, `pack=insurance_pack&propertyId=${propertyId}`)).json().remembered).toBe(
      false,
    );
    // Another organisation's property or claim in the preview: 404 as on every door.
    const foreign = await preview(owner, `pack=insurance_pack&propertyId=${outsider.propertyId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: NOT_FOUND_MESSAGES.property });
  });

  it('an unknown section is a 400 naming it, on every pack door; so is one entry both included and excluded', async () => {
    const { owner, propertyId } = await ownerWithVault();
    const cases: [string, string][] = [
      [
        `/api/reports/insurance-pack?propertyId=${propertyId}&exclude=compliance_gapz`,
        PACK_CHOICE_MESSAGES.unknownSection('insurance_pack', 'compliance_gapz'),
      ],
      // A section of another pack is no section of this one.
      [
        `/api/reports/insurance-pack?propertyId=${propertyId}&include=timeline`,
        PACK_CHOICE_MESSAGES.unknownSection('insurance_pack', 'timeline'),
      ],
      [
        `/api/reports/property-summary?propertyId=${propertyId}&include=everything`,
        PACK_CHOICE_MESSAGES.unknownSection('property_summary', 'everything'),
      ],
      [
        `/api/claims/00000000-0000-4000-8000-000000000000/pack?include=policy_findings`,
        PACK_CHOICE_MESSAGES.unknownSection('claim_pack', 'policy_findings'),
      ],
      [
        `/api/reports/pack-preview?pack=claim_pack&claimId=x&exclude=maintenance`,
        PACK_CHOICE_MESSAGES.unknownSection('claim_pack', 'maintenance'),
      ],
      [
        `/api/reports/insurance-pack?propertyId=${propertyId}&include=maintenance&exclude=maintenance`,
        PACK_CHOICE_MESSAGES.both('maintenance'),
      ],
      [
        `/api/reports/pack-preview?pack=summary&propertyId=${propertyId}`,
        'Unknown pack: choose insurance_pack, claim_pack, property_summary',
      ],
      [`/api/reports/pack-preview?pack=claim_pack&propertyId=${propertyId}`, 'claimId is required'],
    ];
    for (const [url, message] of cases) {
      const res = await download(owner, url);
      expect(res.status, url).toBe(400);
      expect(res.json().error, url).toBe(message);
    }
    expect(ok(await preview(owner, `pack=insurance_pack&propertyId=${propertyId}`)).json().remembered).toBe(
      false,
    );
  });

  it('documents include/exclude and the defaults in OpenAPI', async () => {
    const res = await fetch(`${origin}/api/openapi.json`);
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as read
    const spec = (await res.json()) as any;
    const parameters = (path: string) =>
      (spec.paths[path].get.parameters as { name: string; description?: string }[]).map((p) => p.name);
    expect(parameters('/api/reports/insurance-pack')).toEqual(expect.arrayContaining(['include', 'exclude']));
    expect(parameters('/api/reports/property-summary')).toEqual(
      expect.arrayContaining(['include', 'exclude']),
    );
    expect(parameters('/api/claims/{id}/pack')).toEqual(expect.arrayContaining(['include', 'exclude']));
    expect(parameters('/api/reports/pack-preview')).toEqual(
      expect.arrayContaining(['pack', 'propertyId', 'claimId', 'include', 'exclude']),
    );
    expect(spec.paths['/api/reports/insurance-pack'].get.description).toContain(
      'every section but compliance_gaps',
    );
    expect(spec.paths['/api/claims/{id}/pack'].get.description).toContain('compliance_gaps out');
  });
});
