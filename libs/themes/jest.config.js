/** Jest in ESM mode (docs/toolchain.md): @swc/jest transpiles TypeScript. */
export default {
  displayName: 'themes',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  cacheDirectory: '<rootDir>/../../.jest-cache/themes',
};
