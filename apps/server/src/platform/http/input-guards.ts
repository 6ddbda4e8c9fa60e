import type { FastifyInstance } from 'fastify';
import { AppError, fieldOf, nulCharacterMessage } from './errors';

/** How many fields a NUL refusal names at most, and how many values it looks at before giving up. */
const MAX_FIELDS = 10;
const MAX_VALUES = 100_000;

/**
 * The dotted paths (`pages.0.title`, or a key itself) of the strings holding a NUL character, keys
 * included. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function nulPaths(value: unknown): string[][] {
  const found: string[][] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  let seen = 0;
  while (stack.length > 0 && found.length < MAX_FIELDS && seen++ < MAX_VALUES) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof v === 'string') {
      if (v.includes('\u0000')) found.push(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, String(i)] });
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v).reverse()) {
        if (k.includes('\u0000')) found.push([...path, k]);
        else stack.push({ value: child, path: [...path, k] });
      }
    }
  }
  return found;
}

const pointer = (path: string[]) =>
  `/${path.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/**
 * Refuses a NUL character (`\u0000`, `%00`) in any text input of any route (path parameters, query,
 * JSON body at any depth) with a 400 naming the field. PostgreSQL cannot store NUL in text or jsonb,
 * so without this every such input became a 500 with the whole statement in the log.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields: Record<string, string> = {};
    for (const path of nulPaths(request.params)) fields[path.join('.') || '_'] = nulCharacterMessage;
    for (const path of nulPaths(request.query)) fields[path.join('.') || '_'] = nulCharacterMessage;
    for (const path of nulPaths(request.body))
      fields[fieldOf(pointer(path), request.body)] = nulCharacterMessage;
    const first = Object.keys(fields)[0];
    if (first !== undefined)
      throw new AppError('validation_failed', `${first}: ${nulCharacterMessage}`, fields);
  });
}
