import type { Tx } from '@licensure/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { TriggerSubject } from './subject';

/** What an action runs with and answers: shared by run-action and the action families it calls. */
export interface ActionContext {
  tx: Tx;
  enterpriseId: string;
  subject: TriggerSubject;
  /** Who fired the trigger (the change log's user); null for the system. */
  actorId: string | null;
  /** The firing and step: the key that makes a retried action do nothing twice. */
  logId: string;
  index: number;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

export interface ActionResult {
  outcome: 'done' | 'failed' | 'not available';
  message: string;
}
