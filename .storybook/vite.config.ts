import { defineConfig } from 'vite';

/** The gallery's own Vite config: Storybook's defaults (see main.ts for why not the project's). */
export default defineConfig({});
