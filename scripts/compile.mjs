/**
 * Compiles the server and its commands (src/cli/*.ts) to plain JavaScript with esbuild, so that
 * production processes run under plain `node`: no TypeScript loader hooks at run time (tsx's
 * asynchronous hooks could leave a dynamic import unsettled forever on Node 20, tsx issue #806),
 * and no transpiling of the whole tree at every start.
 *
 * The output is content-addressed: `dist/<hash of the sources>/`. Two processes that compile at
 * once each write a directory of their own and rename it into place; whichever comes second
 * finds the directory there and drops its copy. Dependencies stay in node_modules (not bundled).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The commands a launcher may run: `node scripts/run.mjs <name>` runs `src/cli/<file>`. */
export const COMMANDS = {
  build: 'build.ts',
  'create-admin': 'createAdmin.ts',
  'create-api-key': 'createApiKey.ts',
  generate: 'generate.ts',
  'migrate:check': 'migrateCheck.ts',
  'rotate-keys': 'rotateKeys.ts',
  seed: 'seed.ts',
  start: 'start.ts',
  worker: 'worker.ts',
}

const INPUTS = [
  'package-lock.json',
  'tsconfig.json',
  'payload.config.ts',
  'collections',
  'access',
  'hooks',
  'src',
  'scripts/compile.mjs',
]
const SKIP = new Set(['app'])
const KEEP = 3

const files = (entry) => {
  const full = path.join(projectRoot, entry)
  if (!fs.existsSync(full)) return []
  if (!fs.statSync(full).isDirectory()) return [entry]
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((item) => !SKIP.has(item.name))
    .flatMap((item) => files(path.join(entry, item.name)))
}

/** The sources and where they are: the output keeps the sources' own paths (see below). */
const sourceHash = () => {
  const hash = crypto.createHash('sha256').update(projectRoot).update('\0')
  for (const file of INPUTS.flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(projectRoot, file)))
      .update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * Each module keeps the `import.meta.url` of its source file: paths built from it (the project
 * root, the decoder's worker script, the config's directory) mean the same compiled or not.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const text = await fs.promises.readFile(args.path, 'utf8')
      const url = JSON.stringify(pathToFileURL(args.path).href)
      return {
        contents: text.replaceAll('import.meta.url', url),
        loader:
          path.extname(args.path).slice(1) === 'mjs' ? 'js' : path.extname(args.path).slice(1),
      }
    })
  },
}

const prune = (root, current) => {
  const builds = fs
    .readdirSync(root, { withFileTypes: true })
    .filter(
      (item) => item.isDirectory() && /^[0-9a-f]{16}$/.test(item.name) && item.name !== current,
    )
    .map((item) => ({
      dir: path.join(root, item.name),
      time: fs.statSync(path.join(root, item.name)).mtimeMs,
    }))
    .sort((a, b) => b.time - a.time)
  // A few older builds stay: a process started from one may still load its lazy chunks.
  for (const { dir } of builds.slice(KEEP - 1)) fs.rmSync(dir, { force: true, recursive: true })
}

/** The compiled output for the current sources, compiling them first when needed. */
export const ensureCompiled = async () => {
  const root = path.join(projectRoot, 'dist')
  const hash = sourceHash()
  const outdir = path.join(root, hash)
  if (fs.existsSync(path.join(outdir, 'complete'))) return outdir
  const { build } = await import('esbuild')
  const staging = `${outdir}.${process.pid}.tmp`
  fs.rmSync(staging, { force: true, recursive: true })
  await build({
    absWorkingDir: projectRoot,
    bundle: true,
    entryPoints: Object.values(COMMANDS).map((file) => path.join('src/cli', file)),
    format: 'esm',
    logLevel: 'error',
    outbase: 'src/cli',
    outdir: staging,
    packages: 'external',
    platform: 'node',
    plugins: [sourceUrls],
    sourcemap: true,
    splitting: true,
    target: 'node20',
  })
  fs.writeFileSync(path.join(staging, 'complete'), `${new Date().toISOString()}\n`)
  try {
    fs.renameSync(staging, outdir)
  } catch (error) {
    // Another process compiled the same sources first: theirs is as good as ours.
    if (!fs.existsSync(path.join(outdir, 'complete'))) throw error
    fs.rmSync(staging, { force: true, recursive: true })
  }
  prune(root, hash)
  return outdir
}
