/*
 * Licensure service worker: keeps the app shell (index.html and the hashed files under /assets/) so that
 * the app still opens when the server cannot be reached; the app then shows the account and enterprise it
 * cached in IndexedDB. API responses are never cached.
 *
 * Pages load their code on first visit (lazy chunks), so index.html lists every file of the release in
 * `<meta name="licensure-assets">` (written by the build): the shell is kept with all of them, and any
 * page opens offline, also one not visited while online.
 *
 * - Navigations: network first; the last index.html received is the fallback when the network fails or a
 *   proxy answers 502/503/504. Every page of the app is the same index.html (the server's SPA fallback).
 * - /assets/*: cache first (file names carry a content hash, so a cached file never goes stale).
 * - Everything else (/api/*, other origins, non-GET requests) goes to the network untouched.
 *
 * Bump VERSION when this file's caching changes: activation deletes the caches of every other version.
 */
const VERSION = 2;
const CACHE_PREFIX = 'licensure-shell-';
const CACHE_NAME = `${CACHE_PREFIX}v${VERSION}`;
const SHELL_URL = '/index.html';
const UNREACHABLE = new Set([502, 503, 504]);

/** The /assets/ files of an index.html's release: its script and stylesheet tags and the release's list. */
function assetsOf(html) {
  const urls = new Set();
  for (const match of html.matchAll(/\s(?:src|href)="(\/assets\/[^"]+)"/g)) urls.add(match[1]);
  const list = /<meta name="licensure-assets" content="([^"]*)"/.exec(html);
  for (const url of list ? list[1].split(' ') : []) if (url.startsWith('/assets/')) urls.add(url);
  return [...urls];
}

/** Stores a fresh index.html after the files it needs; drops the files only the previous one needed. */
async function keepShell(response) {
  const cache = await caches.open(CACHE_NAME);
  const assets = assetsOf(await response.clone().text());
  const previous = await cache.match(SHELL_URL);
  const dropped = previous ? assetsOf(await previous.text()).filter((url) => !assets.includes(url)) : [];
  const cached = await Promise.all(assets.map((url) => cache.match(url)));
  await cache.addAll(assets.filter((_, i) => !cached[i]));
  await cache.put(SHELL_URL, response);
  await Promise.all(dropped.map((url) => cache.delete(url)));
}

function isShell(response) {
  return (
    response.ok &&
    !response.redirected &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  );
}

async function cachedShell() {
  const cache = await caches.open(CACHE_NAME);
  return cache.match(SHELL_URL);
}

async function navigate(event) {
  let response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const shell = await cachedShell();
    if (shell) return shell;
    throw error;
  }
  if (UNREACHABLE.has(response.status)) return (await cachedShell()) ?? response;
  if (isShell(response)) event.waitUntil(keepShell(response.clone()).catch(() => undefined));
  return response;
}

async function asset(event) {
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()).catch(() => undefined));
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL_URL, { cache: 'no-cache' });
      if (!isShell(response)) throw new Error(`${SHELL_URL} answered ${response.status}`);
      await keepShell(response);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Like the server (serveWebApp), any path starting with /api, in any case, belongs to the API.
  if (url.pathname.toLowerCase().startsWith('/api')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(event));
  }
});
