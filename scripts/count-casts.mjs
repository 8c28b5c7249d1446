/**
 * Counts the type assertions of the production code (`x as T` and `<T>x`, not `as const`) with
 * the TypeScript compiler's parser, and the `as unknown as` among them. Production code: the
 * TypeScript under src/, collections/, access/, hooks/, globals/ and scripts/, and
 * payload.config.ts; not the tests, the benches, the generated payload-types.ts, the import map
 * or the generated client.
 *
 *   node scripts/count-casts.mjs          a summary and the files with the most casts
 *   node scripts/count-casts.mjs --json   the same as JSON (test/unit/casts.test.ts reads it)
 *   node scripts/count-casts.mjs --list   every cast, one `file:line  text` a line
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import ts from 'typescript'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DIRECTORIES = ['src', 'collections', 'access', 'hooks', 'globals', 'scripts']
const FILES = ['payload.config.ts']
const GENERATED = new Set(['payload-types.ts', 'src/app/(payload)/admin/importMap.js'])

const sourcesUnder = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const relative = path.posix.join(dir, entry.name)
        if (entry.isDirectory()) return sourcesUnder(relative)
        return /\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')
          ? [relative]
          : []
      })
    : []

export const productionFiles = () =>
  [...DIRECTORIES.flatMap(sourcesUnder), ...FILES.filter((f) => fs.existsSync(path.join(root, f)))]
    .filter((file) => !GENERATED.has(file))
    .sort()

const isAsConst = (node) =>
  ts.isTypeReferenceNode(node.type) &&
  ts.isIdentifier(node.type.typeName) &&
  node.type.typeName.text === 'const'

const isUnknownKeyword = (type) => type.kind === ts.SyntaxKind.UnknownKeyword

/** The casts of one file: each with its line, its text, and whether it is `as unknown as`. */
export const castsOf = (file) => {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const casts = []
  const visit = (node) => {
    const as = ts.isAsExpression(node) && !isAsConst(node)
    if (as || ts.isTypeAssertionExpression(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
      // `x as unknown as T` is two nodes: the outer one's operand is `x as unknown`.
      const unknownHop =
        as && ts.isAsExpression(node.expression) && isUnknownKeyword(node.expression.type)
      const innerOfHop =
        as &&
        isUnknownKeyword(node.type) &&
        ts.isAsExpression(node.parent) &&
        node.parent.expression === node
      if (!innerOfHop)
        casts.push({ doubled: unknownHop, line, text: node.getText(source).replace(/\s+/g, ' ') })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { casts, lines: text.split('\n').filter((line) => line.trim() !== '').length }
}

export const countCasts = () => {
  const files = productionFiles().map((file) => ({ file, ...castsOf(file) }))
  const lines = files.reduce((sum, f) => sum + f.lines, 0)
  const casts = files.reduce((sum, f) => sum + f.casts.length, 0)
  const unknownAs = files.reduce((sum, f) => sum + f.casts.filter((c) => c.doubled).length, 0)
  const top = files
    .filter((f) => f.casts.length)
    .sort((a, b) => b.casts.length - a.casts.length || a.file.localeCompare(b.file))
  return {
    casts,
    castsPer1000Lines: Math.round((casts / lines) * 1000 * 100) / 100,
    files: top.map((f) => ({ casts: f.casts, file: f.file })),
    lines,
    unknownAs,
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = countCasts()
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2))
  } else if (process.argv.includes('--list')) {
    for (const { casts, file } of result.files)
      for (const cast of casts) console.log(`${file}:${cast.line}  ${cast.text}`)
  } else {
    console.log(`production lines (non-blank): ${result.lines}`)
    console.log(`casts: ${result.casts}`)
    console.log(`casts per 1,000 lines: ${result.castsPer1000Lines}`)
    console.log(`as unknown as: ${result.unknownAs}`)
    console.log('top files:')
    for (const { casts, file } of result.files.slice(0, 15))
      console.log(`  ${String(casts.length).padStart(4)}  ${file}`)
  }
}
