// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The house's layers (docs/architecture.md): arrows only point down. Each zone names the files
 * (`target`) that must not import from `from`; paths are from the project root.
 */
const layers = [
  // src/domain is pure: nothing of ours outside domain/ (its purity rules are below).
  { target: './src/domain', from: './src', except: ['./domain'] },
  { target: './src', from: ['./widgets', './host-app', './server', './demo'] },
  // Elements never reach into the hosted site or the server.
  { target: './widgets', from: ['./host-app', './server', './demo'] },
  // The host app uses features only through their elements' public entries: their types, and the
  // first screens its server-side drawer (host-app/render.tsx) writes into their tags (with the
  // component that puts them there, which an element uses for one it holds).
  {
    target: './host-app',
    from: './widgets',
    except: ['./elements.d.ts', './first-screen.tsx', './element-screen.tsx'],
  },
  { target: './host-app', from: './server' },
  // The server's CMS HTML sanitiser (sanitize-html, 0.6 MB) is for the server's page drawer only.
  {
    target: ['./src', './widgets', './host-app/**/!(render).tsx', './host-app/**/*.ts'],
    from: './src/ui/cms-html-server.ts',
    message: 'only host-app/render.tsx draws with the server’s sanitiser; the browser has DOMPurify',
  },
  // The server never imports React, elements or browser-only code.
  { target: './server', from: ['./widgets', './host-app', './src/ui', './src/api', './src/analytics'] },
  // Route modules never import each other: shared HTTP bits live in server/http.ts.
  { target: './server/routes', from: './server/routes' },
  // The database layer is the bottom of the server: seeding sits above it in server/seed.
  { target: './server/db', from: './server', except: ['./db'] },
  // Seeding and demo data sit above the services they fill; only start-up and routes call them.
  {
    target: ['./server/gift-cards', './server/search', './server/listings', './server/seo', './server/mail'],
    from: './server/seed',
  },
  {
    target: [
      './server/geo',
      './server/content',
      './server/images',
      './server/documents',
      './server/bot-check',
    ],
    from: './server/seed',
  },
];

export default tseslint.config(
  { ignores: ['dist/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/.data*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The server's plain JavaScript (its launcher and worker threads) runs on Node.
    files: ['server/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'host-app/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      // Two modules that import each other cannot be understood, tested or moved one at a time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The house rule: pure rules import nothing of ours outside domain/, and no UI, HTTP or I/O.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*', '!../domain/*'], message: 'src/domain imports nothing outside src/domain.' },
            {
              group: [
                'react',
                'react-*',
                'preact',
                'preact/*',
                '@emotion/*',
                'ky',
                'zustand',
                'node:*',
                'fs',
                'path',
                'pg',
                '@electric-sql/*',
                'fastify',
                'wouter',
              ],
              message: 'src/domain is pure: no UI, HTTP or I/O.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'fetch',
        'localStorage',
        'navigator',
        'process',
      ],
    },
  },
  {
    // Elements style their shadow root through widgets/styles.ts; @emotion/react's components
    // would put rules in the document head instead.
    files: ['widgets/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@emotion/react', message: 'Use css and useShadowStyles from widgets/styles.ts.' }],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', '*.config.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
