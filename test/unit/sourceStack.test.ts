/**
 * Logged stack traces name the TypeScript sources with Node's source maps off
 * (src/lib/sourceStack.ts): a module compiled as scripts/compile.mjs compiles the service (esbuild,
 * a map beside the file) throws, and its frame is mapped back to the source's line; frames of
 * files without a map are left as they are.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterAll, describe, expect, it } from '@jest/globals'
import { build } from 'esbuild'

import { sourceStack, withSourceStack } from '@/lib/sourceStack'

// A folder with a space and parentheses in its name, as Next's `app/(payload)/` has.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'source stack (compiled)-'))
afterAll(() => {
  fs.rmSync(folder, { force: true, recursive: true })
  fs.rmSync(`${folder}-dependency.js`, { force: true })
  fs.rmSync(`${folder}-dependency.js.map`, { force: true })
})
/** The compiled output the mapping is limited to (the service's is dist/). */
const root = path.join(folder, 'out') + path.sep

const SOURCE = [
  'type Lead = { id: number }',
  '',
  'export const fail = (lead: Lead): never => {',
  '  const why: string = `lead ${lead.id} refused`',
  '  throw new Error(why)',
  '}',
  '',
].join('\n')

/**
 * The stack Node prints without source maps for an error thrown by the compiled module (jest maps
 * the stacks of what it runs itself, so the frame is written as Node writes it, at the column of
 * the compiled `new Error`), with a frame of a file that has no map after it.
 */
const thrownStack = async (): Promise<string> => {
  const source = path.join(folder, 'failing.ts')
  fs.writeFileSync(source, SOURCE)
  const compiled = path.join(folder, 'out', 'failing.js')
  await build({
    bundle: false,
    entryPoints: [source],
    format: 'esm',
    // Several statements on one line: the column must be mapped, not only the line.
    minify: true,
    outfile: compiled,
    sourcemap: true,
  })
  const text = fs.readFileSync(compiled, 'utf8')
  expect(text.split('\n')[0]).toContain('new Error')
  const column = text.indexOf('new Error') + 1
  // A dependency's file with a map beside it, outside the compiled output: left alone.
  const dependency = path.join(os.tmpdir(), `${path.basename(folder)}-dependency.js`)
  fs.copyFileSync(compiled, dependency)
  fs.copyFileSync(`${compiled}.map`, `${dependency}.map`)
  return [
    // The message names a compiled file too: only frames are mapped.
    `Error: lead 7 refused in ${compiled}:1:${column}`,
    `    at d (${pathToFileURL(compiled).href}:1:${column})`,
    `    at ${path.join(folder, 'unmapped.js')}:3:14`,
    `    at Object.run (${dependency}:1:${column})`,
    '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
  ].join('\n')
}

describe('sourceStack', () => {
  it('points a compiled frame at its TypeScript line; other frames stay', async () => {
    const stack = await thrownStack()
    const lines = stack.split('\n')
    const mapped = sourceStack(stack, root).split('\n')
    expect(mapped[1]).toBe(`    at d (${path.join(folder, 'failing.ts')}:5:9)`)
    // The message, a frame of a file with no map and a frame outside the compiled output are
    // unchanged.
    expect(mapped.filter((line, n) => line !== lines[n])).toEqual([mapped[1]])
    // The service's own output is dist/: a frame elsewhere is not mapped by default.
    expect(sourceStack(stack)).toBe(stack)
  })

  it('maps the stack of a serialized error and leaves other values alone', async () => {
    const stack = await thrownStack()
    const serialized = withSourceStack({ message: 'lead 7 refused', stack, type: 'Error' }, root)
    expect(serialized.stack).toContain('failing.ts:5:')
    expect(serialized.message).toBe('lead 7 refused')
    expect(withSourceStack('text')).toBe('text')
    expect(withSourceStack({ stack: 3 })).toEqual({ stack: 3 })
    expect(withSourceStack(undefined)).toBeUndefined()
  })
})
