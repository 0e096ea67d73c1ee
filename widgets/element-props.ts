// Generated from the element declarations (widgets/*/*.declaration.ts) by `npm run elements`: do not edit.

/** r2wc's props of the attributes every element takes (widgets/common.declaration.ts). */
export const baseProps = { tenant: 'string', api: 'string', site: 'string' } as const;
