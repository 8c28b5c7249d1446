/**
 * Native ESM jest (Payload's packages are ESM-only): run with
 * NODE_OPTIONS=--experimental-vm-modules (the npm scripts do). TypeScript goes through @swc/jest.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'es6' },
  },
]

const project = (displayName, testMatch) => ({
  displayName,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^@payload-config$': '<rootDir>/payload.config.ts' },
  rootDir: '.',
  testEnvironment: 'node',
  testMatch,
  transform: { '^.+\\.(t|j)sx?$': swc },
})

export default {
  globalSetup: '<rootDir>/test/helpers/globalSetup.ts',
  globalTeardown: '<rootDir>/test/helpers/globalTeardown.ts',
  reporters: ['default', '<rootDir>/test/helpers/summaryReporter.js'],
  projects: [
    project('int', ['<rootDir>/test/int/**/*.test.ts']),
    project('e2e', ['<rootDir>/test/e2e/**/*.test.ts']),
  ],
  testTimeout: 60_000,
}
