/**
 * `node scripts/run.mjs <command> [args…]`: runs one of the service's commands (npm start,
 * npm run worker, …) from its compiled JavaScript, compiling the sources first when they
 * changed (about half a second). See scripts/compile.mjs.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import v8 from 'node:v8'

import { COMMANDS, ensureCompiled, entryFor } from './compile.mjs'

const [command, ...args] = process.argv.slice(2)
// `npm start` as one API-only process keeps its young generation at the workers' size
// (src/start/apiHeap.ts); it stops growing here, before compiling and loading grow it to V8's
// largest. The start gives V8's default back to every other kind of process.
if (command === 'start') v8.setFlagsFromString('--semi-space-growth-factor=1')
const file = COMMANDS[command]
if (!file) {
  process.stderr.write(`usage: node scripts/run.mjs <${Object.keys(COMMANDS).join('|')}> [args]\n`)
  process.exit(2)
}
/*
 * Lexical's `node` entries (lexical, @lexical/*, loaded by the rich-text editor the config names)
 * use top-level await to choose their build, and on Node 20 an import() of that graph can stay
 * unsettled forever (here 6 of 8 plain `import('@payloadcms/richtext-lexical')` never settled).
 * The `production` condition selects their plain builds instead: 0 of 10 with it.
 */
const conditions = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`
if (!/(?:--conditions|-C)[= ]production\b/.test(conditions)) {
  process.stderr.write(
    'run the commands as their npm scripts do: node --conditions=production scripts/run.mjs …\n',
  )
  process.exit(2)
}
// Node's source maps stay off: they would read and parse the map of every module loaded (about
// 0.5 s of an API process's start). Logged errors name the TypeScript sources all the same
// (src/lib/sourceStack.ts maps their frames when they are logged).
let outdir
try {
  outdir = await ensureCompiled()
} catch (error) {
  process.stderr.write(`compiling the service failed: ${error.message}\n`)
  process.exit(1)
}
// The command reads its own arguments from process.argv, as if it were started directly.
process.argv = [process.argv[0], path.join(outdir, entryFor(command)), ...args]
await import(pathToFileURL(process.argv[1]).href)
