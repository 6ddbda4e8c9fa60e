import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, serveWebApp } from './web-app';

// A built web app as apps/web's build writes it: each text file with its .br and .gz beside it.
const files: Record<string, string> = {
  'index.html': `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<p>shell</p>'.repeat(50)}</body></html>`,
  'sw.js': `self.addEventListener('fetch', () => {});\n${'// worker\n'.repeat(80)}`,
  'assets/index-Ab12Cd34.js': `export const answer = 42;\n${'console.log("chunk");\n'.repeat(80)}`,
  '.vite/manifest.json': '{"index.html":{"file":"assets/index-Ab12Cd34.js"}}',
};

let dist = '';
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'licensure-web-dist-'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dist, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  }
  app = Fastify();
  await serveWebApp(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('serveWebApp', () => {
  it('sends a hashed asset brotli-compressed when the client accepts it, cached as immutable', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files['assets/index-Ab12Cd34.js']);
  });

  it('sends gzip to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(files['assets/index-Ab12Cd34.js']);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(files['assets/index-Ab12Cd34.js']);
  });

  it('sends the page compressed and revalidated, at / and at any address of the app', async () => {
    for (const url of ['/', '/index.html', '/staff/people', '/verify?number=EMT-1']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(files['index.html']);
    }
    const gzipped = await get('/portal', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe(REVALIDATE);
  });

  it('has the service worker revalidated', async () => {
    const response = await get('/sw.js', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(REVALIDATE);
  });

  it('answers 404 for a missing asset and for an unknown API route, not the page', async () => {
    const asset = await get('/assets/index-Gone0000.js', 'br');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).not.toMatch(/text\/html/);

    const api = await get('/API/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });

  it('does not serve the build manifest', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.body).not.toContain('"file"');
  });
});
