import { z } from 'zod';
import { booleanish, timestamp } from './paging';

/**
 * Saved queries (the query builder): a subject to list, columns, filters, advanced filters with and/or
 * and parentheses, criteria (licence rules), sort, sharing with security groups, and how it opens.
 * Fields are named by their catalogue id (`people.last_name`); the server compiles them to SQL.
 */

export const querySubjects = [
  'people',
  'services',
  'vehicles',
  'certifications',
  'complaints',
  'inspections',
  'course_attendees',
] as const;
export type QuerySubject = (typeof querySubjects)[number];

export const querySubjectLabels: Record<QuerySubject, string> = {
  people: 'People',
  services: 'Services',
  vehicles: 'Vehicles',
  certifications: 'Certifications and licences',
  complaints: 'Complaints',
  inspections: 'Inspections',
  course_attendees: 'Course attendance',
};

export const queryFieldTypes = ['text', 'date', 'number', 'bool'] as const;
export type QueryFieldType = (typeof queryFieldTypes)[number];

/** The operators of filters, as the licence rules have them. */
export const queryOperators = ['=', '<>', '<', '<=', '>', '>=', 'like', 'not like'] as const;
export type QueryOperator = (typeof queryOperators)[number];

export const queryViews = ['table', 'bar', 'line'] as const;
export type QueryView = (typeof queryViews)[number];

const fieldKey = (what: string) =>
  z
    .string({ message: `${what} must be a field of the catalogue` })
    .max(80, `${what} must be a field of the catalogue`)
    .regex(/^[a-z_]+\.[a-z_]+$/, `${what} must be a field of the catalogue`);

const value = z
  .string({ message: 'value must be text' })
  .max(200, 'value must be at most 200 characters')
  .nullable()
  .optional()
  .transform((v) => v ?? null);
const operator = z.enum(queryOperators, { message: `operator must be one of: ${queryOperators.join(', ')}` });
const parenthesis = z
  .union([z.string().max(10, 'must be at most 10 parentheses'), z.number().int().min(0).max(10)])
  .nullable()
  .optional();

export const queryColumnValue = z.object({
  field: fieldKey('field'),
  /** The heading shown instead of the field's label. */
  label: z.string().trim().max(100, 'label must be at most 100 characters').nullable().optional(),
  sort_order: z.number().int().min(0).max(1000).default(0),
  /** Sorts by this column; several sorted columns sort in their display order. */
  sort: z.enum(['asc', 'desc'], { message: 'sort must be asc or desc' }).nullable().optional(),
});
export type QueryColumnValue = z.infer<typeof queryColumnValue>;

/** A simple filter: all of them must hold. */
export const queryFilterValue = z.object({ field: fieldKey('field'), operator, value });
export type QueryFilterValue = z.infer<typeof queryFilterValue>;

/** A clause of the advanced filter: joined to the one before by and/or, with optional parentheses. */
export const queryAdvancedFilterValue = z.object({
  field: fieldKey('field'),
  operator,
  value,
  sort_order: z.number().int().min(0).max(1000).default(0),
  and_flag: z.boolean({ message: 'and_flag must be true or false' }).default(true),
  left_parenthesis: parenthesis,
  right_parenthesis: parenthesis,
});
export type QueryAdvancedFilterValue = z.infer<typeof queryAdvancedFilterValue>;

/** A licence rule every row must satisfy (people, services and vehicles only). */
export const queryCriterion = z.object({
  license_rule_id: z.uuid({ message: 'license_rule_id must be a valid id' }),
});
export type QueryCriterion = z.infer<typeof queryCriterion>;

const groupIds = z
  .array(z.uuid({ message: 'must be security group ids' }))
  .max(50)
  .default([]);

