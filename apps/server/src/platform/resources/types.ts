import type { ResourceSpec, RouteAccess } from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext, RoutePolicy } from '../auth/context';
import type { ScopeRule } from '../permissions/scopes';

export type Row = Record<string, unknown>;

/** What every hook stage receives. `before` is the stored row on update and delete. */
export interface HookContext {
  tx: Tx;
  request: FastifyRequest;
  auth: AuthContext | null;
  enterpriseId: string;
  operation: 'create' | 'update' | 'delete' | 'batch';
  before?: Row;
}

export interface ResourceHooks {
  /** Adjusts the raw input before the schema sees it (clearing malformed ids, legacy keys). */
  normalize?: (input: Row, request: FastifyRequest) => void;
  /**
   * Whether the caller may make this write (403s), before anything else is checked (even a stale
   * `updated_at`); sees the stored row on update; may return the part of the input they may write.
   */
  authorize?: (input: Row, ctx: HookContext) => Promise<Row | undefined> | Row | undefined;
  /** Checks the parsed input against stored data (400s naming the field); may return the values to save. */
  validate?: (input: Row, ctx: HookContext) => Promise<Row | undefined> | Row | undefined;
  /** Last word before the write: derived columns, access to the stored row. */
  beforeChange?: (values: Row, ctx: HookContext) => Promise<Row | undefined> | Row | undefined;
  /** After the row is written, in the same transaction: child rows, events. */
  afterChange?: (row: Row, ctx: HookContext & { input: Row }) => Promise<void> | void;
  /**
   * After one record is read (`GET {path}/:id`, its short form too) and before it is answered: read
   * logs keep who saw what. A failure answers the request with an error, so no read goes unlogged.
   */
  afterRead?: (row: Row, ctx: { request: FastifyRequest; db: Db }) => Promise<void> | void;
  /**
   * Adds child rows to rows about to be answered (a page, one record), in one query for all of them;
   * the presenter sees what it returns.
   */
  expand?: (rows: Row[], db: Db) => Promise<Row[]>;
  /**
   * What the change log keeps of a row, before and after a write (child rows added, secrets left out);
   * default: the row. With it, the after-change hook runs before the change is logged.
   */
  audit?: (row: Row, tx: Tx) => Promise<Row> | Row;
  /** Once the transaction has committed: work that must not see an uncommitted change (cache resets). */
  afterCommit?: (
    row: Row,
    ctx: { request: FastifyRequest; operation: HookContext['operation'] },
  ) => Promise<void> | void;
}

/** A list filter: a query parameter compared with a column or expression. */
export interface FilterSpec {
  column: SQLWrapper;
  /** How the parameter is parsed (default: text; uuid for id columns; booleans for bool columns). */
  schema?: z.ZodType;
  /** eq (default), or `prefix`: case-insensitive starts-with. */
  op?: 'eq' | 'prefix';
  /** A condition of its own over the parameter (a placeholder in prepared lists), e.g. a subquery. */
  where?: (value: SQLWrapper) => SQL;
}

/** A field that names another record: it must exist, be live and belong to the same enterprise. */
export interface RefTarget {
  /** The name fields use in `ref` (a reference list's key, or a record table such as `services`): the generic form's picker. */
  name?: string;
  table: PgTable;
  /** In words, for the message ("licence"). */
  what: string;
}

/** A batch update route: `POST {path}/{route}` with `{ [ids]: [...], [value]: v }` sets `field`. */
export interface BatchSpec {
  route: string;
  ids: string;
  value: string;
  field: string;
  schema: z.ZodType;
}

/**
 * One declarative resource. From it the engine makes list, getCount (GET and, with `filterRoutes`,
 * POST getFilter/getCount), get, create, update, delete and batch routes, with validation, paging,
 * sorting, tenancy, row scopes, references, audit, events and OpenAPI.
 */
