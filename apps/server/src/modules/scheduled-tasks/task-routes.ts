import {
  licenseScheduledTaskLogOutput,
  licenseScheduledTaskOutput,
  runScheduledTaskBody,
  saveScheduledTaskLevelsBody,
  saveScheduledTaskStatusesBody,
  scheduledTaskCertification,
  scheduledTaskCertificationIds,
  scheduledTaskCertificationsBody,
  scheduledTaskIdQuery,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerResource } from '../../platform/resources/register';
import { enterpriseToday } from '../licensing/rule-routes';
import { formatDate } from '../licensing/rules/relative-date';
import { runScheduledTask } from './run-task';
import { saveCriteria } from './save-criteria';
import { scheduledTaskLogResource, scheduledTaskResource } from './scheduled-tasks.resources';
import { certificationsByIds, loadTask, selectedIds } from './selection';

const tags = ['licensing'];

/** Licence scheduled tasks: CRUD, criteria, what a task selects, run now, and the runs' logs. */
export async function scheduledTaskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/licenseScheduledTasks/getCertificationIDs', {
    config: { access: 'scheduledTasks.read' },
    schema: {
      tags,
      summary: 'Ids of the credentials a scheduled task selects today (the first 10,000) and how many in all',
      querystring: scheduledTaskIdQuery,
      response: { 200: scheduledTaskCertificationIds },
    },
    handler: async (request) => {
      const task = await loadTask(db, request.enterpriseId, request.query.scheduled_task_id);
      return selectedIds(db, task, formatDate(await enterpriseToday(db, request.enterpriseId)));
    },
  });

  r.post('/api/licenseScheduledTasks/getCertifications', {
    config: { access: 'scheduledTasks.read' },
    schema: {
      tags,
      summary: 'Credentials by id, with their holders, to show what a task selects',
      body: scheduledTaskCertificationsBody,
      response: { 200: z.array(scheduledTaskCertification) },
    },
    handler: (request) => certificationsByIds(db, request.enterpriseId, request.body.certsArray),
  });

  r.post('/api/licenseScheduledTasks/saveStatuses', {
    config: {
      access: 'scheduledTasks.write',
      refs: { 'statuses[]': 'license_category_certification_statuses' },
    },
    schema: {
      tags,
      summary: 'Set the credential statuses a scheduled task selects',
      body: saveScheduledTaskStatusesBody,
      response: { 200: licenseScheduledTaskOutput },
    },
    handler: (request) =>
      saveCriteria(db, request, request.body.license_scheduled_task_id, {
        certification_status_ids: request.body.statuses,
      }),
  });

  r.post('/api/licenseScheduledTasks/saveLevels', {
    config: {
      access: 'scheduledTasks.write',
      refs: {
        'levels[]': 'license_category_levels',
        license_category_id: 'license_categories',
        license_id: 'licenses',
      },
    },
    schema: {
      tags,
      summary: 'Set the licence, category and levels a scheduled task selects',
      body: saveScheduledTaskLevelsBody,
      response: { 200: licenseScheduledTaskOutput },
    },
    handler: (request) => {
      const b = request.body;
      return saveCriteria(db, request, b.license_scheduled_task_id, {
        level_ids: b.levels,
        ...(b.license_id !== undefined ? { license_id: b.license_id } : {}),
        ...(b.license_category_id !== undefined ? { license_category_id: b.license_category_id } : {}),
      });
    },
  });

  r.post('/api/licenseScheduledTasks/run', {
    config: { access: 'scheduledTasks.write' },
    schema: {
      tags,
      summary: 'Run a scheduled task now; answers the log of the run with its counts and errors',
      body: runScheduledTaskBody,
      response: { 200: licenseScheduledTaskLogOutput },
    },
    handler: async (request) => {
      const task = await loadTask(db, request.enterpriseId, request.body.scheduled_task_id);
      return runScheduledTask(
        { db, jobs: app.deps.jobs, log: request.log },
        task,
        'manual',
        request.auth?.userId ?? null,
      );
    },
  });

  registerResource(app, scheduledTaskResource);
  registerResource(app, scheduledTaskLogResource);
}