/** What the builder sends to save (without an id: a new query) or to preview. */
export const queryInput = z.object({
  id: z.uuid({ message: 'id must be a valid id' }).nullable().optional(),
  name: z
    .string({ message: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(120, 'name must be at most 120 characters'),
  description: z.string().trim().max(1000).nullable().optional(),
  subject: z.enum(querySubjects, { message: `subject must be one of: ${querySubjects.join(', ')}` }),
  query_column_values: z
    .array(queryColumnValue)
    .min(1, 'query_column_values needs at least one column')
    .max(40, 'query_column_values may hold 40 columns at most'),
  query_filter_values: z.array(queryFilterValue).max(40).default([]),
  query_advanced_filter_values: z.array(queryAdvancedFilterValue).max(60).default([]),
  query_criteria: z.array(queryCriterion).max(10).default([]),
  viewers: groupIds,
  editors: groupIds,
  default_view: z.enum(queryViews, { message: 'default_view must be table, bar or line' }).default('table'),
  chart_field: fieldKey('chart_field').nullable().optional(),
});
export type QueryInput = z.input<typeof queryInput>;
export type QueryDefinition = z.output<typeof queryInput>;

export const saveQueryBody = z.object({ query: queryInput });

export const queryRole = z.enum(['owner', 'editor', 'viewer']);
export type QueryRole = z.infer<typeof queryRole>;

export const securityGroupRef = z.object({ id: z.uuid(), label: z.string() });

export const queryOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  subject: z.enum(querySubjects),
  owner_id: z.uuid(),
  owner_name: z.string(),
  role: queryRole,
  /** Whether the caller may read every field it uses, and so run it. */
  available: z.boolean(),
  query_column_values: z.array(queryColumnValue),
  query_filter_values: z.array(queryFilterValue),
  query_advanced_filter_values: z.array(queryAdvancedFilterValue),
  query_criteria: z.array(queryCriterion),
  viewers: z.array(securityGroupRef),
  editors: z.array(securityGroupRef),
  default_view: z.enum(queryViews),
  chart_field: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type QueryOutput = z.infer<typeof queryOutput>;

export const queryListItem = queryOutput.pick({
  id: true,
  name: true,
  description: true,
  subject: true,
  owner_name: true,
  role: true,
  available: true,
  default_view: true,
  updated_at: true,
});
export type QueryListItem = z.infer<typeof queryListItem>;

export const queryListStates = ['all', 'mine', 'shared'] as const;
export const getQueriesQuery = z.object({
  /** mine: the caller's own; shared: shared with a group of theirs; all (the default): both. */
  state: z.enum(queryListStates, { message: 'state must be all, mine or shared' }).default('all'),
  /** Only the queries the caller may run (they read every field used). */
  availableOnly: booleanish.optional(),
});

export const queryField = z.object({
  id: z.string(),
  subject: z.enum(querySubjects),
  group: z.string(),
  label: z.string(),
  type: z.enum(queryFieldTypes),
  operators: z.array(z.enum(queryOperators)),
  /** The labels a filter may pick from, for fields naming a reference list. */
  choices: z.array(z.string()).optional(),
});
export type QueryField = z.infer<typeof queryField>;

export const querySecurityGroup = z.object({
  id: z.uuid(),
  label: z.string(),
  description: z.string().nullable(),
  /** Whether the caller belongs to it. */
  member: z.boolean(),
});

export const runQueryBody = z.object({
  page: z.number({ message: 'page must be a number' }).int().min(1, 'page must be 1 or more').default(1),
  numPerPage: z
    .number({ message: 'numPerPage must be a number' })
    .int()
    .min(1, 'numPerPage must be 1 or more')
    .max(500, 'numPerPage must be 500 or less')
    .default(25),
});

export const previewQueryBody = runQueryBody.extend({ query: queryInput });

export const queryCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const queryResultColumn = z.object({
  field: z.string(),
  label: z.string(),
  type: z.enum(queryFieldTypes),
});
export type QueryResultColumn = z.infer<typeof queryResultColumn>;

export const queryResults = z.object({
  columns: z.array(queryResultColumn),
  /** Each row's cells in the order of `columns`. */
  rows: z.array(z.array(queryCell)),
  /** Rows in all, counted up to 1,000 past this page; `total_capped` says there are more. */
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  numPerPage: z.number().int(),
});
export type QueryResults = z.infer<typeof queryResults>;

export const queryChartQuery = z.object({
  field: fieldKey('field').optional(),
  kind: z.enum(['bar', 'line'], { message: 'kind must be bar or line' }).optional(),
});
export const queryChart = z.object({
  field: z.string(),
  label: z.string(),
  kind: z.enum(['bar', 'line']),
  /** Rows per value of the field, most first (bar) or by value (line); at most 50 values. */
  points: z.array(z.object({ value: z.string().nullable(), count: z.number().int() })),
});
export type QueryChart = z.infer<typeof queryChart>;

export const queryExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { message: 'format must be csv or xlsx' }).default('csv'),
});
