import {
  serviceUserLongevityCreditInput,
  serviceUserLongevityCreditOutput,
  serviceUserLongevityInput,
  serviceUserLongevityOutput,
  serviceUserTrainingInput,
  serviceUserTrainingOutput,
} from '@licensure/contracts';
import {
  licenseRequests,
  services,
  serviceUserLongevities,
  serviceUserLongevityCredits,
  serviceUserTrainings,
  trainings,
  users,
} from '@licensure/db';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selfOrPermission, staffOrAdministers } from '../../platform/permissions/policies';
import { administeredRows, ownRows } from '../../platform/permissions/scopes';
import type { JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { educationReaders } from './courses.resources';
import { iso, str } from './present';

const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const personName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`;
const stamps = (r: Row) => ({
  id: r.id as string,
  created_at: iso(r.created_at) ?? '',
  updated_at: iso(r.updated_at) ?? '',
});
const common = {
  tags: ['education'],
  read: staffOrAdministers(educationReaders, 'not_found'),
  write: 'education.write',
  softDelete: { reason: true },
} as const;

// ---- Longevity -------------------------------------------------------------------------------

export const longevityColumns: Record<string, SQLWrapper> = {
  service_name: sql<string | null>`${services.name}`,
  user_name: personName,
};
const joinLongevity = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(services, eq(services.id, serviceUserLongevities.service_id))
    .leftJoin(users, eq(users.id, serviceUserLongevities.user_id));

export const presentLongevity = (r: Row) => ({
  ...stamps(r),
  service_id: r.service_id as string,
  service_name: str(r.service_name),
  user_id: r.user_id as string,
  user_name: str(r.user_name),
  license_request_id: str(r.license_request_id),
  years: Number(r.years),
  start_date: str(r.start_date),
  end_date: str(r.end_date),
  amount_cents: Number(r.amount_cents),
  approve: !!r.approve,
  redeemed_at: iso(r.redeemed_at),
  note: str(r.note),
});

/** Years of service of a service's people (`{service_user_longevity: {...}}`). */
export const longevityResource: Resource = {
  ...common,
  path: 'ServiceUserLongevities',
  entity: 'service_user_longevities',
  wrapper: 'service_user_longevity',
  singular: 'longevity record',
  table: serviceUserLongevities,
  input: serviceUserLongevityInput,
  output: serviceUserLongevityOutput,
  present: presentLongevity,
  columns: longevityColumns,
  joins: joinLongevity,
  filters: {
    service_id: { column: serviceUserLongevities.service_id, schema: uuid('service_id') },
    user_id: { column: serviceUserLongevities.user_id, schema: uuid('user_id') },
    license_request_id: {
      column: serviceUserLongevities.license_request_id,
      schema: uuid('license_request_id'),
    },
    approve: { column: serviceUserLongevities.approve },
    redeemed: {
      column: serviceUserLongevities.redeemed_at,
      schema: z.enum(['true', 'false'], { message: 'redeemed must be true or false' }),
      where: (v) => sql`((${serviceUserLongevities.redeemed_at} is not null) = (${v} = 'true'))`,
    },
  },
  search: [users.last_name, users.first_name, services.name],
  sort: {
    user_name: [sql`lower(${users.last_name})`, sql`lower(${users.first_name})`],
    years: serviceUserLongevities.years,
    created_at: serviceUserLongevities.created_at,
  },
  defaultSort: 'user_name',
  scope: administeredRows(serviceUserLongevities.service_id, educationReaders),
  refs: {
    service_id: { table: services, what: 'service' },
    user_id: { table: users, what: 'person' },
    license_request_id: { table: licenseRequests, what: 'licence request' },
  },
};

// ---- Longevity credits -----------------------------------------------------------------------

export const presentCredit = (r: Row) => ({
  ...stamps(r),
  service_id: str(r.service_id),
  user_id: r.user_id as string,
  user_name: str(r.user_name),
  service_user_longevity_id: str(r.service_user_longevity_id),
  years: Number(r.years),
  credit_cents: Number(r.credit_cents),
  effective_date: str(r.effective_date),
  note: str(r.note),
});

/** Credits given to a person for years of service (`{service_user_longevity_credit: {...}}`). */
export const longevityCreditResource: Resource = {
  ...common,
  read: selfOrPermission(educationReaders, 'not_found'),
  path: 'ServiceUserLongevityCredits',
  entity: 'service_user_longevity_credits',
  wrapper: 'service_user_longevity_credit',
  singular: 'longevity credit',
  table: serviceUserLongevityCredits,
  input: serviceUserLongevityCreditInput,
  output: serviceUserLongevityCreditOutput,
  present: presentCredit,
  columns: { user_name: personName },
  joins: (q: JoinableQuery) => q.leftJoin(users, eq(users.id, serviceUserLongevityCredits.user_id)),
  filters: {
    service_id: { column: serviceUserLongevityCredits.service_id, schema: uuid('service_id') },
    user_id: { column: serviceUserLongevityCredits.user_id, schema: uuid('user_id') },
  },
  search: [users.last_name, users.first_name],
  sort: {
    effective_date: serviceUserLongevityCredits.effective_date,
    created_at: serviceUserLongevityCredits.created_at,
    user_name: [sql`lower(${users.last_name})`, sql`lower(${users.first_name})`],
  },
  defaultSort: 'created_at',
  scope: ownRows(serviceUserLongevityCredits.user_id, educationReaders),
  refs: {
    service_id: { table: services, what: 'service' },
    user_id: { table: users, what: 'person' },
    service_user_longevity_id: { table: serviceUserLongevities, what: 'longevity record' },
  },
};

// ---- Training reimbursements -----------------------------------------------------------------

export const reimbursementColumns: Record<string, SQLWrapper> = {
  service_name: sql<string | null>`${services.name}`,
  user_name: personName,
  training_name: sql<string | null>`${trainings.name}`,
};
export const joinReimbursement = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(services, eq(services.id, serviceUserTrainings.service_id))
    .leftJoin(users, eq(users.id, serviceUserTrainings.user_id))
    .leftJoin(trainings, eq(trainings.id, serviceUserTrainings.training_id));

export const presentServiceUserTraining = (r: Row) => ({
  ...stamps(r),
  service_id: r.service_id as string,
  service_name: str(r.service_name),
  user_id: r.user_id as string,
  user_name: str(r.user_name),
  training_id: r.training_id as string,
  training_name: str(r.training_name),
  license_request_id: str(r.license_request_id),
  reimburse: !!r.reimburse,
  amount_cents: Number(r.amount_cents),
  reimbursed_at: iso(r.reimbursed_at),
  note: str(r.note),
});

/** Courses a service's people took that the service is reimbursed for (`{service_user_training: {...}}`). */
export const serviceUserTrainingResource: Resource = {
  ...common,
  path: 'ServiceUserTrainings',
  entity: 'service_user_trainings',
  wrapper: 'service_user_training',
  singular: 'training reimbursement',
  table: serviceUserTrainings,
  input: serviceUserTrainingInput,
  output: serviceUserTrainingOutput,
  present: presentServiceUserTraining,
  columns: reimbursementColumns,
  joins: joinReimbursement,
  filters: {
    service_id: { column: serviceUserTrainings.service_id, schema: uuid('service_id') },
    user_id: { column: serviceUserTrainings.user_id, schema: uuid('user_id') },
    training_id: { column: serviceUserTrainings.training_id, schema: uuid('training_id') },
    license_request_id: {
      column: serviceUserTrainings.license_request_id,
      schema: uuid('license_request_id'),
    },
    reimburse: { column: serviceUserTrainings.reimburse },
  },
  search: [users.last_name, users.first_name, trainings.name, services.name],
  sort: {
    user_name: [sql`lower(${users.last_name})`, sql`lower(${users.first_name})`],
    training_name: sql`lower(${trainings.name})`,
    created_at: serviceUserTrainings.created_at,
  },
  defaultSort: 'created_at',
  scope: administeredRows(serviceUserTrainings.service_id, educationReaders),
  refs: {
    service_id: { table: services, what: 'service' },
    user_id: { table: users, what: 'person' },
    training_id: { table: trainings, what: 'course' },
    license_request_id: { table: licenseRequests, what: 'licence request' },
  },
};
