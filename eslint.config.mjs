// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependencies point one way (CONTRIBUTING.md "Layout"). Each zone forbids `target` to import from `from`
// (paths from this folder), as bulletproof-react does; the backend's arrows can be zones of the same rule.
const ROOT = import.meta.dirname;
const FRONTEND = './frontend/src';
const features = readdirSync(`${ROOT}/frontend/src/features`);
const frontendZones = [
  // A feature never imports another: what two features share lives in lib/ or components/, or app/ composes them.
  ...features.map((feature) => ({
    target: `${FRONTEND}/features/${feature}`,
    from: `${FRONTEND}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what they share to lib/ or components/, or compose them in app/.',
  })),
  {
    target: [`${FRONTEND}/lib`, `${FRONTEND}/components`, `${FRONTEND}/features`],
    from: `${FRONTEND}/app`,
    message: 'app/ composes everything else, so nothing imports it.',
  },
  {
    target: [`${FRONTEND}/lib`, `${FRONTEND}/components`],
    from: `${FRONTEND}/features`,
    message: 'Shared code (lib/, components/) never depends on a feature.',
  },
  {
    target: `${FRONTEND}/lib`,
    from: `${FRONTEND}/components`,
    message: 'lib/ is infrastructure under the components: components import lib/, never the other way.',
  },
];

// The backend's arrows: http (api/) → commands → lists (the deciders); store → projections → read model →
// queries → http. Commands never import projections or queries; the lists are pure rules that import
// only events, errors and the read-model port's types; no adapter imports another.
const B = './backend/src';
const forbid = (target, from, message) => ({ target, from, message });
const backendZones = [
  forbid(`${B}/commands`, [`${B}/projections`, `${B}/queries`, `${B}/api`], 'Commands never import projections, queries or http.'),
  forbid(`${B}/projections`, [`${B}/commands`, `${B}/queries`, `${B}/api`], 'Projections depend on the lists and the read model only.'),
  forbid(`${B}/queries`, [`${B}/commands`, `${B}/projections`, `${B}/api`], 'Queries read; they never decide or project.'),
  forbid(
    `${B}/domain`,
    [`${B}/commands`, `${B}/projections`, `${B}/queries`, `${B}/api`, `${B}/auth`, `${B}/event-store`, `${B}/snapshots`, `${B}/catalogue`],
    'A list definition is pure rules: events, errors and the read-model port only.',
  ),
  {
    target: `${B}/domain`,
    from: `${B}/read-model`,
    except: ['./read-model.port.ts'],
    message: 'Lists name read-model changes through the port, never an adapter.',
  },
  { target: `${B}/events`, from: B, except: ['./events'], message: 'Events are the shared vocabulary: they import nothing of ours.' },
  forbid(
    `${B}/library-checkpoints`,
    [`${B}/commands`, `${B}/queries`, `${B}/projections`, `${B}/api`],
    'Library checkpoints serve both sides: they depend on the lists and the ports only.',
  ),
  forbid(
    `${B}/live`,
    [`${B}/commands`, `${B}/queries`],
    'The live changes only read the log and wait on the projections: they never decide, and the routes read lists.',
  ),
  forbid(
    [`${B}/commands`, `${B}/queries`, `${B}/projections`, `${B}/domain`, `${B}/catalogue`, `${B}/auth`],
    `${B}/live`,
    'The live changes follow the other parts; nothing below the routes depends on them.',
  ),
  forbid(`${B}/auth`, `${B}/commands`, 'Login reads credentials on the read side (queries/), never through commands.'),
  forbid(
    [
      `${B}/commands`,
      `${B}/queries`,
      `${B}/projections`,
      `${B}/domain`,
      `${B}/read-model`,
      `${B}/event-store`,
      `${B}/auth`,
      `${B}/catalogue`,
      `${B}/storage`,
      `${B}/library-checkpoints`,
      `${B}/retention`,
      `${B}/startup`,
      `${B}/live`,
    ],
    [`${B}/api`, `${B}/http`],
    'Only the app module and the entry points wire http (api/, http/) in.',
  ),
  forbid(
    `${B}/**/!(*-api.module).ts`,
    `${B}/api/*.controller.ts`,
    "A controller is wired in by its area's module (api/<area>-api.module.ts), and by nothing else.",
  ),
  forbid(`${B}/read-model/redis`, `${B}/read-model/memory`, 'No adapter imports another.'),
  forbid(`${B}/read-model/memory`, `${B}/read-model/redis`, 'No adapter imports another.'),
  forbid(`${B}/event-store/sqlite`, `${B}/event-store/eventstoredb`, 'No adapter imports another.'),
  forbid(`${B}/event-store/eventstoredb`, `${B}/event-store/sqlite`, 'No adapter imports another.'),
  forbid(`${B}/rate-limits/redis-rate-limiter.ts`, `${B}/rate-limits/memory-rate-limiter.ts`, 'No adapter imports another.'),
  forbid(`${B}/rate-limits/memory-rate-limiter.ts`, `${B}/rate-limits/redis-rate-limiter.ts`, 'No adapter imports another.'),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'test/browser/screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring a field away, exhaustive checks).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts', '**/*.spec-helper.ts', 'bench/**'],
    rules: {
      // Tests read loosely typed JSON answers on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Resolves the `@/` alias, so that a zone sees where an import really points.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/frontend/tsconfig.json` })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: frontendZones }],
      'import-x/no-cycle': 'error',
      // An import the resolver cannot follow would slip past the zones.
      'import-x/no-unresolved': ['error', { ignore: ['\\.css$', '\\.svg$'] }],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.spec-helper.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/backend/tsconfig.json` })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: backendZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Functions passed to page.evaluate run in the browser.
    files: ['bench/benchmarks/frontend.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
