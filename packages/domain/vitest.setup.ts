import fc from 'fast-check';

/**
 * Property tests hold on a loaded machine (issue 12 §10): each property runs a bounded number of cases
 * (fast-check's 100 unless a test asks for fewer) and, as a guard, stops generating new cases after
 * 1 s of wall time (counted as a pass: the cases that ran were all checked). No property comes near
 * vitest's 5 s timeout; `pnpm test` beside a busy core shows the slowest at well under a second.
 */
fc.configureGlobal({ numRuns: 100, interruptAfterTimeLimit: 1000, markInterruptAsFailure: false });
