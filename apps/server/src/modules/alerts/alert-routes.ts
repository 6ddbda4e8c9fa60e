import {
  alertOutput,
  countResponse,
  dashboardAlerts,
  getAlertsQuery,
  type PermissionKey,
} from '@licensure/contracts';
import { alert_types, alerts } from '@licensure/db';
import { and, count, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { speaksFor } from '../../platform/permissions/speaks-for';
import { alertColumns, alertReaders, alertScope, joinAlertNames, presentAlert } from './alerts.resources';

const tags = ['alerts'];

/** The alerts a caller may see: every one with alerts.read, else those on what they hold or speak for. */
function visible(request: FastifyRequest): SQL {
  const scope = alertScope(request.auth);
  return and(eq(alerts.enterprise_id, request.enterpriseId), scope?.where(request.auth?.userId ?? '')) as SQL;
}

const seesAll = (request: FastifyRequest) =>
  alertReaders.some((k) => request.auth?.permissions.has(k as PermissionKey));

/** alerts/getalerts, getDashboardAlerts and getAlertsCount: reads beyond the resource's list. */
export async function alertRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const select = () =>
    joinAlertNames(
      db
        .select({ ...getTableColumns(alerts), ...alertColumns })
        .from(alerts)
        .$dynamic(),
    );

  r.get('/api/alerts/getalerts', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: "Open alerts of a person, service or vehicle (the caller's own when none is named)",
      querystring: getAlertsQuery,
      response: { 200: z.array(alertOutput) },
    },
    handler: async (request) => {
      const q = request.query;
      const subject = {
        user_id: q.user_id ?? null,
        service_id: q.service_id ?? null,
        vehicle_id: q.vehicle_id ?? null,
      };
      if (!subject.user_id && !subject.service_id && !subject.vehicle_id)
        subject.user_id = request.auth!.userId;
      // Someone else's alerts are answered as not found, never as an empty list.
      if (!seesAll(request) && !(await speaksFor(db, request.auth!, request.enterpriseId, subject)))
        throw notFound('person, service or vehicle');
      const rows = await select()
        .where(
          and(
            visible(request),
            subject.user_id ? eq(alerts.user_id, subject.user_id) : undefined,
            subject.service_id ? eq(alerts.service_id, subject.service_id) : undefined,
            subject.vehicle_id ? eq(alerts.vehicle_id, subject.vehicle_id) : undefined,
            q.includeRetired ? undefined : isNull(alerts.retired_at),
          ),
        )
        .orderBy(desc(alerts.created_at), desc(alerts.id))
        .limit(500);
      return rows.map(presentAlert);
    },
  });

  r.get('/api/alerts/getDashboardAlerts', {
    config: { access: 'alerts.read' },
    schema: {
      tags,
      summary: 'Open alerts needing attention: counts by severity and the newest ten',
      response: { 200: dashboardAlerts },
    },
    handler: async (request) => {
      const open = and(visible(request), isNull(alerts.retired_at));
      const severity = sql<string>`coalesce(${alert_types.severity}, 'information')`;
      const [counts, items] = await Promise.all([
        db
          .select({ severity, count: count() })
          .from(alerts)
          .leftJoin(alert_types, eq(alert_types.id, alerts.alert_type_id))
          .where(open)
          .groupBy(severity),
        select().where(open).orderBy(desc(alerts.created_at), desc(alerts.id)).limit(10),
      ]);
      const order = ['critical', 'warning', 'information'];
      const bySeverity = counts
        .map((c) => ({ severity: c.severity, count: Number(c.count) }))
        .sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
      return {
        total: bySeverity.reduce((n, c) => n + c.count, 0),
        bySeverity,
        items: items.map(presentAlert),
      };
    },
  });

  r.get('/api/alerts/getAlertsCount', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'How many open alerts the caller sees (the portal badge: on what they hold or speak for)',
      response: { 200: countResponse },
    },
    handler: async (request) => {
      const [row] = await db
        .select({ count: count() })
        .from(alerts)
        .where(and(visible(request), isNull(alerts.retired_at)));
      return { count: Number(row?.count ?? 0) };
    },
  });
}
