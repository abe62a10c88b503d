/** The three pack formats (spec 001 section 3; docs/themes.md "Formats"). */
export * from './common.js';
export * from './classic.js';
export * from './simple.js';
export * from './cards.js';
export * from './manifestFormat.js';
