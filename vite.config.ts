/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';

const root = import.meta.dirname;

/**
 * Elements and the host app are written against React's API but built with preact/compat:
 * the element core is about a quarter of the size with React 19 (see ARCHITECTURE.md).
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Spec 8: console output is off in production. The minifier drops every console call from the
 * browser bundles; errors still reach the data layer (host-app/shell/analytics.ts).
 */
const dropConsole = { minify: { compress: { dropConsole: true } } };

const shared: UserConfig = {
  resolve: { alias: preactAliases },
  // Library code checks process.env.NODE_ENV; a browser bundle has no process.
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warn',
};

/** `/widgets/loader.js` plus one lazily loaded chunk per element and a shared runtime chunk. */
const widgets: UserConfig = {
  ...shared,
  // Relative chunk URLs: partner pages load the loader from our origin, its chunks must follow it.
  base: './',
  publicDir: false,
  build: {
    outDir: resolve(root, 'dist/widgets'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    minify: true,
    // Read by .size-limit.js to sum each element's first-use JavaScript.
    manifest: true,
    rollupOptions: {
      input: { loader: resolve(root, 'widgets/loader.ts') },
      output: {
        ...dropConsole,
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
};

/** The hosted site: an app shell whose pages compose the elements. */
const app: UserConfig = {
  ...shared,
  root: resolve(root, 'host-app'),
  base: '/',
  publicDir: false,
  build: {
    outDir: resolve(root, 'dist/app'),
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    rollupOptions: { output: dropConsole },
  },
};

export default defineConfig(({ mode }) => {
  if (mode === 'widgets') return widgets;
  if (mode === 'app') return app;
  return {
    // ESM builds ('module') of emotion and friends, so their `react` imports meet the alias;
    // their CommonJS builds would require the real React.
    resolve: { alias: preactAliases, conditions: ['module', 'browser', 'development|production'] },
    ssr: { resolve: { conditions: ['module', 'browser', 'development|production'] } },
    test: {
      // Inlined so the react -> preact/compat alias applies inside these packages too.
      server: { deps: { inline: [/@r2wc/, /@emotion/, /zustand/, /preact/, /wouter/] } },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'node',
            // Component tests opt into happy-dom with a file comment: @vitest-environment happy-dom
          },
        },
        {
          extends: true,
          test: {
            name: 'integration',
            include: ['tests/integration/**/*.test.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // Each file opens its own database; two cores do not gain from running them at once.
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
