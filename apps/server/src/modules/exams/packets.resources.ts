import {
  activeStatus,
  examMessages,
  examPacketInput,
  examPacketOutput,
  passingRequirementInput,
  passingRequirementOutput,
} from '@licensure/contracts';
import {
  type Db,
  exForms,
  exPacketForms,
  exPackets,
  exPassingRequirements,
  license_category_levels,
} from '@licensure/db';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, badRequest } from '../../platform/http/errors';
import { pick } from '../../platform/resources/present';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { packetFormIds, setPacketForms } from './packet-forms';

const tags = ['exams'];
const read = 'exams.read';
const write = 'exams.write';
const keysOf = <T extends z.ZodObject>(schema: T) => Object.keys(schema.shape) as string[];

const packetKeys = keysOf(examPacketOutput);
const groupKeys = keysOf(passingRequirementOutput);
const presentGroup = (row: Row) => ({ ...pick(groupKeys)(row), exam_form_ids: row.exam_form_ids ?? [] });

/** A duplicate packet name is refused with the spec's message (409), before the unique index would. */
async function packetValues(input: Row, ctx: HookContext): Promise<Row> {
  if (typeof input.name !== 'string') return input;
  const [taken] = await ctx.tx
    .select({ id: exPackets.id })
    .from(exPackets)
    .where(
      and(
        eq(exPackets.enterprise_id, ctx.enterpriseId),
        sql`lower(${exPackets.name}) = lower(${input.name})`,
        isNull(exPackets.deleted_at),
        ctx.before ? ne(exPackets.id, String(ctx.before.id)) : undefined,
      ),
    );
  if (taken)
    throw new AppError('conflict', examMessages.packetNameTaken, { name: examMessages.packetNameTaken });
  return input;
}

/** A packet's forms (in order) and passing requirement groups, for a page of packets in two queries. */
async function expandPackets(rows: Row[], db: Db): Promise<Row[]> {
  const ids = rows.map((r) => String(r.id));
  const [forms, groups] = await Promise.all([
    db
      .select({
        packet_id: exPacketForms.packet_id,
        exam_form_id: exPacketForms.form_id,
        name: exForms.name,
        sort_order: exPacketForms.sort_order,
      })
      .from(exPacketForms)
      .innerJoin(exForms, eq(exForms.id, exPacketForms.form_id))
      .where(inArray(exPacketForms.packet_id, ids))
      .orderBy(asc(exPacketForms.sort_order), asc(exForms.name)),
    db
      .select()
      .from(exPassingRequirements)
      .where(inArray(exPassingRequirements.exam_packet_id, ids))
      .orderBy(asc(exPassingRequirements.name)),
  ]);
  return rows.map((r) => ({
    ...r,
    exam_packet_forms: forms.filter((f) => f.packet_id === r.id).map(({ packet_id: _, ...f }) => f),
    passing_requirements: groups.filter((g) => g.exam_packet_id === r.id).map(presentGroup),
  }));
}

/** ExamPackets: packets of forms for a licence level, with a failure limit; UpdateStatuses in batch. */
export const packetResource: Resource = {
  path: 'ExamPackets',
  entity: 'ex_packets',
  wrapper: 'exam_packet',
  singular: 'exam packet',
  tags,
  table: exPackets,
  read,
  write,
  input: examPacketInput,
  patch: examPacketInput.partial(),
  output: examPacketOutput,
  present: (row) => ({
    ...pick(packetKeys)(row),
    active: row.active === true,
    active_status: row.active === true ? 'Active' : 'Inactive',
    exam_packet_forms: row.exam_packet_forms ?? [],
    passing_requirements: row.passing_requirements ?? [],
  }),
  columns: { license_category_level: license_category_levels.label },
  joins: (q: JoinableQuery) =>
    q.leftJoin(license_category_levels, eq(license_category_levels.id, exPackets.license_category_level_id)),
  filters: {
    active: { column: exPackets.active },
    license_category_level_id: { column: exPackets.license_category_level_id },
  },
  search: [exPackets.name, exPackets.description],
  alpha: exPackets.name,
  sort: {
    name: sql`lower(${exPackets.name})`,
    created_at: exPackets.created_at,
    updated_at: exPackets.updated_at,
  },
  defaultSort: 'name',
  filterRoutes: true,
  refs: {
    license_category_level_id: { table: license_category_levels, what: 'licence level' },
    exam_form_ids: { table: exForms, what: 'exam form' },
  },
  unique: { ex_packets_name_key: 'name' },
  softDelete: {},
  batch: [
    { route: 'UpdateStatuses', ids: 'examPacketIDs', value: 'status', field: 'active', schema: activeStatus },
  ],
  hooks: {
    validate: packetValues,
    afterChange: async (row, ctx) => {
      if (Array.isArray(ctx.input.exam_form_ids))
        await setPacketForms(ctx.tx, ctx.enterpriseId, String(row.id), ctx.input.exam_form_ids as string[]);
    },
    expand: expandPackets,
  },
};

