// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/** Import directions of DESIGN §3: web → shared; api → shared, db; db → shared; shared → nothing. */
const forbid = (names, message) => ({ group: names, message });

/**
 * The API's modules as boundaries elements (decision 166): the back office (`admin`) may call the
 * money modules' services, never the reverse, and no other module imports the back office; from
 * outside, admin is reached only through its route plugins (registered by modules/index.ts).
 */
const MODULES = 'apps/api/src/modules';
const toAdmin = { to: { element: { type: 'admin' } } };
const apiBoundaries = {
  files: [`${MODULES}/**/*.ts`],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    'boundaries/include': [`${MODULES}/**`],
    'boundaries/elements': [
      { type: 'admin', pattern: `${MODULES}/admin`, partialMatch: false },
      { type: 'money', pattern: `${MODULES}/{deposits,withdrawals,loans}`, partialMatch: false },
      { type: 'module', pattern: `${MODULES}/*`, partialMatch: false },
      // modules/index.ts, which registers every module's routes.
      { type: 'registry', pattern: MODULES, partialMatch: false },
    ],
    'boundaries/files': [
      { category: 'routes', pattern: '**/*.routes.ts' },
      { category: 'source', pattern: '**/*.ts' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'money' } },
            disallow: toAdmin,
            message:
              'A money module never imports the back office (decision 166): admin calls deposits, withdrawals and loans, not the reverse.',
          },
          {
            from: { element: { type: 'module' } },
            disallow: toAdmin,
            message:
              'No module imports the back office (decision 166); what both sides need lives in its own module (audit, notifications, settings).',
          },
          {
            from: { element: { type: 'registry' } },
            disallow: {
              to: { element: { type: 'admin' }, file: { categories: { noneOf: ['routes'] } } },
            },
            message: 'Only the back office’s route plugins are registered from outside admin (decision 166).',
          },
        ],
      },
    ],
  },
};

const apiImportRules = [
  forbid(['@app/web', '@app/web/*'], 'The API never imports the web app (DESIGN §3).'),
  forbid(
    ['../*/*.repository', '../*/*.repository.ts'],
    'Call another module’s service, never its repository (DESIGN §3).',
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'bench/.out/**',
      'e2e/.artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify plugins, hooks and handlers are async by contract, with or without an await inside
      // (docs/decisions/013-lint-baseline.md).
      '@typescript-eslint/require-await': 'off',
      'no-console': 'error',
    },
  },
  {
    // No function over 80 counted lines outside the tests: a longer one is cut along its own seams
    // (docs/decisions/212-function-length-rule.md).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', 'apps/api/test/**', 'apps/web/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Libraries through their documented API only (issue 35, decision 196): Drizzle's `_` carries its
    // internal types and fields; a handle's `session` and `dialect`, a session's `prepareQuery` and a
    // mapper's `customResultMapper` are its internals. Use getTableColumns, $inferSelect, a subquery's
    // own fields, `.prepare()` and `new PgDialect()`.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', 'apps/api/test/**', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[property.name='_']",
          "TSQualifiedName[right.name='_']",
          "TSIndexedAccessType > TSLiteralType > Literal[value='_']",
          "MemberExpression[computed=true][property.value='_']",
          "ObjectPattern > Property[key.name='_']",
          'MemberExpression[property.name=/^(prepareQuery|customResultMapper|session|dialect)$/]',
        ].map((selector) => ({
          selector,
          message: 'A library’s internal field: use its documented API (decision 196).',
        })),
      ],
    },
  },
  {
    // Tests read response bodies through light-my-request's `json()`, which is `any` by design.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/api/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'vitest.config.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid(['@app/*', '../../*'], 'packages/shared imports nothing of ours (DESIGN §3).')] },
      ],
    },
  },
  {
    files: ['packages/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              ['@app/api', '@app/api/*', '@app/web', '@app/web/*'],
              'packages/db may import only @app/shared (DESIGN §3).',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: apiImportRules }] },
  },
  {
    // app.ts imports every module; a module importing app.ts back makes an import cycle (issue 11).
    files: ['apps/api/src/**'],
    ignores: ['apps/api/src/server.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...apiImportRules,
            forbid(['../app', '../../app', '../../../app'], 'Import AppDeps from deps.ts, not app.ts.'),
          ],
        },
      ],
    },
  },
  apiBoundaries,
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              ['@app/db', '@app/db/*', '@app/api', '@app/api/*'],
              'The web app imports only @app/shared (DESIGN §3).',
            ),
            forbid(
              ['../../*/api/*', '../../*/components/*', '../../*/routes/*'],
              'Features do not import each other’s internals (DESIGN §3); lift shared pieces to components/ or lib/.',
            ),
          ],
        },
      ],
    },
  },
  prettier,
);
