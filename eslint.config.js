// Lint, including the architecture: each layer lists what its files may not import, so a
// wrong dependency fails the build (see docs/architecture.md, "Modules"). ESLint does not
// merge two `no-restricted-imports` settings for one file (the later wins), so every
// folder gets exactly one, built here from the whole rule set.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const MODULES = [
  'lib',
  'domain',
  'tools',
  'db',
  'dispatcher',
  'confirmation',
  'agent',
  'eval',
  'sync',
  'transfer',
  'agent-device',
  'features',
  'ui',
  'app',
];
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The layers after `module` in MODULES, short of features, ui and app: what it may not import. */
const above = (module) =>
  MODULES.slice(MODULES.indexOf(module) + 1)
    .filter((name) => !['features', 'ui', 'app'].includes(name))
    .concat(['features', 'ui']);

/**
 * What each layer may not import (imports flow downwards only). src/lib holds helpers with
 * no knowledge of the app (formatting, plurals, field errors): it imports no layer, and
 * every layer may import it.
 */
const FORBIDDEN = {
  lib: MODULES.filter((name) => name !== 'lib' && name !== 'app'),
  domain: above('domain'),
  tools: above('tools'),
  db: ['tools', ...above('db')],
  dispatcher: above('dispatcher'),
  confirmation: above('confirmation'),
  agent: above('agent'),
  // The eval drives whole wakes (agent) over throwaway journals; nothing below it runs one.
  eval: above('eval'),
  sync: ['agent', 'eval', ...above('sync')],
  transfer: ['agent', 'eval', 'sync', ...above('transfer')],
  // The headless device runs the app's sync and wake in Node: every layer but the page's.
  'agent-device': above('agent-device'),
  ui: MODULES.filter((name) => !['lib', 'ui', 'app'].includes(name)),
  features: [],
  app: [],
};
/** Packages a layer may not use. Dexie lives in src/db only (dexie-react-hooks is allowed). */
const FORBIDDEN_PACKAGES = {
  lib: ['react', 'react-dom', '@nats-io/*'],
  domain: ['react', 'react-dom', '@nats-io/*'],
  tools: ['react', 'react-dom', '@nats-io/*'],
  db: ['react', 'react-dom', '@nats-io/*'],
  dispatcher: ['react', 'react-dom', '@nats-io/*'],
  confirmation: ['react', 'react-dom', '@nats-io/*'],
  agent: ['react', 'react-dom', '@nats-io/*'],
  eval: ['react', 'react-dom', '@nats-io/*'],
  sync: ['react', 'react-dom'],
  transfer: ['react', 'react-dom', '@nats-io/*'],
  'agent-device': ['react', 'react-dom'],
  ui: ['@nats-io/*'],
  features: ['@nats-io/*'],
  app: ['@nats-io/*'],
};

const layerPattern = (name) => [`**/${name}/*`, `**/${name}/**`];

function patterns(module, extra = []) {
  return [
    ...FORBIDDEN[module].map((name) => ({
      group: layerPattern(name),
      message: `src/${module} may not import src/${name}: imports flow downwards (docs/architecture.md, Modules).`,
    })),
    ...(module === 'app'
      ? []
      : [
          {
            group: layerPattern('app'),
            message: 'Nothing imports src/app: it is the composition root.',
          },
        ]),
    {
      group: ['**/bench/**', '**/bench/*'],
      message: 'The app never imports the benchmark (bench/ imports the app, not the other way).',
    },
    ...(module === 'db'
      ? []
      : [{ group: ['dexie', 'dexie/*'], message: 'Only src/db imports dexie.' }]),
    ...FORBIDDEN_PACKAGES[module].map((name) => ({
      group: [name, `${name}/*`],
      message: `${name} is not allowed in src/${module}.`,
    })),
    ...extra,
  ];
}

const restrict = (files, list) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: list }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      'reports',
      '.sync-server-data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  // No import cycles anywhere in the app. import-x/no-cycle skips type-only imports (it has no
  // option for them), so test/import-cycles.test.ts finds those: a cycle of types is still
  // two modules that cannot be understood apart.
  {
    files: ['src/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...MODULES.filter((module) => module !== 'features').map((module) =>
    restrict([`src/${module}/**`], patterns(module)),
  ),
  // Features never import each other: each reaches only its own folder and lower layers.
  ...FEATURES.map((feature) =>
    restrict(
      [`src/features/${feature}/**`],
      patterns(
        'features',
        FEATURES.filter((other) => other !== feature).map((other) => ({
          group: [`**/features/${other}/**`, `../${other}/*`, `../${other}/**`],
          message: `Features never import each other (${feature} → ${other}); move shared code to src/ui or a lower layer.`,
        })),
      ),
    ),
  ),
  // The benchmark's page side is a composition root of its own: it may import any src/
  // module (nothing in src/ imports it: see `patterns`) and the row factories it shares
  // with the tests. It runs in the page, so it reaches neither the bench's Node side nor
  // Node, nor a test runner; and like the app outside src/db it never imports Dexie.
  {
    files: ['bench/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/scripts/*', '**/scripts/**', 'node:*'],
              message:
                'bench/page runs in the page; scripts/bench (Node) drives it through window.__countersignBench.',
            },
            {
              regex: '(^|/)(test/(?!support/factories$)|e2e/)',
              message:
                'bench/ shares only the row factories with the tests (test/support/factories.ts).',
            },
            {
              group: [
                'vitest',
                'vitest/*',
                '@testing-library/*',
                '@playwright/*',
                'fake-indexeddb',
                'fake-indexeddb/*',
              ],
              message: 'bench/page runs in a real browser, not under a test runner.',
            },
            {
              group: ['dexie', 'dexie/*'],
              message:
                'Only src/db imports dexie: seed through src/db/seed-rows.ts, write through dispatch().',
            },
          ],
        },
      ],
    },
  },
  // Tests exercise their module through the layers above it (a tool through dispatch()).
  { files: ['**/*.test.ts', '**/*.test.tsx'], rules: { 'no-restricted-imports': 'off' } },
  // No source file over 400 lines, blank lines and comments counted: past that a file holds
  // more than one responsibility, and a newcomer cannot find the one they look for. Test
  // files are left out: each case stands on its own, and one subject's cases read best in
  // one file.
  {
    files: [
      'src/**/*.{ts,tsx}',
      'scripts/**/*.{mjs,mts}',
      'sync-server/**/*.{mjs,mts}',
      'e2e/support/**/*.{ts,mts,mjs}',
      'test/support/**/*.ts',
      'bench/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // One audit writer: every audit row goes through src/dispatcher/audit-writer.ts, where a
  // failed audit write never changes the outcome it records (docs/decisions/0003).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dispatcher/audit-writer.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.property.name='auditMessages'][callee.property.name=/^(add|put|bulkAdd|bulkPut)$/]",
          message:
            'Audit rows are written through dispatcher/audit-writer.ts (writeAuditSafely, addAuditMessages).',
        },
      ],
    },
  },
);
