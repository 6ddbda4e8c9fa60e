import { enterprise, enterpriseLess, enterpriseUpdateInput, recaptchaInput } from '@licensure/contracts';
import { enterprises, identityProviders, users } from '@licensure/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { forbidden, notFound } from '../../platform/http/errors';
import { enterpriseReference, self, selfOrPermission } from '../../platform/permissions/policies';
import { findEnterprise, loadEnterprise, presentSettings } from './load-enterprise';
import { verifyRecaptcha } from './verify-recaptcha';

const tags = ['enterprise'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const presentLess = (e: typeof enterprises.$inferSelect) => ({
  id: e.id,
  name: e.name,
  abbreviation: e.abbreviation,
  address: e.address,
  disable_password_login: e.disable_password_login,
  public_lookup_enabled: e.public_lookup_enabled,
  login_criteria: e.login_criteria,
  date_format: e.date_format,
});

export async function enterpriseModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const current = (request: { enterpriseId: string }) => findEnterprise(db, request.enterpriseId);

  r.get('/api/enterprise', {
    config: { access: self() },
    schema: {
      tags,
      summary: 'The enterprise with its entities and custom field categories',
      response: { 200: enterprise },
    },
    handler: async (request) => loadEnterprise(db, request.enterpriseId),
  });

  r.put('/api/enterprise/:id', {
    config: { access: 'enterprise.write' },
    schema: {
      tags,
      summary: 'Change enterprise settings',
      params: idParams,
      body: enterpriseUpdateInput,
      response: { 200: enterprise },
    },
    handler: async (request) => {
      if (request.params.id !== request.enterpriseId) throw notFound('enterprise');
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(enterprises)
          .where(eq(enterprises.id, request.params.id))
          .for('update');
        if (!before) throw notFound('enterprise');
        const [after] = await tx
          .update(enterprises)
          .set({ ...request.body.enterprise, updated_at: new Date() })
          .where(eq(enterprises.id, request.params.id))
          .returning();
        if (!after) throw notFound('enterprise');
        await recordChange(tx, actorOf(request), {
          entity: 'enterprises',
          objectId: before.id,
          action: 'update',
          before: presentSettings(before),
          after: presentSettings(after),
        });
      });
      app.deps.resolver.invalidate();
      return loadEnterprise(db, request.enterpriseId);
    },
  });

  r.get('/api/enterpriseLess', {
    config: { access: 'public' },
    schema: { tags, summary: 'The public essentials of the enterprise', response: { 200: enterpriseLess } },
    handler: async (request) => presentLess(await current(request)),
  });

  r.get('/api/enterprise/getbyaddress', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The enterprise served at a web address',
      querystring: z.object({ address: z.string().trim().min(1, 'address is required').max(200) }),
      response: { 200: enterpriseLess },
    },
    handler: async (request) => {
      const host =
        request.query.address
          .replace(/^https?:\/\//i, '')
          .split('/')[0]
          ?.toLowerCase() ?? '';
      // An address without a host names no enterprise (not the ones that have no address set).
      if (!host) throw notFound('enterprise');
      const [row] = await db.select().from(enterprises).where(sql`lower(${enterprises.address}) = ${host}`);
      if (!row) throw notFound('enterprise');
      return presentLess(row);
    },
  });

  r.get('/api/getLogoutCriteria', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Text shown when signing out',
      querystring: z.object({ enterpriseID: z.uuid({ message: 'enterpriseID must be a valid id' }) }),
      response: { 200: z.object({ logout_criteria: z.string() }) },
    },
    handler: async (request) => ({
      logout_criteria: (await findEnterprise(db, request.query.enterpriseID)).logout_criteria,
    }),
  });

  const setting = (
    url: string,
    access: 'public' | ReturnType<typeof enterpriseReference>,
    summary: string,
    schema: z.ZodType,
    pick: (e: typeof enterprises.$inferSelect) => unknown,
  ) =>
    r.get(url, {
      config: { access },
      schema: { tags, summary, response: { 200: schema } },
      handler: async (request) => pick(await current(request)),
    });

  setting(
    '/api/Core/GetUserVoiceLink',
    enterpriseReference(),
    'Link to the feedback site',
    z.object({ link: z.string() }),
    (e) => ({ link: e.user_voice_link }),
  );
  setting(
    '/api/Core/DuplicatePreventionText',
    'public',
    'Text warning applicants not to create duplicate accounts',
    z.object({ text: z.string() }),
    (e) => ({ text: e.duplicate_prevention_text }),
  );
  setting(
    '/api/Core/EnterpriseShowUserPublicAddresses',
    'public',
    'Whether public lookups show addresses',
    z.boolean(),
    (e) => e.show_user_public_addresses,
  );
  setting(
    '/api/enterpriselogincriteria',
    'public',
    'Text shown on the sign-in page',
    z.object({ login_criteria: z.string() }),
    (e) => ({ login_criteria: e.login_criteria }),
  );
  setting(
    '/api/Core/EnterpriseDisablePasswordLogin',
    'public',
    'Whether password sign-in is disabled',
    z.boolean(),
    (e) => e.disable_password_login,
  );
  setting(
    '/api/enterprisepubliclookup',
    'public',
    'Whether and how the public licence lookup is offered',
    z.object({
      enabled: z.boolean(),
      name: z.string(),
      labels: z.object({ user: z.string(), service: z.string(), vehicle: z.string() }),
    }),
    (e) => ({ enabled: e.public_lookup_enabled, name: e.name, labels: e.labels }),
  );

  r.get('/api/AdminModule/ListPublicIdentityProvider', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Identity providers offered on the sign-in page',
      response: {
        200: z.array(
          z.object({
            id: z.uuid(),
            code: z.string(),
            label: z.string(),
            for_portal: z.boolean(),
            for_staff: z.boolean(),
          }),
        ),
      },
    },
    handler: async (request) =>
      db
        .select({
          id: identityProviders.id,
          code: identityProviders.code,
          label: identityProviders.label,
          for_portal: identityProviders.for_portal,
          for_staff: identityProviders.for_staff,
        })
        .from(identityProviders)
        .where(
          and(
            eq(identityProviders.enterprise_id, request.enterpriseId),
            eq(identityProviders.is_public, true),
            eq(identityProviders.active, true),
          ),
        )
        .orderBy(asc(identityProviders.label)),
  });

  r.get('/api/EnterpriseMergeFields', {
    config: { access: enterpriseReference() },
    schema: {
      tags,
      summary: 'Enterprise values usable as merge fields in templates',
      querystring: z.object({ code: z.string().trim().min(1, 'code is required').max(64) }),
      response: {
        200: z.array(z.object({ code: z.string(), field: z.string(), label: z.string(), value: z.string() })),
      },
    },
    handler: async (request) => {
      const e = await current(request);
      const code = request.query.code;
      return [
        { field: 'enterprise_name', label: 'Enterprise name', value: e.name },
        { field: 'enterprise_state', label: 'Enterprise state', value: e.abbreviation },
        { field: 'enterprise_address', label: 'Enterprise web address', value: e.address },
      ].map((f) => ({ code, ...f }));
    },
  });

  r.get('/api/EducationModule/EducationReportLookupPermission/:id', {
    config: { access: selfOrPermission('users.read') },
    schema: {
      tags,
      summary: 'Whether a person may look up education reports',
      params: idParams,
      response: { 200: z.boolean() },
    },
    handler: async (request) => {
      const auth = request.auth!;
      if (request.params.id !== auth.userId && !auth.isStaff) throw forbidden();
      const [row] = await db
        .select({
          allowed: sql<boolean>`exists (
            select 1 from user_security_templates ust
            join security_template_permissions p on p.security_template_id = ust.security_template_id
            where ust.user_id = ${request.params.id} and p.permission_key = 'education.reports')`,
        })
        .from(users)
        .where(and(eq(users.id, request.params.id), eq(users.enterprise_id, request.enterpriseId)));
      if (!row) throw notFound('person');
      return row.allowed;
    },
  });

  r.post('/api/recaptchaTokenResponse', {
    config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'Verify a reCAPTCHA token for an action',
      body: recaptchaInput,
      response: {
        200: z.object({
          success: z.boolean(),
          configured: z.boolean(),
          score: z.number().optional(),
          action: z.string().optional(),
          errors: z.array(z.string()).optional(),
        }),
      },
    },
    handler: async (request) => {
      const e = await findEnterprise(db, request.body.enterpriseId);
      return verifyRecaptcha(
        app.deps.config.RECAPTCHA_VERIFY_URL,
        e.recaptcha_secret,
        request.body.token,
        request.body.actionString,
        request.log,
      );
    },
  });
}
