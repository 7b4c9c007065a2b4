import { describe, expect, it } from 'vitest';
import { FINDINGS, policyAnalysis, SCHEDULE, WORDING } from './policy-finding.fixture';
import type { PolicyFinding } from './policy-findings';
import {
  ALL_TOPICS,
  clauseHref,
  clauseLabel,
  clauseSource,
  completionMessage,
  confidenceLabel,
  findingsOfTab,
  findingsOfTopic,
  isAnalysing,
  progressSummary,
  searchFindings,
  sortFindings,
  tabCounts,
  topicCounts,
  topicLabel,
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

  it("matches the clause's number, its reason and its topics (their tags and their words)", () => {
    expect(ids(searchFindings(FINDINGS, '4.7'))).toEqual(['f-surge']);
    expect(ids(searchFindings(FINDINGS, '"conditions"'))).toEqual(['f-geyser']);
    expect(ids(searchFindings(FINDINGS, 'power_surge'))).toEqual(['f-surge']);
    expect(ids(searchFindings(FINDINGS, 'security'))).toEqual(['f-theft']);
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

describe('sortFindings', () => {
  it('lists the most severe first, then keeps the order the clauses came in', () => {
    expect(ids(sortFindings(FINDINGS))).toEqual([
      'f-geyser',
      'f-surge',
      'f-theft',
      'f-wear',
      'f-geyser:evidence',
    ]);
    const [wear, surge] = FINDINGS as [PolicyFinding, PolicyFinding];
    const second = { ...wear, id: 'f-wear-2' };
    expect(ids(sortFindings([second, surge, wear]))).toEqual(['f-surge', 'f-wear-2', 'f-wear']);
    expect(sortFindings([])).toEqual([]);
  });
});

describe('topics', () => {
  it('filters by a topic tag; all topics keeps every finding', () => {
    expect(ids(findingsOfTopic(FINDINGS, ALL_TOPICS))).toEqual(ids(FINDINGS));
    expect(ids(findingsOfTopic(FINDINGS, 'geyser'))).toEqual(['f-geyser', 'f-geyser:evidence']);
    expect(findingsOfTopic(FINDINGS, 'thatch')).toEqual([]);
  });

  it('counts the topics the findings are about, in the catalogue order, leaving out those with none', () => {
    expect(topicCounts(FINDINGS)).toEqual([
      { topic: 'geyser', count: 2 },
      { topic: 'security', count: 1 },
      { topic: 'theft', count: 1 },
      { topic: 'electrical', count: 1 },
      { topic: 'power_surge', count: 1 },
      { topic: 'wear_and_tear', count: 1 },
    ]);
    expect(topicCounts([])).toEqual([]);
  });

  it('names a topic in words: its own, else the tag read as words', () => {
    expect(topicLabel('solar')).toBe('Solar PV');
    expect(topicLabel('fire_brigade')).toBe('Fire brigade');
    expect(topicLabel('geyser')).toBe('Geyser');
  });
});

describe('clauseLabel', () => {
  it.each([
    [{ clause_ref: '4.12', page: 3 }, 'Clause 4.12 · page 3'],
    [{ clause_ref: null, page: 3 }, 'Page 3'],
    [{ clause_ref: '(a)', page: null }, 'Clause (a)'],
    [{ clause_ref: null, page: null }, null],
  ])('%j → %s', (finding, label) => {
    expect(clauseLabel(finding)).toBe(label);
  });
});
