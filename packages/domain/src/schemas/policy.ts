import { z } from 'zod';
import { POLICY_TOPICS } from '../policy-analysis/catalogue.js';
import { idParamsSchema } from './common.js';

/** A topic tag of a policy's clause (POLICY_TOPICS): what the Policy Analysis screen filters by. */
export const policyTopicSchema = z.enum(POLICY_TOPICS);

/**
 * POST /api/policies/findings/{id}/task: the maintenance condition (a policy finding's id) the owner
 * accepts into the maintenance schedule as a task.
 */
export const acceptPolicyTaskSchema = idParamsSchema;
