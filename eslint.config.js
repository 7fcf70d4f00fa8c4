// Lint, including the architecture: each zone lists what its files may not import,
// so a wrong dependency fails the build (see ARCHITECTURE.md "Modules").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layer = (name) => [`**/${name}/*`, `**/${name}/**`, `@/${name}/*`];

/** Files in `files` may not import from the listed layers (or packages). */
const zone = (files, layers, packages = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...layers.map((name) => ({
            group: layer(name),
            message: `This layer may not import from src/${name} (see ARCHITECTURE.md, Modules).`,
          })),
          ...packages.map((name) => ({
            group: [name, `${name}/*`],
            message: `${name} is not allowed in this layer (see ARCHITECTURE.md, Modules).`,
          })),
        ],
      },
    ],
  },
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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
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
  zone(
    ['src/domain/**'],
    ['db', 'dispatcher', 'review', 'agent', 'features', 'ui', 'app', 'tools', 'sync'],
    ['dexie', 'react', 'react-dom'],
  ),
  zone(
    ['src/tools/**'],
    ['dispatcher', 'review', 'agent', 'features', 'ui', 'app', 'sync'],
    ['react', 'react-dom'],
  ),
  zone(
    ['src/db/**'],
    ['dispatcher', 'review', 'agent', 'features', 'ui', 'app', 'tools', 'sync'],
    ['react', 'react-dom'],
  ),
  zone(
    ['src/dispatcher/**'],
    ['review', 'agent', 'features', 'ui', 'app', 'sync'],
    ['react', 'react-dom'],
  ),
  zone(
    ['src/review/**', 'src/agent/**', 'src/sync/**'],
    ['features', 'ui', 'app'],
    ['react', 'react-dom'],
  ),
  zone(
    ['src/ui/**'],
    ['db', 'dispatcher', 'review', 'agent', 'features', 'app', 'tools', 'domain', 'sync'],
    ['dexie'],
  ),
  zone(['src/features/**'], ['app'], ['dexie']),
  // Features never import each other: each feature's files may reach only their own folder.
  ...['tasks', 'journal', 'review', 'agent', 'settings', 'activity', 'shell'].map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/*', '**/app/**'], message: 'Nothing imports src/app.' },
            { group: ['dexie', 'dexie/*'], message: 'Only src/db imports dexie.' },
            ...['tasks', 'journal', 'review', 'agent', 'settings', 'activity', 'shell']
              .filter((other) => other !== feature)
              .map((other) => ({
                group: [`**/features/${other}/**`, `../${other}/*`, `../${other}/**`],
                message: `Features never import each other (${feature} → ${other}); move shared code to src/ui or a lower layer.`,
              })),
          ],
        },
      ],
    },
  })),
  // Tests exercise their module through the layers above it (a tool through dispatch()).
  { files: ['**/*.test.ts', '**/*.test.tsx'], rules: { 'no-restricted-imports': 'off' } },
);
