// Lint: the layer boundaries of docs/decisions/010-code-boundaries.md, no import cycles,
// kebab-case names, the rules of hooks and typescript-eslint's recommended set.
// `npm run lint` runs it with the route type generation and `tsc --noEmit`.
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import checkFile from 'eslint-plugin-check-file'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Which layer may not import which (target never imports from). */
const boundaries = [
  { target: './server', from: './app', message: 'server/ never imports app/: move the shared part to shared/.' },
  {
    target: './shared',
    from: ['./app', './server'],
    message: 'shared/ is used by the browser and the server: it imports neither.',
  },
  {
    target: ['./app/components', './app/utils', './app/i18n'],
    from: ['./app/routes', './app/root.tsx'],
    message: 'Shared app code never imports a route: promote what both need to app/components or app/utils.',
  },
  {
    target: './server/db',
    from: ['./server/services', './server/seed', './server/api', './server/plugins', './server/http'],
    message: 'server/db is the lowest layer: data flows route → service → db.',
  },
  {
    target: './server/services',
    from: ['./server/api', './server/plugins', './server/seed', './server/http'],
    message: 'Services know nothing of HTTP or the demo seed.',
  },
  {
    target: './server/http',
    from: ['./server/api', './server/plugins', './server/seed'],
    message: 'server/http holds what the API routes, plugins and page actions share: it imports none of them.',
  },
]

const zodInBrowser = {
  name: 'zod',
  allowTypeImports: true,
  message:
    "Import z from '#shared/zod.ts' (or a relative path to it): it keeps zod from probing eval, which the page CSP refuses.",
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      'node_modules/',
      '.react-router/',
      'data/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'check-file': checkFile },
    settings: {
      // Parse imported TypeScript modules too, or cycles through them go unseen.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{js,mjs,ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{app,server,shared,tests,scripts,docs}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Modules the browser may load take zod from shared/zod.ts, which turns zod's eval-based
    // compiler off before any schema is built (the page CSP forbids eval).
    files: ['shared/**/*.ts'],
    ignores: ['shared/zod.ts', 'shared/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [zodInBrowser] }] },
  },
  {
    // Browser code takes only types from the server; runtime server code enters through
    // `*.server.ts` modules, which React Router keeps out of the browser bundle.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [zodInBrowser],
          patterns: [
            {
              regex: '^#server/',
              allowTypeImports: true,
              message: 'Browser code imports only types from server/; use a *.server.ts module.',
            },
          ],
        },
      ],
    },
  },
)
