import { examPersonOutput, examStaffInput, examStaffOutput } from '@licensure/contracts';
import { ex_function_as, exCoordinators, exExaminers, license_category_levels, users } from '@licensure/db';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pick } from '../../platform/resources/present';
import type { FilterSpec, JoinableQuery, Resource } from '../../platform/resources/types';

const tags = ['exams'];
const read = 'exams.read';
const write = 'exams.write';
const staffKeys = Object.keys(examStaffOutput.shape);
const personKeys = Object.keys(examPersonOutput.shape);
const levelParam = z.uuid({ message: 'licenseCategoryLevelId must be a valid id' });
const sessionParam = z.uuid({ message: 'sessionId must be a valid id' });

type Kind = 'coordinator' | 'examiner';
// The two rosters have the same columns, so one is typed as the other.
const tableOf = { coordinator: exCoordinators, examiner: exExaminers } as const;
/** The session column holding each kind of staff. */
const sessionColumn = { coordinator: 'coordinator_ids', examiner: 'examiner_ids' } as const;

/** Roster filters of the catalog's paged filter: `internal`, `licenseCategoryLevelId`. */
function rosterFilters(kind: Kind): Record<string, FilterSpec> {
  const t = tableOf[kind] as typeof exCoordinators;
  return {
    internal: { column: t.internal },
    active: { column: t.active },
    user_id: { column: t.user_id },
    // Qualified for the level: it is one of theirs, or they are qualified for every level (none named).
    licenseCategoryLevelId: {
      column: t.license_category_level_ids,
      schema: levelParam,
      where: (v) =>
        sql`((${v})::uuid = any(${t.license_category_level_ids}) or cardinality(${t.license_category_level_ids}) = 0)`,
    },
  };
}

function rosterBase(kind: Kind) {
  const t = tableOf[kind] as typeof exCoordinators;
  const person: Record<string, SQLWrapper> = {
    first_name: users.first_name,
    last_name: users.last_name,
    email: users.email,
    function_as: ex_function_as.label,
  };
  return {
    tags,
    table: t,
    read,
    output: examStaffOutput,
    present: (row: Record<string, unknown>) => ({
      ...pick(staffKeys)(row),
      internal: row.internal === true,
      active: row.active === true,
      license_category_level_ids: row.license_category_level_ids ?? [],
    }),
    columns: person,
    joins: (q: JoinableQuery) =>
      q
        .innerJoin(users, eq(users.id, t.user_id))
        .leftJoin(ex_function_as, eq(ex_function_as.id, t.function_as_id)),
    search: [users.first_name, users.last_name, users.email],
    alpha: users.last_name,
    sort: {
      last_name: [sql`lower(${users.last_name})`, sql`lower(${users.first_name})`],
      first_name: sql`lower(${users.first_name})`,
      created_at: t.created_at,
    },
    defaultSort: 'last_name',
    filterRoutes: true,
  } satisfies Partial<Resource>;
}

/** ExamCoordinators / ExamExaminers: the roster of people qualified for the role; save and remove. */
function rosterResource(kind: Kind): Resource {
  return {
    ...rosterBase(kind),
    path: kind === 'coordinator' ? 'ExamCoordinators' : 'ExamExaminers',
    entity: kind === 'coordinator' ? 'ex_coordinators' : 'ex_examiners',
    wrapper: kind === 'coordinator' ? 'exam_coordinator' : 'exam_examiner',
    singular: kind,
    write,
    input: examStaffInput,
    patch: examStaffInput.omit({ user_id: true }).partial(),
    filters: rosterFilters(kind),
    refs: {
      user_id: { table: users, what: 'person' },
      function_as_id: { table: ex_function_as, what: 'staff role' },
      license_category_level_ids: { table: license_category_levels, what: 'licence level' },
    },
    unique: { [`ex_${kind}s_user_key`]: 'user_id' },
  };
}

/**
 * AvailableExamCoordinators / AvailableExamExaminers: active people of the roster, and with
 * `sessionId`, those neither on that session nor on another session the same day.
 */
function availableResource(kind: Kind): Resource {
  const t = tableOf[kind] as typeof exCoordinators;
  const column = sql.raw(sessionColumn[kind]);
  return {
    ...rosterBase(kind),
    path: kind === 'coordinator' ? 'AvailableExamCoordinators' : 'AvailableExamExaminers',
    entity: kind === 'coordinator' ? 'ex_coordinators' : 'ex_examiners',
    wrapper: kind === 'coordinator' ? 'exam_coordinator' : 'exam_examiner',
    singular: `available ${kind}`,
    routes: { get: false },
    input: examStaffInput,
    filters: {
      ...rosterFilters(kind),
      sessionId: {
        column: t.user_id,
        schema: sessionParam,
        where: (v) => sql`not exists (
          select 1 from ex_sessions s join ex_sessions o
            on o.enterprise_id = s.enterprise_id and o.session_date = s.session_date and o.deleted_at is null
          where s.id = (${v})::uuid and ${t.user_id} = any(o.${column}))`,
      },
    },
    // Only the active roster is available: a fixed condition, the same for every caller.
    scope: () => ({ name: 'active', where: () => sql`${t.active} = true` }),
  };
}

/**
 * ExamCoordinatorsFilter / ExamExaminersFilter: people to pick from when adding to the roster (staff
 * with `internal=true`; holders of a credential of a level with `licenseCategoryLevelId`).
 */
function peopleResource(kind: Kind): Resource {
  const t = tableOf[kind] as typeof exCoordinators;
  return {
    path: kind === 'coordinator' ? 'ExamCoordinatorsFilter' : 'ExamExaminersFilter',
    entity: 'users',
    wrapper: 'user',
    singular: 'person',
    tags,
    table: users,
    read,
    routes: { get: false },
    input: z.object({}),
    output: examPersonOutput,
    present: (row) => ({
      ...pick(personKeys)(row),
      is_staff: row.is_staff === true,
      on_roster: row.on_roster === true,
    }),
    columns: {
      on_roster: sql<boolean>`exists (select 1 from ${t} r where r.user_id = ${users.id})`,
    },
    filters: {
      internal: { column: users.is_staff },
      licenseCategoryLevelId: {
        column: users.id,
        schema: levelParam,
        where: (v) => sql`exists (select 1 from certifications c where c.user_id = ${users.id}
          and c.license_category_level_id = (${v})::uuid and c.deleted_at is null)`,
      },
    },
    search: [users.first_name, users.last_name, users.email],
    alpha: users.last_name,
    sort: {
      last_name: [sql`lower(${users.last_name})`, sql`lower(${users.first_name})`],
      first_name: sql`lower(${users.first_name})`,
    },
    defaultSort: 'last_name',
    filterRoutes: true,
  };
}

export const staffResources = (['coordinator', 'examiner'] as const).flatMap((kind) => [
  rosterResource(kind),
  availableResource(kind),
  peopleResource(kind),
]);
export const coordinatorResource = staffResources[0] as Resource;
export const examinerResource = staffResources[3] as Resource;
