import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  assertNothingCut,
  newAccount,
  screenshots,
  toast,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

/** POLICIES_SCREENSHOTS=<dir>: the screen with findings and during progress, desktop and phone, to look at. */
const screenshot = screenshots('POLICIES_SCREENSHOTS');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// pdf-lib is the api's dependency: the wording is made into a real PDF with a text layer.
const { PDFDocument, StandardFonts } = createRequire(path.join(root, 'apps/api/package.json'))('pdf-lib');

const PROPERTY_NAME = 'Kenilworth Family Home';
const POLICY_NAME = 'Fynbos Direct policy wording.pdf';
const [DESKTOP, PHONE] = VIEWPORTS;

/** A wording of the analyser's corpus, a page a string (its pages start with `=== page N ===` lines). */
function corpusPages(name) {
  const text = readFileSync(
    path.join(root, 'packages/domain/src/policy-analysis/corpus', `${name}.txt`),
    'utf8',
  );
  return text.split(/^=== page \d+ ===\r?\n/m).slice(1);
}

/** An A4 PDF with a text layer, a wording page a PDF page, line for line; a long line wraps. */
async function policyPdf(pages) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [size, leading, margin, width] = [9, 12, 40, 595];
  const fit = (line) => {
    const words = line.split(' ');
    const lines = [''];
    for (const word of words) {
      const next = lines.at(-1) ? `${lines.at(-1)} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width - 2 * margin) lines.push(word);
      else lines[lines.length - 1] = next;
    }
    return lines;
  };
  for (const text of pages) {
    const page = pdf.addPage([width, 842]);
    let y = 842 - margin;
    for (const line of text.trimEnd().split('\n').flatMap(fit)) {
      if (line.trim() !== '') page.drawText(line, { x: margin, y, size, font });
      y -= leading;
    }
  }
  return Buffer.from(await pdf.save());
}

/** Waits until none of the property's policies is queued or running; answers their analyses. */
async function settledAnalyses(token, propertyId) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const analyses = await api(`/api/policies/analyses?propertyId=${propertyId}`, { token });
    assert.equal(analyses.status, 200);
    if (analyses.body.every((analysis) => !['queued', 'running'].includes(analysis.state)))
      return analyses.body;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the analysis did not finish in 30 s');
}

/** The tabs' counts as their names give them ('Exclusions 11'). */
async function tabCounts(page) {
  const names = await page.getByRole('tab').allTextContents();
  return Object.fromEntries(
    names.map((name) => {
      const match = /^(.+) (\d+)$/.exec(name ?? '');
      assert.ok(match, `a tab named with its count (${name})`);
      return [match[1], Number(match[2])];
    }),
  );
}

const findingCards = (page) => page.getByTestId('finding');

async function chooseProperty(page, name) {
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

describe('Policy Analysis', () => {
  const session = useBrowser();

  it("analyses a property's policy wording, shows its progress and findings, filters them by tab and search", async () => {
    const { context, page } = session;
    const { token } = await newAccount({ label: 'policies', context, firstName: 'Ayanda' });
    const watch = await watchPage(page);
    const property = await api('/api/properties', {
      token,
      body: {
        name: PROPERTY_NAME,
        address: '14 Summerley Road, Kenilworth, 7708',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'KW14',
      },
    });
    assert.equal(property.status, 201, JSON.stringify(property.body));
    const propertyId = property.body.id;

    // A policy uploaded before the page is opened is analysed by itself (the job queue's worker).
    const bytes = await policyPdf(corpusPages('fynbos-direct'));
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const policy = await uploadDocument(token, propertyId, bytes, { kind: 'policy', name: POLICY_NAME });
    const [uploaded] = await settledAnalyses(token, propertyId);
    assert.equal(uploaded.state, 'done', JSON.stringify(uploaded));
    assert.equal(uploaded.pages, 3);

    await page.setViewportSize(DESKTOP);
    await page.goto('/policies');
    await page.getByRole('heading', { level: 1, name: 'Policy Analysis' }).waitFor();
    await page.waitForFunction(() => document.title === 'Policies · PropertyDNA');
    await findingCards(page).first().waitFor();
    assert.equal(await page.getByPlaceholder('Search findings...').count(), 1);
    // All properties: each card says whose policy it is.
    assert.equal(await findingCards(page).first().getByText(PROPERTY_NAME, { exact: true }).count(), 1);

    // Analyze Policies for the property: the progress shows, then the findings and the toast.
    await chooseProperty(page, PROPERTY_NAME);
    await page.getByRole('button', { name: 'Analyze Policies' }).click();
    const progress = page.getByRole('region', { name: 'Analysis progress' });
    const row = progress.getByTestId('analysis-row').filter({ hasText: POLICY_NAME });
    await row.getByText(/^(Queued|Running|Done)/).waitFor();
    await screenshot(page, 'policies-progress-desktop');
    await row.getByText('Done · 3 pages', { exact: true }).waitFor({ timeout: 30_000 });
    const findings = await api(`/api/policies/findings?propertyId=${propertyId}`, { token });
    assert.equal(findings.status, 200);
    const total = findings.body.length;
    assert.ok(total >= 10, `the wording's clauses were found (${total})`);
    await page.mouse.move(0, 0);
    await toast(page, `Analysis complete: ${total} findings in 1 policy`).waitFor();
    assert.equal(await progress.getByRole('status').textContent(), '1 of 1 policy analysed: 1 done');

    const counts = await tabCounts(page);
    assert.deepEqual(Object.keys(counts), ['All', 'Evidence', 'Exclusions', 'Maintenance', 'Endorsements']);
    assert.equal(counts.All, total);
    assert.equal(counts.All, counts.Evidence + counts.Exclusions + counts.Maintenance + counts.Endorsements);
    assert.ok(
      counts.Exclusions >= 5 && counts.Maintenance >= 2 && counts.Endorsements >= 2,
      JSON.stringify(counts),
    );
    assert.equal(await findingCards(page).count(), total);
    // One property chosen: the cards do not repeat its name.
    assert.equal(await findingCards(page).getByText(PROPERTY_NAME, { exact: true }).count(), 0);
    await assertNothingCut(page, 'Policy Analysis, desktop');
    await assertAccessible(page, 'Policy Analysis, desktop');
    await screenshot(page, 'policies-findings-desktop');

    // The Exclusions tab shows exclusions only.
    await page.getByRole('tab', { name: /^Exclusions \d+$/ }).click();
    assert.equal(await findingCards(page).count(), counts.Exclusions);
    assert.equal(await findingCards(page).getByText('Exclusion', { exact: true }).count(), counts.Exclusions);

    // The search narrows every tab's count: the power-surge clause mentions load-shedding.
    await page.getByRole('searchbox', { name: 'Search findings' }).fill('load-shedding');
    const searched = await tabCounts(page);
    assert.ok(searched.All < counts.All, JSON.stringify(searched));
    assert.ok(searched.Exclusions >= 1 && searched.Exclusions < counts.Exclusions, JSON.stringify(searched));
    assert.equal(await findingCards(page).count(), searched.Exclusions);
    const surge = findingCards(page)
      .filter({ hasText: /power surge/i })
      .first();
    await surge.waitFor();
    assert.match(await surge.locator('blockquote').textContent(), /load-shedding/);

    // Its clause opens from its button (a disclosure), and links to its page of the policy, opened in a new tab.
    const read = surge.getByRole('button', { name: /^Read (clause .+|the clause)$/ });
    assert.equal(await read.getAttribute('aria-expanded'), 'false');
    await read.click();
    assert.equal(await read.getAttribute('aria-expanded'), 'true');
    const link = surge.getByRole('link', { name: new RegExp(`^Page \\d+ of ${POLICY_NAME}$`) });
    const href = await link.getAttribute('href');
    assert.equal(href, `/api/documents/${policy.id}/view#page=2`);
    assert.equal(await link.getAttribute('target'), '_blank');
    // What the tab is sent: the policy itself (the context holds the session as a bearer token, not a cookie).
    const opened = await context.request.get(href, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(opened.status(), 200);
    assert.equal(opened.headers()['content-type'], 'application/pdf');

    // A search that matches nothing says so; clearing it brings the counts back.
    await page.getByRole('searchbox', { name: 'Search findings' }).fill('thatch lapa');
    await page.getByText('No findings match “thatch lapa”').waitFor();
    await page.getByRole('searchbox', { name: 'Search findings' }).fill('');
    assert.deepEqual(await tabCounts(page), counts);

    // The Topic filter: a topic's option says how many findings carry it, and shows exactly those.
    await page.getByRole('tab', { name: /^All \d+$/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    assert.equal(await options.first().textContent(), 'All topics');
    const topicOption = options.nth(1);
    const [, topicName, topicCount] = /^(.+) \((\d+)\)$/.exec((await topicOption.textContent()) ?? '') ?? [];
    assert.ok(
      topicName && Number(topicCount) >= 1,
      `a topic with its count (${await topicOption.textContent()})`,
    );
    await topicOption.click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="finding"]').length === count,
      Number(topicCount),
    );
    assert.equal(await findingCards(page).count(), Number(topicCount));
    assert.equal(
      await findingCards(page)
        .getByRole('list', { name: 'Topics' })
        .getByText(topicName, { exact: true })
        .count(),
      Number(topicCount),
    );
    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'All topics' }).click();
    assert.deepEqual(await tabCounts(page), counts);

    // On a phone: nothing sideways, during progress and with the findings.
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: /^All \d+$/ }).click();
    await page.getByRole('button', { name: 'Analyze Policies' }).click();
    await row.getByText(/^(Queued|Running|Done)/).waitFor();
    await assertNoSideScroll(page, 'Policy Analysis in progress, phone');
    await screenshot(page, 'policies-progress-phone');
    await row.getByText('Done · 3 pages', { exact: true }).waitFor({ timeout: 30_000 });
    await page.mouse.move(0, 0);
    await toast(page, `Analysis complete: ${total} findings in 1 policy`).waitFor();
    await assertNoSideScroll(page, 'Policy Analysis, phone');
    await assertNothingCut(page, 'Policy Analysis, phone');
    await assertAccessible(page, 'Policy Analysis, phone');
    await screenshot(page, 'policies-findings-phone');

    // The other addresses show the same screen.
    for (const [address, title] of [
      ['/app/policies', 'Policies · PropertyDNA'],
      ['/app/old/policies', 'Policies (older layout) · PropertyDNA'],
    ]) {
      await page.goto(address);
      await page.getByRole('heading', { level: 1, name: 'Policy Analysis' }).waitFor();
      await page.waitForFunction((expected) => document.title === expected, title);
      await findingCards(page).first().waitFor();
    }
    await assertClean(watch);
  });

  it('tells an owner without a policy what to upload', async () => {
    const { context, page } = session;
    await newAccount({ label: 'policies-empty', context });
    const watch = await watchPage(page);
    await page.goto('/app/policies');
    await page
      .getByText(
        "No policy analysed yet: upload your insurance policy wording (PDF) to a property's vault as a Policy, then Analyze Policies",
        { exact: true },
      )
      .waitFor();
    await page.getByRole('button', { name: 'Analyze Policies' }).click();
    await toast(
      page,
      'You have no insurance policy in your vault yet: upload the policy wording to a property as a Policy',
    ).waitFor();
    await assertAccessible(page, 'Policy Analysis, empty');
    await assertClean(watch);
  });
});
