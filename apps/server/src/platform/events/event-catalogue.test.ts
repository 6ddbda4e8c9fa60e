import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  Events,
  eventCatalogue,
  requestHistoryEvents,
  resourceEventActions,
  triggerEvents,
} from '@licensure/contracts';
import { eventTriggers } from '@licensure/db/seed/triggers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerEntities } from '../../modules/triggers/subject';
import { createTestContext, type TestContext } from '../../test/test-app';

// One catalogue of events (packages/contracts/src/events.ts): each event has an emitter, each emitter
// names a catalogued event by its symbol, and each seeded trigger listens to an event that is emitted.

const SRC = join(import.meta.dirname, '../..');

/** The server's source files, without tests and test fixtures. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|-fixture\.ts$|^test-/.test(name) ? [path] : [];
  });
}

/** The text of each call `fn(...)` in a source (balanced parentheses). */
function calls(text: string, fn: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(`${fn}(`); at >= 0; at = text.indexOf(`${fn}(`, at + 1)) {
    let depth = 0;
    let end = at + fn.length;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    found.push(text.slice(at, end + 1));
  }
  return found;
}

interface Emission {
  file: string;
  names: string[];
}

/**
 * What each emitter names: `Events.x`, `resourceEvent('entity', 'action')` and `requestHistoryEvents`
 * in the files that record events (recordEvent, an insert into the outbox, or operations); `resourceWriteEvent` is
 * the resource engine's, whose names come from the resources declaring `events: true`.
 */
function scan(): { emissions: Emission[]; strings: string[]; engine: boolean } {
  const emissions: Emission[] = [];
  const strings: string[] = [];
  let engine = false;
  for (const path of sources()) {
    const text = readFileSync(path, 'utf8');
    const file = relative(SRC, path);
    const recording = calls(text, 'recordEvent').filter((c) => !c.startsWith('recordEvent(tx: Tx'));
    const outbox = /insert into \$\{domainEvents\}/.test(text);
    // An operation (defineOperation) returns its events; the engine records them.
    const operation = /defineOperation\(/.test(text);
    if (recording.length === 0 && !outbox && !operation) continue;
    // A name given as a string literal (or a template) to recordEvent is what the catalogue forbids.
    for (const c of recording) {
      const literal = /\bname:\s*[`'"]([^`'"]+)[`'"]/.exec(c);
      if (literal) strings.push(`${file}: ${literal[1]}`);
      if (/resourceWriteEvent\(/.test(c)) engine = true;
    }
    const names = [
      ...[...text.matchAll(/\bEvents\.(\w+)/g)].map((m) => Events[m[1] as keyof typeof Events] ?? `?${m[1]}`),
      ...[...text.matchAll(/resourceEvent\('(\w+)',\s*'(\w+)'\)/g)].map((m) => `${m[1]}.${m[2]}`),
      ...(/requestHistoryEvents\[/.test(text) ? Object.values(requestHistoryEvents) : []),
    ];
    emissions.push({ file, names });
  }
  return { emissions, strings, engine };
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** The names the resource engine records: each resource with `events: true`, for each kind of write. */
function engineNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const resource of t.app.resources.values()) {
    if (!resource.events || !resource.write) continue;
    // Every write, also where the engine serves no route: a module writes through the resource's writer
    // (POST IPVisits creates visits, PUT IPInspections updates inspections, with createWriter).
    for (const action of ['created', 'updated', 'deleted'])
      names.set(`${resource.entity}.${action}`, resource.path);
  }
  return names;
}

describe('the catalogue of events', () => {
  it('no emitter names an event by a string', () => {
    expect(scan().strings).toEqual([]);
  });

  it('every event an emitter names is catalogued, and every catalogued event has an emitter', () => {
    const { emissions, engine } = scan();
    expect(engine, 'the resource engine records events through resourceWriteEvent').toBe(true);
    const emitted = new Set([...emissions.flatMap((e) => e.names), ...engineNames().keys()]);
    const uncatalogued = [...emitted].filter((n) => !eventCatalogue.has(n));
    expect(uncatalogued).toEqual([]);
    const silent = [...eventCatalogue.keys()].filter((n) => !emitted.has(n));
    expect(silent, 'catalogued events that nothing records').toEqual([]);
  });

  it('the resource engine records only catalogued resource events', () => {
    const declared = new Set(
      Object.entries(resourceEventActions).flatMap(([entity, actions]) =>
        actions.map((a) => `${entity}.${a}`),
      ),
    );
    const undeclared = [...engineNames()].filter(([name]) => !declared.has(name));
    expect(undeclared, 'resources with events: true whose writes are not in resourceEventActions').toEqual(
      [],
    );
  });

  it('every seeded trigger listens to an event something records, about records triggers act on', () => {
    const emitted = new Set([...scan().emissions.flatMap((e) => e.names), ...engineNames().keys()]);
    expect(eventTriggers.map((e) => e.code)).toEqual(triggerEvents.map((e) => e.code));
    for (const trigger of eventTriggers) {
      expect(emitted.has(trigger.code), `${trigger.code} is recorded by nothing`).toBe(true);
      expect(triggerEntities as readonly string[], `triggers cannot act on ${trigger.entity}`).toContain(
        trigger.entity,
      );
    }
  });

  it('each enterprise’s event triggers are the catalogue’s (what the trigger editor lists)', async () => {
    const res = await t.call(t.admin, { method: 'GET', url: '/api/triggers?kind=event&numPerPage=200' });
    expect(res.statusCode, res.body).toBe(200);
    const codes = res.json().items.map((x: { code: string }) => x.code);
    expect([...codes].sort()).toEqual(triggerEvents.map((e) => e.code).sort());
  });
});
