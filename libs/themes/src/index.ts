/**
 * @nightfall/themes: theme packs (spec 001 sections 3-5; docs/themes.md). Pure TypeScript: imports no
 * framework, only the rules catalogue and jszip.
 */
export * from './types.js';
export * from './canonical.js';
export * from './errors.js';
export * from './generic.js';
export * from './display.js';
export * from './selection.js';
export * from './manifest.js';
export * from './images.js';
export * from './zip.js';
export * from './formats/index.js';
export * from './pack.js';
