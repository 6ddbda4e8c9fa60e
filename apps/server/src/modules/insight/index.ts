import { Events } from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import { insightRoutes } from './insight-routes';
import { recordMissingRequestTimes, recordRequestTime } from './request-times';

/**
 * The office dashboard (issue 30): figures on requests, backlog, processing times, expirations, money,
 * inspections, complaints and exams, each one set-based query; a reviewer's own view. Processing times
 * are kept in insight_request_times by the consumer of the decision events (on the job queue), and
 * decisions without a row (seeded, bulk-loaded, decided before the table) are added at start.
 */
export async function insightModule(app: FastifyInstance): Promise<void> {
  await insightRoutes(app);
  const { events, jobs, database } = app.deps;
  for (const name of [Events.requestApproved, Events.requestDenied])
    events.on(name, async (event, { tx }) => {
      if (event.objectId) await recordRequestTime(tx, event.objectId);
    });
  jobs.onStart(() => {
    recordMissingRequestTimes(database.db)
      .then((n) => {
        if (n > 0) app.log.info({ added: n }, 'processing times recorded for earlier decisions');
      })
      .catch((err: unknown) => app.log.error({ err }, 'processing times of earlier decisions not recorded'));
  });
}
