export * from './stack-harness.js';
