import type { ResourceEventEntity } from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../audit/record-change';
import { recordEvent, resourceWriteEvent } from '../events/record-event';
import { AppError, badRequest, fromDatabaseError, notFound } from '../http/errors';
import { liveRows, selection } from './list-statements';
import { checkBodyReferences, checkReferences } from './references';
import type { BatchSpec, HookContext, Resource, Row } from './types';

/**
 * The write pipeline of a resource, each operation in one transaction: scope and stored row, validate,
 * references, before change, write, change log, event, after change.
 */
export function createWriter(db: Db, resource: Resource) {
  const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
  const idCol = columns.id as PgColumn;
  const hooks = resource.hooks ?? {};
  const mapError = (err: unknown) => fromDatabaseError(err, (c) => resource.unique?.[c]);

  /** The row condition of one id for this caller: tenant, live, row scope. */
  function reach(request: FastifyRequest, ids: SQL): SQL {
    const scope = resource.scope?.(request.auth);
    return and(
      ids,
      eq(columns.enterprise_id as PgColumn, request.enterpriseId),
      liveRows(resource),
      scope?.where(request.auth?.userId ?? ''),
    ) as SQL;
  }
  const oneId = (request: FastifyRequest, id: string) => reach(request, eq(idCol, id));

  /** One row as the API presents it (with joined columns), or 404. */
  async function load(tx: Db | Tx, request: FastifyRequest, id: string): Promise<Row> {
    const joins = resource.joins ?? ((q) => q);
    const [row] = await joins(tx.select(selection(resource)).from(resource.table).$dynamic()).where(
      oneId(request, id),
    );
    if (!row) throw notFound(resource.singular);
    return row as Row;
  }

  async function lockRow(tx: Tx, request: FastifyRequest, id: string): Promise<Row> {
    const [before] = await tx.select().from(resource.table).where(oneId(request, id)).for('update');
    if (!before) throw notFound(resource.singular);
    return before as Row;
  }

  /** What the change log keeps of the stored row, read before the write changes its children. */
  const auditOf = async (tx: Tx, row: Row) => (hooks.audit ? hooks.audit(row, tx) : row);

  async function prepare(values: Row, ctx: HookContext): Promise<Row> {
    // References first, so that no hook reads a record of another enterprise; again where a hook set one.
    const refs = resource.refs ?? {};
    await checkReferences(ctx.tx, ctx.enterpriseId, refs, values);
    if (resource.nestedRefs) await checkBodyReferences(ctx.tx, ctx.enterpriseId, resource.nestedRefs, values);
    let v = (await hooks.validate?.(values, ctx)) ?? values;
    const derived = Object.entries(refs).filter(([f]) => v[f] !== values[f]);
    if (derived.length) await checkReferences(ctx.tx, ctx.enterpriseId, Object.fromEntries(derived), v);
    v = (await hooks.beforeChange?.(v, ctx)) ?? v;
    // Only the table's own columns are written; other input (child rows) is the after-change hook's.
    return Object.fromEntries(Object.entries(v).filter(([k]) => k in columns));
  }

  async function finish(
    tx: Tx,
    ctx: HookContext,
    action: 'create' | 'update' | 'delete',
    row: Row,
    input: Row,
    beforeLog: Row | undefined = ctx.before,
  ) {
    const id = String(row.id);
    if (resource.events)
      await recordEvent(tx, {
        enterpriseId: ctx.enterpriseId,
        name: resourceWriteEvent(resource.entity, action),
        entity: resource.entity as ResourceEventEntity,
        objectId: id,
        actorId: ctx.request.auth?.userId ?? null,
      });
    // With an audit view, children are written first so that the logged record shows them.
    if (hooks.audit) await hooks.afterChange?.(row, { ...ctx, input });
    const logged = action === 'delete' && !resource.softDelete ? undefined : row;
    await recordChange(tx, actorOf(ctx.request), {
      entity: resource.entity,
      objectId: id,
      action,
      before: beforeLog,
      after: logged && hooks.audit ? await hooks.audit(logged, tx) : logged,
    });
    if (!hooks.audit) await hooks.afterChange?.(row, { ...ctx, input });
  }

  /** Runs the after-commit hook once the transaction is done. */
  async function committed(request: FastifyRequest, operation: HookContext['operation'], rows: Row[]) {
    if (!hooks.afterCommit) return;
    for (const row of rows) await hooks.afterCommit(row, { request, operation });
  }

  const context = (tx: Tx, request: FastifyRequest, operation: HookContext['operation'], before?: Row) => ({
    tx,
    request,
    auth: request.auth,
    enterpriseId: request.enterpriseId,
    operation,
    before,
  });

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw mapError(err);
    }
  }

  return {
    load,
    /** Inserts a record; `options.id` names it when the caller made the id (a device working offline). */
    async create(request: FastifyRequest, input: Row, options: { id?: string } = {}): Promise<string> {
      const created = await guarded(() =>
        db.transaction(async (tx) => {
          const ctx = context(tx, request, 'create');
          const allowed = (await hooks.authorize?.(input, ctx)) ?? input;
          const values = await prepare(allowed, ctx);
          const [row] = await tx
            .insert(resource.table)
            .values({
              ...values,
              ...(options.id ? { id: options.id } : {}),
              enterprise_id: request.enterpriseId,
            })
            .returning();
          await finish(tx, ctx, 'create', row as Row, allowed);
          return row as Row;
        }),
      );
      await committed(request, 'create', [created]);
      return String(created.id);
    },

    async update(request: FastifyRequest, id: string, body: Row): Promise<void> {
      const { updated_at: seen, ...input } = body;
      const updated = await guarded(() =>
        db.transaction(async (tx) => {
          const before = await lockRow(tx, request, id);
          const ctx = context(tx, request, 'update', before);
          const allowed = (await hooks.authorize?.(input, ctx)) ?? input;
          const stored = before.updated_at;
          if (
            typeof seen === 'string' &&
            stored instanceof Date &&
            new Date(seen).getTime() !== stored.getTime()
          )
            throw new AppError(
              'conflict',
              `This ${resource.singular} was changed by someone else. Reload it and try again.`,
            );
          const beforeLog = await auditOf(tx, before);
          const values = await prepare(allowed, ctx);
          const [after] = await tx
            .update(resource.table)
            .set({ ...values, ...(columns.updated_at ? { updated_at: new Date() } : {}) })
            .where(eq(idCol, id))
            .returning();
          await finish(tx, ctx, 'update', after as Row, allowed, beforeLog);
          return after as Row;
        }),
      );
      await committed(request, 'update', [updated]);
    },

    async remove(request: FastifyRequest, id: string, reason: string | undefined): Promise<void> {
      const soft = resource.softDelete;
      const removed = await guarded(() =>
        db.transaction(async (tx) => {
          const before = await lockRow(tx, request, id);
          if (soft?.reason && !reason?.trim())
            throw badRequest({
              reason: `Say why this ${resource.singular} is deleted: it is kept with its history.`,
            });
          const ctx = context(tx, request, 'delete', before);
          const beforeLog = await auditOf(tx, before);
          let row = before;
          if (soft) {
            const [after] = await tx
              .update(resource.table)
              .set({
                ...(soft.set ?? {}),
                ...(soft.deletedAt === false ? {} : { deleted_at: new Date() }),
                ...(soft.reason ? { delete_reason: reason!.trim() } : {}),
                ...(columns.updated_at ? { updated_at: new Date() } : {}),
              })
              .where(eq(idCol, id))
              .returning();
            row = after as Row;
          } else {
            await tx.delete(resource.table).where(eq(idCol, id));
          }
          await finish(tx, ctx, 'delete', row, {}, beforeLog);
          return row;
        }),
      );
      await committed(request, 'delete', [removed]);
    },

    /** Sets one field on many rows; answers how many rows changed. Ids out of reach are a 404. */
    async batch(request: FastifyRequest, spec: BatchSpec, ids: string[], value: unknown): Promise<number> {
      const unique = [...new Set(ids)];
      const changed = await guarded(() =>
        db.transaction(async (tx) => {
          const rows = (await tx
            .select()
            .from(resource.table)
            .where(reach(request, inArray(idCol, unique)))
            .for('update')) as Row[];
          if (rows.length !== unique.length) throw notFound(resource.singular);
          const done: Row[] = [];
          for (const before of rows) {
            if (before[spec.field] === value) continue;
            const ctx = context(tx, request, 'batch', before);
            const beforeLog = await auditOf(tx, before);
            const values = await prepare({ [spec.field]: value }, ctx);
            const [after] = await tx
              .update(resource.table)
              .set({ ...values, ...(columns.updated_at ? { updated_at: new Date() } : {}) })
              .where(eq(idCol, before.id as string))
              .returning();
            await finish(tx, ctx, 'update', after as Row, values, beforeLog);
            done.push(after as Row);
          }
          return done;
        }),
      );
      await committed(request, 'batch', changed);
      return changed.length;
    },
  };
}

/** A resource's write pipeline, for modules that write through it outside the engine's routes. */
export type Writer = ReturnType<typeof createWriter>;
