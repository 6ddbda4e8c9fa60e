import { z } from 'zod';

/**
 * The office dashboard (issue 30): figures a licensing manager asks for, each one set-based query over
 * a period, each row linking to the staff list it counts.
 */
export const insightFigureIds = [
  'requests_weekly',
  'backlog_age',
  'backlog_reviewer',
  'processing_time',
  'expiring_level',
  'expiring_county',
  'money_monthly',
  'money_fee',
  'inspections',
  'complaints_open',
  'complaint_outcomes',
  'exam_pass_rates',
  'ce_audits',
] as const;
export type InsightFigureId = (typeof insightFigureIds)[number];

/** How a column's values read: a number of days is rounded to one decimal, money is in cents. */
export const insightColumnKinds = ['text', 'date', 'count', 'days', 'cents', 'percent'] as const;

export const insightColumn = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(insightColumnKinds),
});
export type InsightColumn = z.infer<typeof insightColumn>;

export const insightCell = z.union([z.string(), z.number(), z.null()]);
export const insightRow = z.object({
  /** What the row counts, as its first column's text (a week, an age band, a reviewer...). */
  label: z.string(),
  cells: z.record(z.string(), insightCell),
  /** The staff list this row counts, filtered (a path of the web app), or null when no list shows it. */
  link: z.string().nullable(),
});
export type InsightRow = z.infer<typeof insightRow>;

export const insightFigure = z.object({
  id: z.enum(insightFigureIds),
  title: z.string(),
  description: z.string(),
  /** The period the figure covers (inclusive dates), or, for figures of the present, today. */
  from: z.string(),
  to: z.string(),
  /** The first column names the rows; the others are the values (charted as series). */
  columns: z.array(insightColumn),
  rows: z.array(insightRow),
});
export type InsightFigure = z.infer<typeof insightFigure>;

const isoDate = (name: string) => z.iso.date({ message: `${name} must be a date (YYYY-MM-DD)` });

/** A period of at most three years; without one, the twelve months up to today. */
export const insightPeriodQuery = z
  .object({ from: isoDate('from').optional(), to: isoDate('to').optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must be on or before to',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 3 * 366 * 86_400_000, {
    message: 'The period may be at most three years long.',
    path: ['to'],
  });
export type InsightPeriodQuery = z.infer<typeof insightPeriodQuery>;

export const insightFigureParams = z.object({
  figure: z.enum(insightFigureIds, { message: `figure must be one of: ${insightFigureIds.join(', ')}` }),
});

export const insightExportQuery = z.object({
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  format: z.enum(['csv', 'xlsx'], { message: 'format must be csv or xlsx' }).default('csv'),
});

/** A reviewer's own view: their checked-out requests, what waits on them, their times beside the office's. */
export const reviewerRequest = z.object({
  id: z.string(),
  license_name: z.string().nullable(),
  subject_name: z.string().nullable(),
  review_state: z.string(),
  submitted_at: z.string().nullable(),
  assigned_at: z.string().nullable(),
  age_days: z.number().int(),
});
export const reviewerTimes = z.object({
  decided: z.number().int(),
  median_days: z.number().nullable(),
  p90_days: z.number().nullable(),
});
export const reviewerView = z.object({
  checked_out: z.array(reviewerRequest),
  /** Submitted requests nobody has checked out, the longest waiting first: what comes next. */
  next_up: z.array(reviewerRequest),
  waiting_count: z.number().int(),
  /** Decided in the last 90 days: by the signed-in reviewer, and by the whole office. */
  mine: reviewerTimes,
  office: reviewerTimes,
});
export type ReviewerView = z.infer<typeof reviewerView>;