export interface Resource {
  /** Under /api, as the catalog writes it (matched case-insensitively). */
  path: string;
  /** Data change log entity and event prefix (the table name). */
  entity: string;
  wrapper: string;
  singular: string;
  tags: readonly string[];
  table: PgTable;
  /** A permission, 'public', or the policy whose rule `scope` applies to lists and gets. */
  read: RouteAccess | RoutePolicy;
  /** Who may list and count, when narrower than `read` (e.g. staff only, while a portal user may get one in scope). */
  listRead?: RouteAccess | RoutePolicy;
  /** Absent: read-only. */
  write?: RouteAccess | RoutePolicy;
  /** Who may create, update or delete, where it differs from `write` (e.g. people change their own record). */
  writeBy?: Partial<Record<'create' | 'update' | 'delete', RouteAccess | RoutePolicy>>;
  /** Which routes to make (all by default); a module may serve one itself. */
  routes?: Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete', boolean>>;
  /** Create input (the object inside the wrapper key). */
  input: z.ZodObject;
  /** Update input; default: the create input. */
  patch?: z.ZodObject;
  /** The answer's shape (OpenAPI), and how a row becomes it. */
  output: z.ZodType;
  present?: (row: Row) => unknown;
  /** A short form of one record, asked for with `?{param}=true` on get (e.g. `getLess`). */
  brief?: { param: string; output: z.ZodType; present: (row: Row) => unknown };
  /** Extra columns selected for lists and gets (flat: name -> column of a joined table). */
  columns?: Record<string, SQLWrapper>;
  /** Joins those columns need, applied to list, count and get. */
  joins?: (query: JoinableQuery) => JoinableQuery;
  filters?: Record<string, FilterSpec>;
  /** Searched with ILIKE '%text%' (any of them). */
  search?: readonly SQLWrapper[];
  /** `alphaFilter=A`: rows whose expression starts with the letter. */
  alpha?: SQLWrapper;
  /** Sort keys; a list of expressions sorts by each in turn, all in the asked direction. */
  sort: Record<string, SQLWrapper | readonly SQLWrapper[]>;
  defaultSort: string;
  /** Order of rows that tie on the sort (before the id, which breaks every tie). */
  thenBy?: SQLWrapper | readonly SQLWrapper[];
  /** POST {path}/getFilter and POST {path}/getCount taking the filter in the body. */
  filterRoutes?: boolean;
  scope?: ScopeRule;
  refs?: Record<string, RefTarget>;
  /**
   * References inside the input's lists (`requirements[].topic_id`, `forms[].form_id`), by body path
   * under the wrapper (see `BodyRefs`): checked with `refs`, each of the caller's enterprise.
   */
  nestedRefs?: Record<string, string | RefTarget>;
  /** Unique constraint name -> field, for 409s. */
  unique?: Record<string, string>;
  /**
   * Soft delete: the row is kept with `deleted_at` set (and these extra values); `reason` makes
   * `?reason=` (or a body `{reason}`) required and stores it in `delete_reason`.
   */
  softDelete?: {
    reason?: boolean;
    set?: Row;
    /** false: the table has no `deleted_at`; the row stays listed, changed by `set` only (retired). */
    deletedAt?: false;
    /** A list parameter (`?{param}=true`) that lists deleted rows with the live ones. */
    listParam?: string;
  };
  batch?: readonly BatchSpec[];
  hooks?: ResourceHooks;
  /**
   * How the generic web list and edit pages show it (`GET /api/resources/{path}` describes it from its
   * input schema); absent: the resource has screens of its own.
   */
  form?: {
    title: string;
    labels?: Record<string, string>;
    help?: Record<string, string>;
    /** Fields shown as list columns. */
    listed?: readonly string[];
    /** Input fields the generic form leaves out (edited on screens of their own). */
    hidden?: readonly string[];
    /** List filters narrowing a reference field's picker (field -> query). */
    refQuery?: Record<string, Record<string, string>>;
  };
  /** A FieldSpec resource's own description (reference lists), used as is. */
  spec?: ResourceSpec;
  /** Domain events recorded with each write: `${entity}.created|updated|deleted`. */
  events?: boolean;
}

// Drizzle's select builder changes type with every join; the engine treats it structurally.
// biome-ignore lint/suspicious/noExplicitAny: a join callback receives and returns drizzle's dynamic query
export type JoinableQuery = any;

export type ColumnMap = Record<string, PgColumn>;
export type Condition = SQL | undefined;
