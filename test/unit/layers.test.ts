/**
 * The layers of the tree, as the README's map draws them, from the bottom: helpers (src/lib,
 * src/errors, src/validation); data and access (the database seam, access rules, shared hooks,
 * fields, credit data); features (a lead's intake, the lead desk, compliance, providers,
 * webhooks, lookups and the like); flows (the chains that cross features, src/flows, and the
 * jobs and commerce endpoints that call several); the admin UI, the HTTP layer and the Payload
 * config's collections; entry points (src/server.ts, src/cli, src/start, Next's src/app,
 * payload.config.ts) on top. An import may only point down or within its layer, the graph has no
 * cycle, module or folder: a reader of a module never needs what sits above it.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from '@jest/globals'

const root = path.resolve(import.meta.dirname, '../..')
const SOURCES = ['access', 'collections', 'globals', 'hooks', 'plugins', 'src']
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name)
    if (entry.isDirectory()) return relative === 'src/migrations' ? [] : filesUnder(relative)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : []
  })

const resolve = (from: string, specifier: string): string | undefined => {
  const base = specifier.startsWith('@/')
    ? path.join('src', specifier.slice(2))
    : path.normalize(path.join(path.dirname(from), specifier))
  if (/\.tsx?$/.test(base) && fs.existsSync(path.join(root, base))) return base
  return EXTENSIONS.map((extension) => base + extension).find((candidate) =>
    fs.existsSync(path.join(root, candidate)),
  )
}

/** Each module's imports of other modules of the project (relative or `@/` specifiers). */
const graph = (): Map<string, string[]> => {
  const files = [...SOURCES.flatMap(filesUnder), 'payload.config.ts']
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8')
      const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'((?:\.|@\/)[^']+)'/g)].map(
        ([, specifier]) => specifier,
      )
      return [file, specifiers.flatMap((specifier) => resolve(file, specifier) ?? [])]
    }),
  )
}

/** The layers, bottom first: each module is in exactly one. */
const LAYERS: [string, RegExp][] = [
  ['helpers', /^src\/(lib|errors|validation)\//],
  [
    'data and access',
    /^(access|hooks)\/|^src\/(db|creditData|fields|api|idempotency|trash|migrations)\/|^(src\/context|payload-types)\.ts$/,
  ],
  [
    'features',
    /^src\/(adf|leadDesk|compliance|providers|webhooks|lookups|reads|auth|email|media|seed|generate)\//,
  ],
  ['flows', /^src\/(flows|jobs|commerce)\//],
  ['admin and HTTP', /^src\/(admin|http|openapi)\/|^(collections|globals|plugins)\//],
  ['entry points', /^(payload\.config\.ts|src\/server\.ts|src\/cli\/|src\/start\/|src\/app\/)/],
]
const layerOf = (file: string) => LAYERS.findIndex(([, pattern]) => pattern.test(file))

/** The cycles of the graph (its strongly connected components of more than one module). */
const cycles = (edges: Map<string, string[]>): string[][] => {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node)
  return found
}

/** A module's folder: its top folder, or src/<folder> (a file directly under src/ is `src`). */
const folderOf = (file: string): string => {
  const parts = file.split('/')
  if (parts[0] !== 'src') return parts[0]
  return parts.length > 2 ? parts.slice(0, 2).join('/') : 'src'
}

/** The graph of folders: an edge wherever a module of one imports a module of another. */
const folderGraph = (edges: Map<string, string[]>): Map<string, string[]> => {
  const folders = new Map<string, Set<string>>()
  for (const [file, imports] of edges) {
    const from = folderOf(file)
    for (const target of imports) {
      const to = folderOf(target)
      if (from !== to) folders.set(from, (folders.get(from) ?? new Set()).add(to))
    }
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets]]))
}

const FEATURES = LAYERS.findIndex(([name]) => name === 'features')

/**
 * Features that still import another feature directly (each an edge a flow could carry). A new
 * one fails the test; one taken into a flow is taken off the list.
 */
const FEATURE_IMPORTS_LEFT = [
  'src/adf → src/leadDesk',
  'src/providers → src/compliance',
  'src/webhooks → src/adf',
]

describe('the import graph', () => {
  const edges = graph()

  it('puts every module in one layer', () => {
    const files = [...new Set([...edges.keys(), ...[...edges.values()].flat()])]
    expect(files.filter((file) => layerOf(file) === -1)).toEqual([])
  })

  it('points only down or within a layer: helpers → data and access → features → flows → admin and HTTP → entry points', () => {
    const upward = [...edges].flatMap(([file, imports]) =>
      imports
        .filter((target) => layerOf(target) > layerOf(file))
        .map((target) => `${file} → ${target}`),
    )
    expect(upward).toEqual([])
  })

  it('has no cycle', () => {
    expect(cycles(edges)).toEqual([])
  })

  it('has no folder-level cycle', () => {
    expect(cycles(folderGraph(edges))).toEqual([])
  })

  it('has features importing other features only where listed', () => {
    const across = [...folderGraph(edges)].flatMap(([from, targets]) =>
      layerOf(`${from}/`) === FEATURES
        ? targets.filter((to) => layerOf(`${to}/`) === FEATURES).map((to) => `${from} → ${to}`)
        : [],
    )
    expect(across.sort()).toEqual(FEATURE_IMPORTS_LEFT)
  })

  it("is the README's map: every folder of src/ and every source folder is named there", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
    const start = readme.indexOf('\n## Folder map\n')
    expect(start).toBeGreaterThan(-1)
    const map = readme.slice(start).split('```')[1]
    const folders = [
      ...SOURCES.filter((dir) => dir !== 'src').map((dir) => `${dir}/`),
      ...fs
        .readdirSync(path.join(root, 'src'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `src/${entry.name}/`),
    ]
    expect(folders.filter((folder) => !map.includes(folder))).toEqual([])
  })
})
