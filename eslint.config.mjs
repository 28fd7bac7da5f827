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
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Functions passed to page.evaluate run in the browser.
    files: ['bench/benchmarks/frontend.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