/**
 * A group's forms are forms of its packet, and its minimum no more than it has; a duplicate name in
 * the packet is refused with the spec's message.
 */
async function groupValues(input: Row, ctx: HookContext): Promise<Row> {
  const packetId = String(input.exam_packet_id ?? ctx.before?.exam_packet_id ?? '');
  const name = input.name ?? ctx.before?.name;
  if (!packetId) return input;
  const [packet] = await ctx.tx
    .select({ id: exPackets.id })
    .from(exPackets)
    .where(
      and(
        eq(exPackets.id, packetId),
        eq(exPackets.enterprise_id, ctx.enterpriseId),
        isNull(exPackets.deleted_at),
      ),
    );
  if (!packet) throw badRequest({ exam_packet_id: `There is no exam packet ${packetId}.` });
  if (typeof name === 'string') {
    const [taken] = await ctx.tx
      .select({ id: exPassingRequirements.id })
      .from(exPassingRequirements)
      .where(
        and(
          eq(exPassingRequirements.exam_packet_id, packetId),
          sql`lower(${exPassingRequirements.name}) = lower(${name})`,
          ctx.before ? ne(exPassingRequirements.id, String(ctx.before.id)) : undefined,
        ),
      );
    if (taken)
      throw new AppError('conflict', examMessages.groupNameTaken, { name: examMessages.groupNameTaken });
  }
  const formIds = (input.exam_form_ids ?? ctx.before?.exam_form_ids ?? []) as string[];
  const inPacket = new Set(await packetFormIds(ctx.tx, packetId));
  const stray = formIds.find((id) => !inPacket.has(id));
  if (stray) throw badRequest({ exam_form_ids: `The exam form ${stray} is not a form of this packet.` });
  const min = Number(input.min_passed_forms ?? ctx.before?.min_passed_forms ?? 1);
  if (min > new Set(formIds).size)
    throw badRequest({
      min_passed_forms: `min_passed_forms (${min}) is more than the ${new Set(formIds).size} forms of the group.`,
    });
  return input;
}

/** PassingRequirments (the catalog's spelling): a packet's passing requirement groups. */
export const passingRequirementResource: Resource = {
  path: 'PassingRequirments',
  entity: 'ex_passing_requirements',
  wrapper: 'passing_requirement',
  singular: 'passing requirement group',
  tags,
  table: exPassingRequirements,
  read,
  write,
  input: passingRequirementInput,
  patch: passingRequirementInput.partial(),
  output: passingRequirementOutput,
  present: presentGroup,
  filters: { exam_packet_id: { column: exPassingRequirements.exam_packet_id } },
  search: [exPassingRequirements.name],
  sort: {
    name: sql`lower(${exPassingRequirements.name})`,
    created_at: exPassingRequirements.created_at,
    updated_at: exPassingRequirements.updated_at,
  },
  defaultSort: 'name',
  refs: {
    exam_packet_id: { table: exPackets, what: 'exam packet' },
    exam_form_ids: { table: exForms, what: 'exam form' },
  },
  unique: { ex_passing_requirements_name_key: 'name' },
  hooks: { validate: groupValues },
};
