import type { InsightFigure, InsightFigureId, InsightPeriodQuery } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import { complaintOutcomes, complaintsOpen, inspectionsFigure } from './enforcement';
import { ceAuditResults, examPassRates } from './exams';
import { addDays, type FigureDefinition, type Period } from './figure';
import { moneyByFee, moneyMonthly } from './money';
import { expiringByCounty, expiringByLevel } from './registry';
import { backlogAge, backlogReviewer, processingTime, requestsWeekly } from './requests';

/** Every figure of the dashboard, in the order it shows them. */
export const figures: readonly FigureDefinition[] = [
  requestsWeekly,
  backlogAge,
  backlogReviewer,
  processingTime,
  expiringByLevel,
  expiringByCounty,
  moneyMonthly,
  moneyByFee,
  inspectionsFigure,
  complaintsOpen,
  complaintOutcomes,
  examPassRates,
  ceAuditResults,
];

const byId = new Map(figures.map((f) => [f.id, f]));

/** The period asked for; without one, the year up to today. */
export function periodOf(q: InsightPeriodQuery, now = new Date()): Period {
  const today = now.toISOString().slice(0, 10);
  const to = q.to ?? (q.from && q.from > today ? addDays(q.from, 364) : today);
  const from = q.from ?? addDays(to, -364);
  return { from, to, today };
}

/** One figure over a period, computed by its one query. */
export async function computeFigure(
  db: Db,
  enterpriseId: string,
  id: InsightFigureId,
  period: Period,
): Promise<InsightFigure> {
  const f = byId.get(id);
  if (!f) throw new Error(`unknown figure ${id}`);
  const rows = await f.rows(db, enterpriseId, period);
  return {
    id: f.id,
    title: f.title,
    description: f.description,
    from: f.present ? period.today : period.from,
    to: f.present ? period.today : period.to,
    columns: f.columns,
    rows,
  };
}
