import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = path.join(root, 'dist');

/**
 * Lists every file of the release in index.html (`<meta name="licensure-assets">`, not a script: the CSP
 * allows no inline script). The service worker (public/sw.js) caches them all with the page, so that any
 * page of the app opens offline, and drops those of the release before.
 */
function releaseAssetList(): Plugin {
  return {
    name: 'licensure-release-asset-list',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {})
          .filter((file) => file.startsWith('assets/') && /\.(?:js|css)$/.test(file))
          .sort();
        return [
          {
            tag: 'meta',
            attrs: { name: 'licensure-assets', content: files.map((file) => `/${file}`).join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the build (source maps aside) for the
 * server to send as they are (@fastify/static `preCompressed`): compressed once, at the highest levels.
 */
function precompress(): Plugin {
  // The folder actually built (`vite build --outDir …` builds elsewhere than dist/).
  let builtDir = outDir;
  return {
    name: 'licensure-precompress',
    apply: 'build',
    configResolved(config) {
      builtDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(builtDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        if (statSync(file).size < 512) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), releaseAssetList(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy page needs (bench/bundle-size.ts reads it).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The shared contracts only declare schemas and constants: a page keeps what it uses, not every
        // module the package's index re-exports (and with them all of zod).
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]/, sideEffects: false }],
        // Building a zod schema has no side effect; unused schemas go.
        manualPureFunctions: ['z'],
      },
      // No manual vendor chunk: rolldown's automatic chunks let each page load only the libraries it uses.
    },
  },
});
