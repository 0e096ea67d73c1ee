/**
 * The one copy of Preact and ky on a page. The widgets build emits this module as its own chunk
 * (chunks/runtime-[hash].js, its exports kept as written here); the element chunks import Preact
 * and ky from it, and so does the hosted site (vite.config.ts, sharedRuntime), which would
 * otherwise download and run a second Preact: two copies share no hooks state or context.
 *
 * One flat namespace: each module's named exports under their own names (Fragment is the same
 * binding in preact/compat and preact/jsx-runtime), the defaults under the names that
 * vite.config.ts gives them (RUNTIME_MODULES). Of the JSX runtime only what our JSX compiles to:
 * jsxTemplate, jsxAttr and jsxEscape serve precompiled templates, which we do not use.
 */
// preact/compat's types are React's `export =` namespace; the module itself has named exports.
// @ts-expect-error TS2498
export * from 'preact/compat';
export * from 'preact/compat/client';
export { jsx, jsxs, jsxDEV } from 'preact/jsx-runtime';
export * from 'ky';
export { default as React } from 'preact/compat';
export { default as ky } from 'ky';
