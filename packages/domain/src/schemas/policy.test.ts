import { describe, expect, it } from 'vitest';
import { POLICY_TOPICS } from '../policy-analysis/catalogue.js';
import { acceptPolicyTaskSchema, policyTopicSchema } from './policy.js';

describe('policy schemas', () => {
  it('a topic is one of POLICY_TOPICS', () => {
    for (const topic of POLICY_TOPICS) expect(policyTopicSchema.parse(topic)).toBe(topic);
    expect(policyTopicSchema.safeParse('volcano').success).toBe(false);
  });

  it("accepting a policy's condition names the finding", () => {
    expect(acceptPolicyTaskSchema.parse({ id: 'f-1' })).toEqual({ id: 'f-1' });
    expect(acceptPolicyTaskSchema.safeParse({}).success).toBe(false);
  });
});
