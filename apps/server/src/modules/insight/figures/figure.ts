import type { InsightColumn, InsightFigureId, InsightRow } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import type { SQL } from 'drizzle-orm';
import { rowsOf } from '../../triggers/rows';

/** The period a figure covers, inclusive dates (YYYY-MM-DD), and today. */
export interface Period {
  from: string;
  to: string;
  today: string;
}

/** One figure of the dashboard: its text, its columns, and the one query that computes its rows. */
export interface FigureDefinition {
  id: InsightFigureId;
  title: string;
  description: string;
  /** A figure of the present (the backlog today, what expires next): the period does not change it. */
  present?: boolean;
  columns: InsightColumn[];
  rows(db: Db, enterpriseId: string, period: Period): Promise<InsightRow[]>;
}

/** Runs a figure's statement and returns its rows as plain objects. */
export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/** A number from PostgreSQL (bigint and numeric come back as text), rounded to one decimal; null stays null. */
export function num(value: unknown, decimals = 0): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
}

/** A query string of a web list, leaving out empty values. */
export function listLink(path: string, filters: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day of the month of a YYYY-MM or YYYY-MM-DD date. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The later of two YYYY-MM-DD dates, and the earlier. */
export const later = (a: string, b: string) => (a > b ? a : b);
export const earlier = (a: string, b: string) => (a < b ? a : b);
