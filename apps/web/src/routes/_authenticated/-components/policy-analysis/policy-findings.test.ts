import { describe, expect, it } from 'vitest';
import { FINDINGS, policyAnalysis, SCHEDULE, WORDING } from './policy-finding.fixture';
import {
  clauseHref,
  clauseSource,
  completionMessage,
  confidenceLabel,
  findingsOfTab,
  isAnalysing,
  progressSummary,
  searchFindings,
  tabCounts,
} from './policy-findings';

const ids = (findings: readonly { id: string }[]) => findings.map((finding) => finding.id);

describe('searchFindings', () => {
  it('keeps every finding for an empty or blank search', () => {
    expect(searchFindings(FINDINGS, '')).toEqual(FINDINGS);
    expect(searchFindings(FINDINGS, '   ')).toEqual(FINDINGS);
  });

  it('matches the title, the description, the clause and the policy name, in any case', () => {
    expect(ids(searchFindings(FINDINGS, 'SURGE'))).toEqual(['f-surge']);
    expect(ids(searchFindings(FINDINGS, 'load-shedding'))).toEqual(['f-surge']);
    expect(ids(searchFindings(FINDINGS, 'violence'))).toEqual(['f-theft']);
    expect(ids(searchFindings(FINDINGS, 'karoo schedule'))).toEqual(['f-theft']);
    expect(ids(searchFindings(FINDINGS, 'sans 10254'))).toEqual(['f-geyser', 'f-geyser:evidence']);
  });

  it('asks for every word, in any order', () => {
    expect(ids(searchFindings(FINDINGS, 'geyser certificate'))).toEqual(['f-geyser:evidence']);
    expect(searchFindings(FINDINGS, 'geyser thatch')).toEqual([]);
  });
});

describe('tabs', () => {
  it('shows each finding type under its tab, and all of them under All', () => {
    expect(ids(findingsOfTab(FINDINGS, 'all'))).toEqual(ids(FINDINGS));
    expect(ids(findingsOfTab(FINDINGS, 'exclusion'))).toEqual(['f-wear', 'f-surge']);
    expect(ids(findingsOfTab(FINDINGS, 'evidence'))).toEqual(['f-geyser:evidence']);
    expect(ids(findingsOfTab(FINDINGS, 'maintenance'))).toEqual(['f-geyser']);
    expect(ids(findingsOfTab(FINDINGS, 'endorsement'))).toEqual(['f-theft']);
  });

  it('counts what each tab shows, after the search', () => {
    expect(tabCounts(FINDINGS)).toEqual({
      all: 5,
      evidence: 1,
      exclusion: 2,
      maintenance: 1,
      endorsement: 1,
    });
    expect(tabCounts(searchFindings(FINDINGS, 'geyser'))).toEqual({
      all: 2,
      evidence: 1,
      exclusion: 0,
      maintenance: 1,
      endorsement: 0,
    });
    expect(tabCounts([])).toEqual({ all: 0, evidence: 0, exclusion: 0, maintenance: 0, endorsement: 0 });
  });
});

describe('a finding as its card shows it', () => {
  it('gives the confidence as a whole percentage', () => {
    expect(confidenceLabel(0.874)).toBe('Confidence 87%');
    expect(confidenceLabel(0.655)).toBe('Confidence 66%');
    expect(confidenceLabel(1)).toBe('Confidence 100%');
    expect(confidenceLabel(0)).toBe('Confidence 0%');
  });

  it("links the clause to its page of the policy's PDF", () => {
    expect(clauseHref({ document_id: WORDING.id, page: 2 })).toBe(`/api/documents/${WORDING.id}/view#page=2`);
    expect(clauseSource({ document_name: WORDING.name, page: 2 })).toBe(`Page 2 of ${WORDING.name}`);
    // Without a page: the policy from its start.
    expect(clauseHref({ document_id: SCHEDULE.id, page: null })).toBe(`/api/documents/${SCHEDULE.id}/view`);
    expect(clauseSource({ document_name: SCHEDULE.name, page: null })).toBe(SCHEDULE.name);
  });
});

describe('progress', () => {
  const schedule = { document_id: SCHEDULE.id, document_name: SCHEDULE.name };

  it('is analysing while any policy is queued or running', () => {
    expect(isAnalysing(undefined)).toBe(false);
    expect(isAnalysing([policyAnalysis(), policyAnalysis({ state: 'failed' })])).toBe(false);
    expect(isAnalysing([policyAnalysis(), policyAnalysis({ state: 'queued' })])).toBe(true);
    expect(isAnalysing([policyAnalysis({ state: 'running' })])).toBe(true);
  });

  it('sums up the states for the live line', () => {
    expect(
      progressSummary([
        policyAnalysis({ state: 'running' }),
        policyAnalysis({ ...schedule, state: 'queued' }),
      ]),
    ).toBe('Analysing 2 policies: 1 running, 1 queued');
    expect(
      progressSummary([policyAnalysis(), policyAnalysis({ ...schedule, state: 'no_text', pages: 4 })]),
    ).toBe('2 of 2 policies analysed: 1 done, 1 no text');
    expect(progressSummary([policyAnalysis({ state: 'not_analysed', pages: null })])).toBe(
      '0 of 1 policy analysed: 1 not analysed',
    );
  });

  it('says, when done, how many findings were made in how many policies', () => {
    expect(completionMessage([policyAnalysis(), policyAnalysis({ ...schedule })], FINDINGS)).toEqual({
      message: 'Analysis complete: 5 findings in 2 policies',
      complete: true,
    });
    expect(
      completionMessage(
        [policyAnalysis(), policyAnalysis({ ...schedule, state: 'failed', error: 'Not a PDF' })],
        FINDINGS.slice(0, 1),
      ),
    ).toEqual({
      message: 'Analysis complete: 1 finding in 1 policy; 1 policy could not be read',
      complete: false,
    });
  });
});
