/**
 * The import rules of the codebase (issue 26 item 5), checked by `npm run lint` and so by CI:
 * `depcruise --config .dependency-cruiser.cjs apps packages`.
 *
 * - no file imports itself back through others (a file circle),
 * - no folder imports itself back through others (a module circle: server modules such as licensing and
 *   lookups, web modules, platform folders): a module that needs something of one that depends on it
 *   receives it at registration (see apps/server/src/modules/index.ts) instead of importing it,
 * - nothing under apps/web/src/platform or apps/web/src/modules imports from apps/web/src/app (the shell
 *   composes platform and modules; they never reach up to it).
 *
 * Tests and their fixtures are left out: a test imports whatever it exercises, across modules.
 * TypeScript is read with swc (@swc/core): the project's TypeScript 7 has no JavaScript API.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-file-circle',
      comment: 'A file imports itself back through others: move what both need into a file of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-module-circle',
      comment:
        'A folder (module) imports itself back through others: hand what one needs of the other over at registration, or move it down.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-no-import-up-to-app',
      comment: 'The web platform and modules never import from app/, the shell that composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/(platform|modules)/' },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    exclude: {
      path: [
        'node_modules',
        '/dist/',
        '\\.test\\.tsx?$',
        '\\.spec\\.tsx?$',
        '^apps/server/src/test/',
        '^apps/web/src/test/',
        '[/.]test-[a-z-]+\\.tsx?$',
        '-fixtures?\\.tsx?$',
      ],
    },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
