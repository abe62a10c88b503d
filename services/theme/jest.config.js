/** Jest in ESM mode (Nest 12 is ESM only): @swc/jest transpiles TypeScript; specs sit next to their code, helpers in src/testing. */
export default {
  displayName: 'theme',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  cacheDirectory: '<rootDir>/../../.jest-cache/theme',
};
