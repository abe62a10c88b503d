export * from './stack-harness.js';
export * from './simulated-player.js';
