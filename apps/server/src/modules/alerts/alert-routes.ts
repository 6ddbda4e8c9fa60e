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
import { speaksForHolder } from '../../platform/permissions/policies';
import { speaksFor, speaksForSql } from '../../platform/permissions/speaks-for';
import { alertColumns, alertReaders, alertScope, joinAlertNames, presentAlert } from './alerts.resources';

const tags = ['alerts'];

/** The alerts a caller may see: every one with alerts.read, else those on what they hold or speak for. */
function visible(request: FastifyRequest): SQL {
  const scope = alertScope(request.auth);
  return and(eq(alerts.enterprise_id, request.enterpriseId), scope?.where(request.auth?.userId ?? '')) as SQL;
}

const seesAll = (request: FastifyRequest) =>
  alertReaders.some((k) => request.auth?.permissions.has(k as PermissionKey));

/**
 * The caller's own alerts, whoever they are: on them, a service they administer or its vehicles. The
 * badge counts these and getalerts lists these when no holder is named, so the two always agree (staff
 * who may read every alert find the others under Alerts).
 */
const ownAlerts = (request: FastifyRequest): SQL =>
  and(
    eq(alerts.enterprise_id, request.enterpriseId),
    speaksForSql(
      { user_id: alerts.user_id, service_id: alerts.service_id, vehicle_id: alerts.vehicle_id },
      request.auth!.userId,
    ),
    isNull(alerts.retired_at),
  ) as SQL;

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
    config: { access: speaksForHolder('alerts.read') },
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
      const named = subject.user_id || subject.service_id || subject.vehicle_id;
      // Someone else's alerts are answered as not found, never as an empty list.
      if (named && !seesAll(request) && !(await speaksFor(db, request.auth!, request.enterpriseId, subject)))
        throw notFound('person, service or vehicle');
      const where = named
        ? and(
            visible(request),
            subject.user_id ? eq(alerts.user_id, subject.user_id) : undefined,
            subject.service_id ? eq(alerts.service_id, subject.service_id) : undefined,
            subject.vehicle_id ? eq(alerts.vehicle_id, subject.vehicle_id) : undefined,
            q.includeRetired ? undefined : isNull(alerts.retired_at),
          )
        : ownAlerts(request);
      const rows = await select().where(where).orderBy(desc(alerts.created_at), desc(alerts.id)).limit(500);
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
    config: { access: speaksForHolder('alerts.read') },
    schema: {
      tags,
      summary:
        "How many open alerts are the caller's own (on them or what they speak for): the badge, and what getalerts lists",
      response: { 200: countResponse },
    },
    handler: async (request) => {
      const [row] = await db.select({ count: count() }).from(alerts).where(ownAlerts(request));
      return { count: Number(row?.count ?? 0) };
    },
  });
}
