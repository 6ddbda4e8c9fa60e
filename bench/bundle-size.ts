/**
 * JavaScript each page of the web app loads, in KB gzip (and brotli), from the build's manifest:
 * the entry chunk, the lazy chunks of the page's routes (layouts and page), and every chunk those
 * import statically, each counted once.
 *
 *   npx tsx bench/bundle-size.ts            # reads apps/web/dist (build it first)
 *   npx tsx bench/bundle-size.ts --build    # builds the web app, then measures
 *   WEB_DIST=/tmp/web npx tsx bench/bundle-size.ts   # measures a build in another folder
 *
 * Exits with 1 when a page is over its budget. e2e/tests/bundle-budget.spec.ts checks the same budgets in
 * a real browser (bytes sent over the network).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
// WEB_DIST: a build elsewhere (`vite build --outDir /tmp/x`), as the journeys take it.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The modules (manifest keys: source paths) a page needs besides the entry; budgets in KB gzip. The entry
 * (main.tsx) only chooses the frame: /verify loads the light frame (app/public-lite: plain elements, no
 * component library, router or query library), every other page the full app (app/app.tsx).
 */
const fullApp = 'src/app/app.tsx';
const pages: { name: string; path: string; lazy: string[]; budgetKb?: number }[] = [
  { name: 'Verify a licence', path: '/verify', lazy: ['src/app/public-lite/lite-app.tsx'], budgetKb: 100 },
  {
    name: 'Verify, with results',
    path: '/verify?number=…',
    // The licences found show as cards in the page's own chunk: no table to load (a QR code's link
    // runs the search at once).
    lazy: ['src/app/public-lite/lite-app.tsx'],
    budgetKb: 100,
  },
  { name: 'Public home', path: '/home', lazy: [fullApp, 'src/modules/cms/public-cms-page.tsx'] },
  {
    name: 'File a complaint',
    path: '/complaint',
    lazy: [fullApp, 'src/modules/complaints/public-complaint-page.tsx'],
  },
  { name: 'Sign in', path: '/signin', lazy: [fullApp, 'src/modules/session/sign-in-page.tsx'] },
  {
    name: 'Portal home',
    path: '/portal',
    lazy: [fullApp, 'src/app/portal-routes.tsx', 'src/modules/portal/portal-home-page.tsx'],
  },
  {
    name: 'Staff home',
    path: '/staff',
    lazy: [fullApp, 'src/app/staff-routes.tsx', 'src/modules/dashboard/dashboard-page.tsx'],
    budgetKb: 300,
  },
];

/**
 * The manifest key of a module: its source path when it is a lazy route module; a module that other
 * chunks also import statically is keyed by its chunk (`_data-table-<hash>.js`, named after the module).
 */
function keyOf(manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.[^.]+$/, '');
  const key = Object.keys(manifest).find(
    (k) => k.startsWith(`_${name}-`) && manifest[k]?.file.endsWith('.js'),
  );
  if (!key) throw new Error(`${source} is not in the build's manifest: has the route moved?`);
  return key;
}

/** Manifest keys of the chunks `keys` need: themselves and their static imports, transitively. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: has the route moved?`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(dist, file));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

if (process.argv.includes('--build')) {
  execFileSync('npm', ['run', 'build', '-w', '@licensure/web'], { cwd: root, stdio: 'inherit' });
}
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${path.relative(root, manifestPath)}: build the web app first (or pass --build).`);
  process.exit(2);
}
const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error('The manifest has no entry chunk');

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
console.log(
  'page                                       chunks   raw KB  gzip KB  brotli KB  CSS gzip KB  budget',
);
let over = false;
for (const page of pages) {
  const keys = closure(manifest, [entry, ...page.lazy.map((source) => keyOf(manifest, source))]);
  const files = [...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))];
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = sizeOf(file);
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  const cssGzip = css.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  const fails = page.budgetKb !== undefined && total.gzip / 1024 > page.budgetKb;
  over ||= fails;
  const budget = page.budgetKb === undefined ? '' : `${fails ? 'OVER ' : '<= '}${page.budgetKb}`;
  console.log(
    `${`${page.name} (${page.path})`.padEnd(43)}${String(files.length).padStart(6)}${kb(total.raw)}  ${kb(total.gzip)}  ${kb(total.brotli)}      ${kb(cssGzip)}  ${budget}`,
  );
}
if (over) {
  console.error('A page is over its JavaScript budget.');
  process.exit(1);
}
