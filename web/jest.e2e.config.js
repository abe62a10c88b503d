/**
 * Browser end-to-end tests (Jest in ESM mode, @swc/jest for TypeScript): Debian's Chromium driven by
 * playwright-core against the built stack (`startTestStack({ web: true })` serves web/dist).
 * Run: `npm run test:e2e -w @nightfall/web` after building everything (two files at a time, each on its own stack).
 */
export default {
  displayName: 'web-e2e',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
  // a hang detector, not a speed goal: a slow 2-core machine runs two of these files at once, each with its stack
  testTimeout: 300_000,
  cacheDirectory: '<rootDir>/../.jest-cache/web-e2e',
};
