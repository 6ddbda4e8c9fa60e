import { exForms } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../platform/http/errors';
import type { createWriter } from '../../platform/resources/write';

type Writer = ReturnType<typeof createWriter>;

/**
 * exams/copyForm: a new exam form "Copy of {name}" (numbered when that is taken) with the same skills
 * and form builder form, written through the engine (validation, change log).
 */
export async function copyForm(writer: Writer, request: FastifyRequest, copyId: string): Promise<string> {
  const { db } = request.server.deps.database;
  const [form] = await db
    .select()
    .from(exForms)
    .where(
      and(
        eq(exForms.id, copyId),
        eq(exForms.enterprise_id, request.enterpriseId),
        isNull(exForms.deleted_at),
      ),
    );
  if (!form) throw notFound('exam form');
  const base = `Copy of ${form.name}`;
  const taken = await db
    .select({ name: sql<string>`lower(${exForms.name})` })
    .from(exForms)
    .where(
      and(
        eq(exForms.enterprise_id, request.enterpriseId),
        isNull(exForms.deleted_at),
        sql`lower(${exForms.name}) like lower(${`${base.replace(/[\\%_]/g, '\\$&')}%`})`,
      ),
    );
  const names = new Set(taken.map((t) => t.name));
  let name = base;
  for (let n = 2; names.has(name.toLowerCase()); n++) name = `${base} (${n})`;
  return writer.create(request, {
    name,
    description: form.description,
    active: form.active,
    skill_ids: form.skill_ids,
    fb_form_id: form.fb_form_id,
  });
}
