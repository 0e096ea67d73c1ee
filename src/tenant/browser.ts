/**
 * The zod-free part of src/tenant, for browser bundles: built-in tenants, defaults and the
 * theme. Validation (zod) lives in ./schema and is for the server.
 */
export * from './builtins';
export * from './defaults';
export * from './page-block';
export * from './theme';
export type * from './types';
