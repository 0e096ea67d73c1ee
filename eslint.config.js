// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
