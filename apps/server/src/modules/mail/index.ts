import type { FastifyInstance } from 'fastify';
import { registerMailJob } from '../../platform/mail/mail-queue';
import { devMailViewer } from './dev-mail-viewer';
import { mailRoutes } from './mail-routes';

/**
 * Mail: the queue that sends account mail with retries, the staff mail log (mail.read), and outside
 * production without SMTP the dev mail viewer for this computer.
 */
export async function mailModule(app: FastifyInstance): Promise<void> {
  const { jobs, database, config } = app.deps;
  await registerMailJob(jobs, { database, config }, app.log);
  await mailRoutes(app);
  await devMailViewer(app);
}
