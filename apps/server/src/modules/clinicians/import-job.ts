import type { RosterImportProgress } from '@licensure/contracts';
import { documents } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { markJobDone } from '../../platform/jobs/done-marker';
import { importRoster } from './import-roster';

export const ROSTER_IMPORT_QUEUE = 'roster-import';

/** What the route checked (access, service, document) and the job needs to run the import. */
export interface RosterImportJob {
  enterpriseId: string;
  userId: string;
  documentId: string;
  serviceId: string;
}

type Progress = Omit<RosterImportProgress, 'type' | 'jobId'>;

/**
 * Roster imports as jobs: a failure is reported to the user through the message hub and never reaches
 * the web server; a process killed mid-import has its job run again (heartbeats stop), and the
 * done-marker written with the rows keeps a second run from writing them twice.
 */
export async function registerRosterImportJob(app: FastifyInstance): Promise<void> {
  const { jobs, hub, files } = app.deps;
  const { db } = app.deps.database;
  await jobs.createQueue(ROSTER_IMPORT_QUEUE, { retryLimit: 1, heartbeatSeconds: 30, expireInSeconds: 3600 });
  await jobs.work<RosterImportJob>(ROSTER_IMPORT_QUEUE, async (data, job) => {
    const log = app.log.child({ jobId: job.id, queue: ROSTER_IMPORT_QUEUE });
    let last: Omit<Progress, 'done'> = { checked: 0, total: 0 };
    // Events are sent one after another, so that they arrive in order (NOTIFY per connection).
    let sent: Promise<void> = Promise.resolve();
    const publish = (event: Progress) => {
      sent = sent
        .then(() => hub.publish(data.userId, { type: 'rosterImport', jobId: job.id, ...event }))
        .catch((err: unknown) => log.warn({ err }, 'roster import progress not published'));
      return sent;
    };
    try {
      const [doc] = await db
        .select()
        .from(documents)
        .where(
          and(
            eq(documents.id, data.documentId),
            eq(documents.enterprise_id, data.enterpriseId),
            isNull(documents.deleted_at),
          ),
        );
      if (!doc) throw new AppError('not_found', 'The document was deleted before the import ran.');
      const outcome = await importRoster(
        db,
        files,
        { userId: data.userId, enterpriseId: data.enterpriseId },
        doc,
        data.serviceId,
        (p) => {
          last = p;
          void publish({ ...p, done: false });
        },
        log,
        (tx) => markJobDone(tx, `${ROSTER_IMPORT_QUEUE}:${job.id}`, ROSTER_IMPORT_QUEUE),
      );
      if (outcome.ok) await publish({ ...last, done: true, result: outcome.result });
      else
        await publish({
          ...last,
          done: true,
          error: { code: 'validation_failed', message: outcome.message },
          rows: outcome.rows,
        });
    } catch (err) {
      // Reported to the user and settled: bad files are not retried (a crashed process is).
      const known = err instanceof AppError;
      if (!known) log.error({ err }, 'roster import failed');
      const message = known
        ? (Object.values(err.fields ?? {})[0] ?? err.message)
        : 'The import failed on the server; nothing was imported.';
      await publish({
        ...last,
        done: true,
        error: { code: known ? err.code : 'internal', message: String(message) },
      });
    }
  });
}
