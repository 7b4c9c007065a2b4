export { analyzePolicyText, hasTextLayer, POLICY_MIN_CONFIDENCE, POLICY_MIN_LETTERS } from './analyze.js';
export * from './catalogue.js';
export { type ClauseClass, type ClauseReading, classifyClause } from './classify.js';
export { foldPolicyText, type PolicyClause, type PolicySectionKind, splitPolicyClauses } from './clauses.js';
export * from './evaluation.js';
export { extractPolicyIdentity, type FoundPolicyIdentity, POLICY_INSURERS } from './identity.js';
export { topicsOf } from './topics.js';
