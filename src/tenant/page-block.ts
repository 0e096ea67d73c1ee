/**
 * The id of the JSON data block in which each page of the hosted site carries its tenant's
 * settings: written by the server (server/page-boot.ts), read by fetchTenant
 * (src/api/page-blocks.ts), so the app and its elements start drawing without asking first.
 */
export const PAGE_TENANT_ID = 'wellspring-tenant';
