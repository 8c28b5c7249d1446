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

const project = (displayName, testMatch, extra = {}) => ({
  displayName,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@payload-config$': '<rootDir>/payload.config.ts',
  },
  rootDir: '.',
  testEnvironment: 'node',
  testMatch,
  transform: { '^.+\\.(t|j)sx?$': swc },
  ...extra,
})

// A project-level setup runs only when a test of that project runs: the unit project (pure
// functions, no database) starts in seconds.
const withDatabase = {
  globalSetup: '<rootDir>/test/helpers/globalSetup.ts',
  globalTeardown: '<rootDir>/test/helpers/globalTeardown.ts',
}

export default {
  reporters: ['default', '<rootDir>/test/helpers/summaryReporter.js'],
  projects: [
    project('unit', ['<rootDir>/test/unit/**/*.test.ts']),
    project('int', ['<rootDir>/test/int/**/*.test.ts'], withDatabase),
    project('e2e', ['<rootDir>/test/e2e/**/*.test.ts'], withDatabase),
  ],
  testTimeout: 60_000,
  // Longest files first, by committed times (test/durations.json), from a clean clone too.
  testSequencer: '<rootDir>/test/helpers/sequencer.js',
  // Much of a file's time is spent waiting (a query timeout, a child process's start, Chromium,
  // the admin UI's build): three files at once kept both cores 96% busy in a clean clone, and
  // jest took 747–826 s against 829 s with two the same day (docs/commands.md). A worker
  // past 1.5 GB after a file is replaced by a fresh one: jest's ESM loader keeps every file's
  // module graph, and one process running the whole suite ran out of heap.
  maxWorkers: 3,
  workerIdleMemoryLimit: '1.5GB',
}
