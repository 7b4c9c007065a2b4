import { pairClauseFindings } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POLICY_CLAUSE_CORPUS,
  readClauseCorpus,
} from '../../../packages/domain/src/policy-analysis/corpus-test-helpers.js';
import { complianceRecheckJob } from '../src/modules/compliance/compliance.jobs.js';
import { policyAnalysisJob } from '../src/modules/policies/policies.jobs.js';
import { unreadableScanMessage } from '../src/modules/policies/policies.service.js';
import { policyIdentities } from '../src/modules/policies/policy-identities.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { httpOwner } from './support/http-owner.js';
import { measureRssGrowth } from './support/memory.js';
import { flateBombPdf, GiB, MiB, pdfOf, scanLikePdf, wordingPages } from './support/policy-pdf.js';

const UNREADABLE = 'No text was found on its pages';

interface PolicyFinding {
  id: string;
  finding_type: string;
  key: string;
  title: string;
  clause_ref: string | null;
  topics: string[];
  reason: string | null;
  limit_rands: number | null;
  candidate_task: { title: string; frequency: string; priority: string; task_id: string | null } | null;
  page: number | null;
  excerpt: string;
  confidence: number;
  document_id: string;
  property_name: string;
  evidence_document: { id: string; name: string } | null;
}

describe(`insurance policy analysis (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  const wording = readClauseCorpus(POLICY_CLAUSE_CORPUS).find((entry) => entry.name === 'fynbos-direct');

  /** The document's reading (the extraction job's row) ended unreadable: its scan has no text to analyse. */
  async function unreadableReading(documentId: string, organizationId: string) {
    await t.db.db
      .insertInto('document_extractions')
      .values({
        document_id: documentId,
        organization_id: organizationId,
        status: 'unreadable',
        message: UNREADABLE,
      })
      .onConflict((conflict) =>
        conflict.column('document_id').doUpdateSet({ status: 'unreadable', message: UNREADABLE }),
      )
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function ownerWithPolicy(pdf: Uint8Array, metadata: Record<string, unknown> = {}) {
    const owner = await httpOwner(t, origin);
    const property = await owner.call('POST', '/api/properties', {
      name: 'Fynbos House',
      address: '4 Protea Road',
      municipality: 'CPT',
      parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
      features: ['geyser', 'alarm'],
    });
    expect(property.statusCode, property.body).toBe(201);
    const propertyId = property.json().id as string;
    const policy = await owner.upload(Buffer.from(pdf), 'application/pdf', {
      property_id: propertyId,
      kind: 'policy',
      metadata: { filename: 'Fynbos policy wording.pdf', ...metadata },
    });
    expect(policy.statusCode, policy.body).toBe(201);
    return { ...owner, propertyId, policyId: policy.json().id as string };
  }

  it('reads a real PDF policy: its clauses with page and excerpt, and its conditions in the check', async () => {
    if (!wording) throw new Error('the corpus has no fynbos-direct wording');
    const owner = await ownerWithPolicy(await pdfOf(wording.pages));
    // Registering the policy queued its analysis; it shows as queued until the job runs.
    const before = (await owner.call('GET', `/api/policies/analyses?propertyId=${owner.propertyId}`)).json();
    expect(before).toEqual([expect.objectContaining({ document_id: owner.policyId, state: 'queued' })]);
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    const after = (await owner.call('GET', `/api/policies/analyses?propertyId=${owner.propertyId}`)).json();
    expect(after).toEqual([
      expect.objectContaining({ state: 'done', pages: wording.pages.length, error: null }),
    ]);

    const findings: PolicyFinding[] = (
      await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`)
    ).json();
    const found = (type: string, key: string) =>
      findings.find((finding) => finding.finding_type === type && finding.key === key);
    // Every labelled clause is found, once, of its class, on its page (clause-level labels, issue 28).
    const paired = pairClauseFindings(findings as never, wording.labels);
    wording.labels.forEach((label, index) => {
      expect(paired.includes(index), `${label.finding_type} "${label.quote}"`).toBe(true);
    });
    const wear = found('exclusion', 'wear_and_tear');
    expect(wear).toMatchObject({ document_id: owner.policyId, property_name: 'Fynbos House' });
    // The excerpt is the clause as it stands in the wording (whitespace aside).
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    expect(flat(wording.pages.join('\n'))).toContain(flat(wear?.excerpt ?? 'missing'));
    expect(wear?.confidence).toBeGreaterThan(0);
    expect(wear?.confidence).toBeLessThanOrEqual(1);

    // The geyser condition has no proof in the vault: a gap in the check, quoting the policy.
    await t.services.jobs.runQueued(complianceRecheckJob);
    let check = (await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`)).json();
    const geyser = () =>
      check.findings.find(
        (finding: { rule: string }) => finding.rule === 'policy_condition.geyser_sans_10254',
      );
    expect(geyser()).toMatchObject({ type: 'gap', context: 'insurance' });
    expect(found('evidence', 'geyser_sans_10254')).toBeUndefined();

    // A geyser certificate proves it: the check is met and the findings name the evidence.
    const certificate = await owner.upload(
      Buffer.from(await pdfOf(['Geyser certificate SANS 10254'])),
      'application/pdf',
      {
        property_id: owner.propertyId,
        kind: 'certificate',
        metadata: { filename: 'Geyser CoC.pdf', certificate_type: 'geyser_coc', issued_on: '2026-10-01' },
      },
    );
    expect(certificate.statusCode, certificate.body).toBe(201);
    check = (await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`)).json();
    expect(geyser()).toMatchObject({
      type: 'compliant',
      evidence: [{ id: certificate.json().id, name: 'Geyser CoC.pdf' }],
    });
    const withEvidence: PolicyFinding[] = (
      await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`)
    ).json();
    expect(
      withEvidence.find((f) => f.finding_type === 'evidence' && f.key === 'geyser_sans_10254'),
    ).toMatchObject({
      evidence_document: { id: certificate.json().id, name: 'Geyser CoC.pdf' },
    });
    // Without propertyId: every property's findings, with the property's name.
    const all: PolicyFinding[] = (await owner.call('GET', '/api/policies/findings')).json();
    expect(all.length).toBe(withEvidence.length);
  });

  it('reads the policy number and insurer in the wording: in the analyses, the insurance pack and policyIdentities', async () => {
    if (!wording) throw new Error('the corpus has no fynbos-direct wording');
    const [first, ...rest] = wording.pages;
    const schedule = [
      `HOMEOWNERS POLICY SCHEDULE\nPolicy number: HP 778812\nUnderwritten by Santam Ltd\n\n${first}`,
      ...rest,
    ];
    // The owner typed another insurer in the details: what the analysis read wins over it.
    const owner = await ownerWithPolicy(await pdfOf(schedule), { insurer: 'Hollard' });
    // A scan with details typed in: the pack falls back on them.
    const scan = await owner.upload(Buffer.from(await scanLikePdf()), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'policy',
      metadata: { filename: 'Old schedule scan.pdf', insurer: 'King Price', policy_number: 'KP 1002003' },
    });
    expect(scan.statusCode, scan.body).toBe(201);
    // Its reading (OCR) found nothing to read: its analysis ends no_text.
    await unreadableReading(scan.json().id, owner.organizationId);
    const analyses = () => owner.call('GET', `/api/policies/analyses?propertyId=${owner.propertyId}`);
    // Before any analysis ran: nothing read yet.
    expect((await analyses()).json()).toEqual([
      expect.objectContaining({
        document_id: owner.policyId,
        state: 'queued',
        policy_number: null,
        insurer: null,
      }),
      expect.objectContaining({
        document_id: scan.json().id,
        state: 'queued',
        policy_number: null,
        insurer: null,
      }),
    ]);
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(2);
    expect((await analyses()).json()).toEqual([
      expect.objectContaining({
        document_id: owner.policyId,
        state: 'done',
        policy_number: 'HP 778812',
        insurer: 'Santam',
      }),
      expect.objectContaining({
        document_id: scan.json().id,
        state: 'no_text',
        policy_number: null,
        insurer: null,
      }),
    ]);

    const pack = await owner.call(
      'GET',
      `/api/reports/insurance-pack?propertyId=${owner.propertyId}&format=json`,
    );
    expect(pack.statusCode, pack.body).toBe(200);
    const policies: { id: string; insurer: string | null; policy_number: string | null }[] =
      pack.json().policies;
    expect(policies.find((policy) => policy.id === owner.policyId)).toMatchObject({
      insurer: 'Santam',
      policy_number: 'HP 778812',
    });
    expect(policies.find((policy) => policy.id === scan.json().id)).toMatchObject({
      insurer: 'King Price',
      policy_number: 'KP 1002003',
    });

    // What the claim pack reads: the property's policies, newest first.
    expect(await policyIdentities(t.services.db.db, owner.organizationId, owner.propertyId)).toEqual([
      {
        document_id: scan.json().id,
        name: 'Old schedule scan.pdf',
        insurer: 'King Price',
        policy_number: 'KP 1002003',
      },
      {
        document_id: owner.policyId,
        name: 'Fynbos policy wording.pdf',
        insurer: 'Santam',
        policy_number: 'HP 778812',
      },
    ]);

    // Analysed again: still found while it waits, and found again after.
    await owner.call('POST', '/api/policies/analyze', { propertyId: owner.propertyId });
    expect((await analyses()).json()[0]).toMatchObject({ state: 'queued', policy_number: 'HP 778812' });
    await t.services.jobs.runQueued(policyAnalysisJob);
    expect((await analyses()).json()[0]).toMatchObject({ state: 'done', insurer: 'Santam' });
    // Another organisation sees none of it.
    const outsider = await httpOwner(t, origin);
    expect(await policyIdentities(t.services.db.db, outsider.organizationId, owner.propertyId)).toEqual([]);
  });

  it('a scan its reading could not read is an unknown in the check that says so', async () => {
    const owner = await ownerWithPolicy(await scanLikePdf());
    await unreadableReading(owner.policyId, owner.organizationId);
    await t.services.jobs.runQueued(policyAnalysisJob);
    const analyses = (
      await owner.call('GET', `/api/policies/analyses?propertyId=${owner.propertyId}`)
    ).json();
    expect(analyses).toEqual([
      expect.objectContaining({ state: 'no_text', error: unreadableScanMessage(UNREADABLE) }),
    ]);
    const check = (await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`)).json();
    expect(check.findings.find((f: { rule: string }) => f.rule === 'policy_wording.insurance')).toMatchObject(
      {
        type: 'unknown',
        description: expect.stringContaining('could not be read'),
        evidence: [{ id: owner.policyId, name: 'Fynbos policy wording.pdf' }],
      },
    );
    expect((await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`)).json()).toEqual(
      [],
    );
  });

  it('a flate bomb ends could-not-read with its reason, the server serving and its memory bounded', async () => {
    const reason =
      'The PDF could not be read: its compressed content unpacks to more than 128 MB (or 32 MB in one part), far more than a policy wording holds.';
    // One stream of 1 GiB (a 1 MB file), and six of 31 MiB: each under the per-stream limit, 186 MiB in all.
    for (const bomb of [await flateBombPdf([GiB]), await flateBombPdf(Array(6).fill(31 * MiB))]) {
      const owner = await ownerWithPolicy(bomb);
      const { result: health, growth } = await measureRssGrowth(async () => {
        let finished = false;
        const job = t.services.jobs.runQueued(policyAnalysisJob).finally(() => {
          finished = true;
        });
        // The server answers while the analysis runs (the reader is another process).
        const answers: { status: number; during: boolean }[] = [];
        do {
          const res = await fetch(`${origin}/api/health`);
          await res.arrayBuffer();
          answers.push({ status: res.status, during: !finished });
        } while (!finished);
        expect(await job).toBe(1);
        return answers;
      });
      expect(health.every((answer) => answer.status === 200)).toBe(true);
      expect(health.some((answer) => answer.during)).toBe(true);
      expect(growth.serverMb).toBeLessThanOrEqual(300);
      expect(growth.withChildrenMb).toBeLessThanOrEqual(300);

      const analyses = await owner.call('GET', `/api/policies/analyses?propertyId=${owner.propertyId}`);
      expect(analyses.statusCode).toBe(200);
      expect(analyses.json()).toEqual([
        expect.objectContaining({ document_id: owner.policyId, state: 'failed', pages: null, error: reason }),
      ]);
      const check = (await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`)).json();
      expect(
        check.findings.find((f: { rule: string }) => f.rule === 'policy_wording.insurance'),
      ).toMatchObject({
        type: 'unknown',
        title: 'Policy wording could not be read',
        description: `"Fynbos policy wording.pdf": ${reason}`,
      });
    }
  });

  it('a maintenance condition offers a candidate task the owner accepts into the schedule, once per clause', async () => {
    const owner = await ownerWithPolicy(await pdfOf(wordingPages('clause-wording')));
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    const listFindings = async (): Promise<PolicyFinding[]> => {
      const res = await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    let findings = await listFindings();
    // Every finding answers its clause's number, topics and reason (null or empty where none).
    for (const finding of findings) {
      expect(finding).toHaveProperty('clause_ref');
      expect(Array.isArray(finding.topics)).toBe(true);
      expect(finding).toHaveProperty('reason');
      expect(finding.candidate_task === null).toBe(finding.finding_type !== 'maintenance');
    }
    // One finding per relevant clause, on its page, with its own number (the wording's labels).
    expect(findings.map((finding) => [finding.finding_type, finding.clause_ref, finding.page])).toEqual([
      ['endorsement', '3.1', 1],
      ['endorsement', '3.2', 1],
      ['exclusion', '4.1', 2],
      ['exclusion', '4.2', 2],
      ['exclusion', '4.3', 2],
      ['maintenance', '5.1', 3],
      ['maintenance', '5.2', 3],
      ['maintenance', '5.3', 3],
    ]);
    expect(findings.find((finding) => finding.clause_ref === '3.1')?.limit_rands).toBe(150000);
    // A condition no catalogued key names is a candidate task too, and an unknown of the check.
    const trees = findings.find((finding) => finding.clause_ref === '5.2');
    expect(trees).toMatchObject({ key: 'other', candidate_task: { task_id: null } });
    const check = (await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`)).json();
    expect(
      check.findings.filter((finding: { rule: string }) => finding.rule === 'policy_condition.other'),
    ).toHaveLength(2);
    const geyser = findings.find((finding) => finding.key === 'geyser_sans_10254');
    expect(geyser).toMatchObject({
      finding_type: 'maintenance',
      page: 3,
      candidate_task: { title: 'Geyser installed to SANS 10254', frequency: 'annually', task_id: null },
    });
    // Offered, never added by itself.
    const tasks = () => owner.call('GET', `/api/maintenance?propertyId=${owner.propertyId}`);
    expect((await tasks()).json()).toEqual([]);

    const accept = (id: string) =>
      owner.call('POST', `/api/policies/findings/${encodeURIComponent(id)}/task`);
    const accepted = await accept(geyser?.id ?? 'missing');
    expect(accepted.statusCode, accepted.body).toBe(201);
    const task = accepted.json().task;
    expect(accepted.json()).toMatchObject({
      created: true,
      message: 'Added to the maintenance schedule: Geyser installed to SANS 10254',
      task: { title: 'Geyser installed to SANS 10254', property_id: owner.propertyId, frequency: 'annually' },
    });
    // The task quotes the clause, with the policy and its page.
    expect(task.description).toContain('Your policy "Fynbos policy wording.pdf"');
    expect(task.description).toContain('page 3');
    expect(task.description).toContain('the geyser is installed in accordance with SANS 10254');
    expect((await tasks()).json()).toEqual([expect.objectContaining({ id: task.id })]);
    expect((await listFindings()).find((finding) => finding.id === geyser?.id)?.candidate_task?.task_id).toBe(
      task.id,
    );

    // Accepted again: the same task, nothing added.
    const again = await accept(geyser?.id ?? 'missing');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: false, task: { id: task.id } });
    // An exclusion is no task.
    const exclusion = findings.find((finding) => finding.finding_type === 'exclusion');
    const refused = await accept(exclusion?.id ?? 'missing');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatch(/^Only a policy's maintenance condition/);

    // A new analysis replaces the findings (new ids): the same clause is the same task, already accepted.
    await owner.call('POST', '/api/policies/analyze', { propertyId: owner.propertyId });
    await t.services.jobs.runQueued(policyAnalysisJob);
    findings = await listFindings();
    const found = findings.find((finding) => finding.key === 'geyser_sans_10254');
    expect(found?.id).not.toBe(geyser?.id);
    expect(found?.candidate_task?.task_id).toBe(task.id);
    expect((await accept(found?.id ?? 'missing')).json()).toMatchObject({
      created: false,
      task: { id: task.id },
    });
    expect((await tasks()).json()).toHaveLength(1);
    // The trees condition, accepted: its own words, clause and page.
    const treesTask = await accept(findings.find((finding) => finding.clause_ref === '5.2')?.id ?? 'missing');
    expect(treesTask.statusCode, treesTask.body).toBe(201);
    expect(treesTask.json().task.description).toContain('(clause 5.2, page 3)');
    expect(treesTask.json().task.description).toContain('trees overhanging the roof');
  });

  /** An owner whose policy is the clause-labelled test wording, analysed: the owner and its findings. */
  async function analysedClauseWording() {
    const owner = await ownerWithPolicy(await pdfOf(wordingPages('clause-wording')));
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    const res = await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`);
    expect(res.statusCode, res.body).toBe(200);
    return { owner, findings: res.json() as PolicyFinding[] };
  }

  it('one task per subject with Bootstrap Standards; a condition no certificate proves is met by its done task', async () => {
    const { owner, findings } = await analysedClauseWording();
    const accept = (id: string | undefined) =>
      owner.call('POST', `/api/policies/findings/${encodeURIComponent(id ?? 'missing')}/task`);
    const tasks = async (): Promise<{ id: string; title: string; standard_key?: string }[]> =>
      (await owner.call('GET', `/api/maintenance?propertyId=${owner.propertyId}`)).json();

    // Bootstrap Standards first: the geyser's standard task is the one the policy's geyser condition asks for.
    const bootstrap = await owner.call('POST', '/api/maintenance/bootstrap', {
      propertyId: owner.propertyId,
    });
    expect(bootstrap.statusCode, bootstrap.body).toBe(201);
    const standard = await tasks();
    const geyserTask = standard.find((task) => /geyser/i.test(task.title));
    expect(geyserTask).toBeDefined();
    const geyser = findings.find((finding) => finding.key === 'geyser_sans_10254');
    const answered = await accept(geyser?.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      created: false,
      message: `Already in the maintenance schedule: ${geyserTask?.title}`,
      task: { id: geyserTask?.id },
    });
    expect(await tasks()).toHaveLength(standard.length);
    const listed: PolicyFinding[] = (
      await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`)
    ).json();
    expect(listed.find((finding) => finding.id === geyser?.id)?.candidate_task?.task_id).toBe(geyserTask?.id);

    // The trees clause (no catalogued key, no certificate proves it): unknown until its task is done.
    const trees = findings.find((finding) => finding.clause_ref === '5.2');
    const treesFinding = async () => {
      await t.services.jobs.runQueued(complianceRecheckJob);
      const check = (await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`)).json();
      return check.findings.find(
        (finding: { rule: string; source: string }) =>
          finding.rule === 'policy_condition.other' && finding.source.includes('clause 5.2'),
      );
    };
    expect(await treesFinding()).toMatchObject({
      type: 'unknown',
      action: 'Add it to your maintenance schedule, and keep proof that it is done: photos or an invoice',
    });
    const added = await accept(trees?.id);
    expect(added.statusCode, added.body).toBe(201);
    const treesTask = added.json().task as { id: string; title: string };
    expect(await treesFinding()).toMatchObject({
      type: 'unknown',
      action: `Mark "${treesTask.title}" done in Maintenance once it is done, and keep proof: photos or an invoice`,
    });
    const done = await owner.call('POST', `/api/maintenance/${treesTask.id}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);
    const met = await treesFinding();
    expect(met).toMatchObject({
      type: 'compliant',
      title: expect.stringMatching(/^Policy condition done: /),
    });
    expect(met.description).toContain(`"${treesTask.title}" done on ${done.json().history[0].completed_on}`);
    expect(met.description).toContain('This is your own record, not a certificate');
    // Removed from the schedule: unknown again.
    expect((await owner.call('DELETE', `/api/maintenance/${treesTask.id}`)).statusCode).toBe(200);
    expect((await treesFinding()).type).toBe('unknown');
  });

  it("a policy's task first: Bootstrap Standards adds no second task on its subject", async () => {
    const { owner, findings } = await analysedClauseWording();
    const geyser = findings.find((finding) => finding.key === 'geyser_sans_10254');
    const accepted = await owner.call('POST', `/api/policies/findings/${geyser?.id}/task`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const bootstrap = await owner.call('POST', '/api/maintenance/bootstrap', {
      propertyId: owner.propertyId,
    });
    expect(bootstrap.statusCode, bootstrap.body).toBe(201);
    const titles = (bootstrap.json().tasks as { title: string }[]).map((task) => task.title);
    expect(titles.filter((title) => /geyser/i.test(title))).toEqual(['Geyser installed to SANS 10254']);
  });

  it('Analyze Policies queues every policy of the property again and answers 202 with their state', async () => {
    if (!wording) throw new Error('the corpus has no fynbos-direct wording');
    const owner = await ownerWithPolicy(await pdfOf(wording.pages));
    await t.services.jobs.runQueued(policyAnalysisJob);
    const res = await owner.call('POST', '/api/policies/analyze', { propertyId: owner.propertyId });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      queued: 1,
      message: 'Analysing 1 policy',
      analyses: [expect.objectContaining({ state: 'queued' })],
    });
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    const bad = await owner.call('POST', '/api/policies/analyze', {});
    expect(bad.statusCode).toBe(400);
  });
});
