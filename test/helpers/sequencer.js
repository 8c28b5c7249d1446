/**
 * Runs the longest test files first, by the times in test/durations.json (written by
 * `npm run test:durations` from a whole run), so that no long file starts last and keeps one
 * worker busy while the other has finished. jest's own order needs its cache of earlier runs,
 * which a clean clone lacks (it then goes by file size, which ranks the browser tests poorly).
 * A file not in the list is estimated from its size.
 */
import fs from 'node:fs'
import path from 'node:path'

import sequencer from '@jest/test-sequencer'

const BaseSequencer = sequencer.default ?? sequencer
const DURATIONS = path.join(import.meta.dirname, '..', 'durations.json')
/** Seconds a test file of unknown time is taken to run per byte of its source. */
const SECONDS_PER_BYTE = 1 / 1000

const known = () => {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, 'utf8')).seconds
  } catch {
    return {}
  }
}

export default class LongestFirst extends BaseSequencer {
  sort(tests) {
    const seconds = known()
    const root = path.join(import.meta.dirname, '..', '..')
    const estimate = (test) =>
      seconds[path.relative(root, test.path)] ?? fs.statSync(test.path).size * SECONDS_PER_BYTE
    const keyed = tests.map((test) => ({ test, key: estimate(test) }))
    return keyed.sort((a, b) => b.key - a.key).map(({ test }) => test)
  }
}
