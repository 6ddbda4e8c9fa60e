import { addressInfo, person, publicPerson } from '@licensure/contracts';
import { users } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../platform/http/errors';
import { self, selfOrPermission } from '../../platform/permissions/policies';
import { templateIdsOf } from './person-hooks';
import { loadReadablePerson, presentPerson, presentPublic, readFullSsn } from './present';
import { mayViewPublicPerson } from './public-person';

const tags = ['users'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const idQuery = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
/** The full SSN is shown only when asked for (and only to users.ssn holders); each such read is logged. */
const ssnQuery = z.object({ showSsn: z.enum(['true', 'false']).optional() });

/**
 * Reads of one person beyond the resource engine's (people.resources.ts): the full SSN on request
 * (users.ssn, each read logged), a new record's defaults, the public fields, the address.
 */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const key = () => app.deps.config.SSN_KEY;

  r.get('/api/users/getnew', {
    config: { access: 'users.write' },
    schema: { tags, summary: 'An empty person with the defaults of a new record' },
    handler: async (request) => ({
      id: null,
      enterprise_id: request.enterpriseId,
      user_name: null,
      email: null,
      first_name: '',
      middle_name: null,
      last_name: '',
      suffix: null,
      birth_date: null,
      account_identifier: null,
      national_ems_id: null,
      phone: null,
      ssn: null,
      street: null,
      street2: null,
      city: null,
      state: null,
      postal_code: null,
      county_fips: null,
      gender_id: null,
      race_id: null,
      education_id: null,
      employment_status_id: null,
      hair_id: null,
      eye_id: null,
      user_status_id: null,
      is_staff: false,
      has_password: false,
      security_template_ids: [],
    }),
  });

  const getOne = async (
    request: Parameters<typeof loadReadablePerson>[1],
    id: string,
    showSsn: boolean,
  ): Promise<z.infer<typeof person>> => {
    if (showSsn && !request.auth?.permissions.has('users.ssn')) throw forbidden();
    const u = await loadReadablePerson(db, request, id);
    const fullSsn = showSsn ? await readFullSsn(db, request, u, key()) : undefined;
    return presentPerson(u, { fullSsn, templateIds: await templateIdsOf(db, u.id) });
  };

  r.get('/api/users/getobject', {
    config: { access: 'users.read' },
    schema: {
      tags,
      summary: 'One person (as users/{id})',
      querystring: idQuery.extend(ssnQuery.shape),
      response: { 200: person },
    },
    handler: async (request) => getOne(request, request.query.id, request.query.showSsn === 'true'),
  });

  r.get('/api/users/getPublicSearchUser', {
    config: { access: self() },
    schema: {
      tags,
      summary:
        'The public fields of one person (name, city, state), as far as the public licence lookup shows them',
      querystring: idQuery,
      response: { 200: publicPerson },
    },
    handler: async (request) => {
      if (!(await mayViewPublicPerson(db, request.auth!, request.enterpriseId, request.query.id)))
        throw notFound('person');
      const [u] = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, request.query.id),
            eq(users.enterprise_id, request.enterpriseId),
            isNull(users.deleted_at),
          ),
        );
      if (!u) throw notFound('person');
      return presentPublic(u);
    },
  });

  r.get('/api/User/AddressInfo/:id', {
    config: { access: 'users.read' },
    schema: {
      tags,
      summary: "A person's address and contacts",
      params: idParams,
      response: { 200: addressInfo },
    },
    handler: async (request) => {
      const u = await loadReadablePerson(db, request, request.params.id);
      return {
        id: u.id,
        street: u.street,
        street2: u.street2,
        city: u.city,
        state: u.state,
        postal_code: u.postal_code,
        county_fips: u.county_fips,
        phone: u.phone,
        email: u.email,
      };
    },
  });

  r.get('/api/users/:id', {
    config: { access: selfOrPermission('users.read', 'not_found') },
    schema: {
      tags,
      summary: 'One person; with showSsn=true the full ssn for users.ssn holders (the read is logged)',
      params: idParams,
      querystring: ssnQuery,
      response: { 200: person },
    },
    handler: async (request) => getOne(request, request.params.id, request.query.showSsn === 'true'),
  });
}
