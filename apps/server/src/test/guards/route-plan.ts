// What the guards know of each route: its declared access, its OpenAPI operation, and how to call it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../app';

/** A JSON schema node of the OpenAPI document, as far as the guards read it. */
export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  $ref?: string;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface PlannedRoute extends RegisteredRoute {
  key: string;
  pathParams: string[];
  op: Operation | undefined;
  query: Parameter[];
  body: Schema | undefined;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

let doc: OpenApiDoc | undefined;

/** Resolves a local `$ref` of the OpenAPI document. */
export function deref(schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 5; i++) s = doc?.components?.schemas?.[s.$ref.split('/').at(-1) ?? ''];
  return s;
}

/** Every registered API route with its OpenAPI operation (matched as the router matches: any case). */
export function planRoutes(app: FastifyInstance): PlannedRoute[] {
  doc = app.swagger() as unknown as OpenApiDoc;
  const ops = new Map<string, Operation>();
  for (const [p, methods] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(methods)) ops.set(`${m.toUpperCase()} ${p.toLowerCase()}`, op);
  return app.registeredRoutes.map((r) => {
    const openApiPath = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').toLowerCase();
    const op = ops.get(`${r.method} ${openApiPath}`);
    const body = deref(op?.requestBody?.content?.['application/json']?.schema);
    return {
      ...r,
      key: `${r.method} ${r.url}`,
      pathParams: [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? ''),
      op,
      query: (op?.parameters ?? []).filter((p) => p.in === 'query'),
      body,
    };
  });
}

/** The route's URL with its parameters (and a trailing `*`) filled in, URL-encoded. */
export function fillPath(route: RegisteredRoute, values: Record<string, string> = {}): string {
  return route.url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? randomUUID()))
    .replace(/\*$/, 'index.css');
}

export const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Routes that end the caller's session: the guards call these with a throwaway session. */
export const endsSession = (route: RegisteredRoute) => /logout|expiresession|sessioncookie/i.test(route.url);

const typeOf = (s: Schema): string | undefined => {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type;
};

/** A parameter or field that holds a record's id: `id`, `user_id`, `documentIds`, `licenseRequestID`... */
export const isIdName = (name: string) => name === 'id' || /(_ids?|[a-z0-9](Id|ID|Ids|IDs))$/.test(name);

/**
 * A value that satisfies the schema as plainly as possible: required properties only (and, with
 * `allIds`, every id field too), one array item, the first enum value; `hint(name)` supplies values for
 * named text properties (ids of a fixture).
 */
export function sampleOf(
  schema: Schema | undefined,
  hint: (name: string) => unknown = () => undefined,
  name = '',
  depth = 0,
  allIds = false,
): unknown {
  const s = deref(schema);
  if (!s || depth > 8) return undefined;
  const hinted = name && typeOf(s) === 'string' ? hint(name) : undefined;
  if (hinted !== undefined) return hinted;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined && typeof s.default !== 'object') return s.default;
  const choice = s.anyOf ?? s.oneOf;
  if (choice) {
    const nonNull = choice.find((c) => deref(c)?.type !== 'null') ?? choice[0];
    return sampleOf(nonNull, hint, name, depth + 1, allIds);
  }
  if (s.allOf) return sampleOf(s.allOf[0], hint, name, depth + 1, allIds);
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const ids = allIds ? Object.keys(s.properties ?? {}).filter(isIdName) : [];
      for (const key of new Set([...(s.required ?? []), ...ids])) {
        const v = sampleOf(s.properties?.[key], hint, key, depth + 1, allIds);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array': {
      const item = sampleOf(s.items, hint, name, depth + 1, allIds);
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => item);
    }
    case 'string':
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date') return '2024-01-15';
      if (s.format === 'date-time') return '2024-01-15T10:00:00.000Z';
      if (s.format === 'email') return 'someone@example.test';
      if (s.format === 'uri') return 'https://example.test/';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** The names of the id fields of a body schema, at any depth. */
export function idFieldNames(schema: Schema | undefined, depth = 0): string[] {
  const s = deref(schema);
  if (!s || depth > 8) return [];
  const nested = [
    ...Object.values(s.properties ?? {}),
    ...(s.items ? [s.items] : []),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    ...(s.allOf ?? []),
  ].flatMap((c) => idFieldNames(c, depth + 1));
  return [...new Set([...Object.keys(s.properties ?? {}).filter(isIdName), ...nested])];
}

/** The query string of the route's required query parameters (plus any given). */
export function sampleQuery(route: PlannedRoute, given: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const p of route.query) {
    if (p.name in given) continue;
    if (!p.required) continue;
    q.set(p.name, String(sampleOf(p.schema, () => undefined, p.name)));
  }
  for (const [k, v] of Object.entries(given)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Runs `fn` over the items with at most `n` at a time. */
export async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}
