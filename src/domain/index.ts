/**
 * The pure rules of the spec and its entity types: import from here (`src/domain`) rather
 * than from the files, so a rule can move between files without touching its users.
 */

export * from './types';
export * from './regions';
export * from './catalog';
export * from './constants';
export * from './slug';
export * from './find-keywords';
export * from './routes';
export * from './filters';
export * from './geo';
export * from './search';
export * from './injection';
export * from './suggestions';
export * from './offer';
export * from './listing';
export * from './display';
export * from './saved-searches';
export * from './seo';
export * from './images';
