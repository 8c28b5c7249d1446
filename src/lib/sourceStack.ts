/**
 * Stack traces that name the TypeScript sources, mapped only when an error is logged. Node's own
 * source-map support (`--enable-source-maps`) reads and parses the map of every module as it
 * loads, thousands of them in Payload's graph, which cost an API process about half a second
 * and 20 MiB at start; here only the frames of the service's own compiled files (scripts/compile.mjs,
 * a map beside each) are looked up, and each map is read once.
 */
import fs from 'node:fs'
import { SourceMap } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { projectRoot } from './paths'

/** The service's compiled output (scripts/compile.mjs): `dist/<hash>/`, maps beside the files. */
const COMPILED = path.join(projectRoot, 'dist') + path.sep

const maps = new Map<string, null | SourceMap>()

/** The map beside a compiled file, or null when it has none. */
const mapOf = (file: string): null | SourceMap => {
  let map = maps.get(file)
  if (map !== undefined) return map
  try {
    map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')))
  } catch {
    map = null
  }
  maps.set(file, map)
  return map
}

// A frame: `    at fn (file:///…/chunk.js:12:34)` or `    at /…/chunk.js:12:34` (paths may hold
// spaces and parentheses: Next's `app/(payload)/…`).
const FRAME = /^ {4}at (?:.*? \()?((?:file:\/\/)?\/.+?\.m?js):(\d+):(\d+)\)?$/

/** One frame of a file under `root` at its place in the source, or the line as it was. */
const mapFrame = (line: string, root: string): string => {
  const match = FRAME.exec(line)
  if (!match) return line
  const [, where, row, column] = match
  const file = where.startsWith('file:') ? fileURLToPath(where) : where
  if (!file.startsWith(root)) return line
  const entry = mapOf(file)?.findEntry(Number(row) - 1, Number(column) - 1)
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return line
  const source = new URL(entry.originalSource, pathToFileURL(file))
  const named = source.protocol === 'file:' ? fileURLToPath(source) : source.href
  return line.replace(
    `${where}:${row}:${column}`,
    `${named}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
  )
}

/**
 * The stack with each frame of a compiled file under `root` (the service's own output) pointed at
 * its TypeScript source; other lines (the message, dependencies' frames) are left as they are.
 */
export const sourceStack = (stack: string, root: string = COMPILED): string =>
  stack
    .split('\n')
    .map((line) => mapFrame(line, root))
    .join('\n')

/** A serialized error with its stack mapped (pino's `err` shape: `stack` is a string). */
export const withSourceStack = <T>(serialized: T, root: string = COMPILED): T => {
  if (!serialized || typeof serialized !== 'object' || !('stack' in serialized)) return serialized
  const { stack } = serialized
  return typeof stack === 'string' ? { ...serialized, stack: sourceStack(stack, root) } : serialized
}
