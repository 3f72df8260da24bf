import { randomUUID } from 'node:crypto';
import { type CreateJobInput, DEFAULT_JOB_TTL_MS, type JobRecord } from './types.js';

/**
 * A new running job with no items yet (adding items counts them in): the one definition of a new job's fields, which
 * the embedded store keeps as it is and the Redis store writes as hash fields (see redisJobOps.newJobFields).
 */
export function newJobRecord(input: CreateJobInput, now: number): JobRecord {
  return {
    id: input.id ?? randomUUID(),
    kind: input.kind,
    team: input.team,
    status: 'running',
    params: input.params,
    state: input.state ?? {},
    createdAt: now,
    updatedAt: now,
    expiresAt: now + (input.ttlMs ?? DEFAULT_JOB_TTL_MS),
    total: 0,
    completed: 0,
    failed: 0,
    pending: 0,
    creditsUsed: 0,
    maxItems: input.maxItems ?? null,
  };
}
