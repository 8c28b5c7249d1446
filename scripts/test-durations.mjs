/**
 * `npm run test:durations -- <jest --json output>`: writes test/durations.json, each test file's
 * seconds in that run, which test/helpers/sequencer.js orders the next runs by (longest first).
 * Use a whole run's output (`npx jest --json --outputFile=run.json`) on a quiet machine.
 */
import fs from 'node:fs'
import path from 'node:path'

const [input] = process.argv.slice(2)
if (!input) {
  process.stderr.write('usage: npm run test:durations -- <jest --json output file>\n')
  process.exit(2)
}
const run = JSON.parse(fs.readFileSync(input, 'utf8'))
const root = process.cwd()
// The run may have been made in another clone: each file is named from its `test/` folder on.
const named = (file) => file.match(/(?:^|\/)(test\/(?:unit|int|e2e)\/.+)$/)?.[1] ?? file
const seconds = Object.fromEntries(
  run.testResults
    .map((file) => [named(file.name), Math.round((file.endTime - file.startTime) / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
)
const output = path.join(root, 'test', 'durations.json')
fs.writeFileSync(
  output,
  `${JSON.stringify({ note: 'Written by npm run test:durations; read by test/helpers/sequencer.js.', seconds }, null, 2)}\n`,
)
process.stdout.write(
  `${Object.keys(seconds).length} files written to ${path.relative(root, output)}\n`,
)
