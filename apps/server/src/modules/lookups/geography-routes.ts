import { counties, places, states, zipCounties } from '@licensure/db';
import { and, asc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';

const tags = ['lookups'];
const stateParam = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{2}|\d{2})$/, 'state must be a two-letter abbreviation or a two-digit FIPS code');
const countyParam = z
  .string()
  .trim()
  .regex(/^\d{3}(\d{2})?$/, 'county must be a 3-digit county or 5-digit state and county FIPS code');

export async function geographyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  async function stateOf(param: string) {
    const value = param.toUpperCase();
    const [s] = await db
      .select()
      .from(states)
      .where(or(eq(states.abbreviation, value), eq(states.fips, value)));
    if (!s) throw badRequest({ state: `There is no state ${param}` });
    return s;
  }

  r.get('/api/gnis/states', {
    config: { access: 'lookups.read' },
    schema: {
      tags,
      summary: 'US states and territories with FIPS codes',
      response: { 200: z.array(z.object({ fips: z.string(), abbreviation: z.string(), name: z.string() })) },
    },
    handler: async () => db.select().from(states).orderBy(asc(states.name)),
  });

  r.get('/api/gnis/counties', {
    config: { access: 'lookups.read' },
    schema: {
      tags,
      summary: 'Counties of a state with their FIPS codes',
      querystring: z.object({ state: stateParam }),
      response: { 200: z.array(z.object({ fips: z.string(), state_fips: z.string(), name: z.string() })) },
    },
    handler: async (request) => {
      const s = await stateOf(request.query.state);
      return db.select().from(counties).where(eq(counties.state_fips, s.fips)).orderBy(asc(counties.name));
    },
  });

  r.get('/api/gnis/places', {
    config: { access: 'lookups.read' },
    schema: {
      tags,
      summary: 'Places (cities and towns) of a state, optionally of one county',
      querystring: z.object({ state: stateParam, county: countyParam.optional() }),
      response: {
        200: z.array(
          z.object({
            name: z.string(),
            state_abbreviation: z.string(),
            county_fips: z.string(),
            gnis_id: z.string().nullable(),
          }),
        ),
      },
    },
    handler: async (request) => {
      const s = await stateOf(request.query.state);
      const county = request.query.county;
      const countyFips = county ? (county.length === 3 ? `${s.fips}${county}` : county) : undefined;
      return db
        .select()
        .from(places)
        .where(
          and(
            eq(places.state_abbreviation, s.abbreviation),
            countyFips ? eq(places.county_fips, countyFips) : undefined,
          ),
        )
        .orderBy(asc(places.name));
    },
  });

  r.get('/api/fipslookup', {
    config: { access: 'lookups.read' },
    schema: {
      tags,
      summary: 'The county (FIPS) and place of a ZIP code',
      querystring: z.object({
        postalCode: z
          .string()
          .trim()
          .regex(/^\d{5}(-\d{4})?$/, 'postalCode must be a 5-digit ZIP code or ZIP+4'),
      }),
      response: {
        200: z.array(
          z.object({
            zip: z.string(),
            county_fips: z.string(),
            county_name: z.string().nullable(),
            state_abbreviation: z.string(),
            city: z.string(),
          }),
        ),
      },
    },
    handler: async (request) => {
      const zip = request.query.postalCode.slice(0, 5);
      return db
        .select({
          zip: zipCounties.zip,
          county_fips: zipCounties.county_fips,
          county_name: counties.name,
          state_abbreviation: zipCounties.state_abbreviation,
          city: zipCounties.city,
        })
        .from(zipCounties)
        .leftJoin(counties, eq(counties.fips, zipCounties.county_fips))
        .where(eq(zipCounties.zip, zip));
    },
  });
}
