/**
 * Tenant configuration: shape and types (zod, ./shape), parsing (./schema), defaults
 * (./defaults), the built-in tenants (./builtins) and theme -> CSS custom properties (./theme).
 * Browser code imports ./browser, ./theme or `import type` from ./types, which pull no zod.
 */
export * from './builtins';
export * from './defaults';
export * from './page-block';
export * from './schema';
export * from './shape';
export * from './theme';
