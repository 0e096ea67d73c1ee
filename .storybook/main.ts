import type { StorybookConfig } from '@storybook/web-components-vite';

/**
 * The QA gallery (`npm run gallery` in development, `npm run build:gallery` into dist/gallery,
 * which `npm start` serves at /demo/). Stories render the elements by tag; the elements themselves
 * come from the built widgets (`/widgets/loader.js`), exactly what a partner page loads, so the
 * gallery shows what ships. In development the widgets, the API and the media are proxied to the
 * server of `npm start` (PORT, default 8080).
 */
const server = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

const config: StorybookConfig = {
  framework: {
    name: '@storybook/web-components-vite',
    // Not the project's vite.config.ts: its react -> preact aliases would reach the docs pages'
    // own React, and the gallery bundles no element code.
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  stories: ['../gallery/Introduction.mdx', '../gallery/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', 'msw-storybook-addon'],
  // The worker that mocks the states the real API cannot produce on demand (slow, failing).
  staticDirs: ['../gallery/public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true, disableProjectJson: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      server: {
        port: 6105,
        proxy: Object.fromEntries(['/api', '/widgets', '/media'].map((path) => [path, server])),
      },
      logLevel: 'warn',
    });
  },
};

export default config;
