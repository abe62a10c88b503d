/** The browser pack store (docs/themes.md "Storage in the browser"). */
export * from './constants';
export * from './types';
export * from './space';
export * from './migration';
export * from './packStore';
