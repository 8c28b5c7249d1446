/**
 * Stack traces that name the TypeScript sources, mapped only when an error is logged. Node's own
 * source-map support (`--enable-source-maps`) reads and parses the map of every module as it
 * loads, thousands of them in Payload's graph, which cost an API process about half a second
 * and 20 MiB at start; here only a frame of a compiled file with a map beside it (the service's
 * own output, scripts/compile.mjs) is looked up, and each map is read once.
 */
import fs from 'node:fs'
import { SourceMap } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

const maps = new Map<string, null | SourceMap>()

/** The map beside a compiled file, or null when it has none (a dependency's file, say). */
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

// `at fn (file:///…/chunk.js:12:34)`, `at /…/chunk.js:12:34`
const FRAME = /((?:file:\/\/)?\/[^\s()]+?\.m?js):(\d+):(\d+)/

/** One frame's location in its source, or the frame as it was. */
const mapFrame = (line: string): string => {
  const match = FRAME.exec(line)
  if (!match) return line
  const [location, where, row, column] = match
  const file = where.startsWith('file:') ? fileURLToPath(where) : where
  const entry = mapOf(file)?.findEntry(Number(row) - 1, Number(column) - 1)
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return line
  const source = new URL(entry.originalSource, pathToFileURL(file))
  const named = source.protocol === 'file:' ? fileURLToPath(source) : source.href
  return line.replace(location, `${named}:${entry.originalLine + 1}:${entry.originalColumn + 1}`)
}

/** The stack with each frame of the service's compiled files pointed at its TypeScript source. */
export const sourceStack = (stack: string): string => stack.split('\n').map(mapFrame).join('\n')

/** A serialized error with its stack mapped (pino's `err` shape: `stack` is a string). */
export const withSourceStack = <T>(serialized: T): T => {
  if (!serialized || typeof serialized !== 'object' || !('stack' in serialized)) return serialized
  const { stack } = serialized
  return typeof stack === 'string' ? { ...serialized, stack: sourceStack(stack) } : serialized
}
