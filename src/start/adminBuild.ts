/**
 * The admin UI's build (`next build`) in ADMIN_BUILD_DIR (default `.next`), stamped with a hash
 * of its sources: current when the stamp matches. `npm run build` builds in the foreground;
 * `npm start` serves the API at once and builds beside it (src/start/adminUi.ts).
 *
 * One build at a time per folder, whichever process asks: a lock file beside the folder (`next
 * build` empties the folder itself) names the process building and its `next build`, and the
 * others wait for them instead of building into the same folder.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import { isRecord } from '@/lib/isRecord'
import { logger } from '@/lib/logger'
import { dataDir, projectRoot } from '@/lib/paths'
import { settings } from '@/lib/settings'

import { hashSources } from '../../scripts/compile.mjs'

/** What the Next build is made of; a change to any of these makes the build stale. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  // What postinstall patches in node_modules (Payload's admin UI among it) is built in.
  'patches',
  'next.config.ts',
  'payload.config.ts',
  'tsconfig.json',
  'collections',
  'access',
  'hooks',
  'globals',
  'src',
]
const SKIP = new Set(['node_modules', '.next', '.data', 'migrations', 'cli', 'seed'])
const POLL_MS = 1000
/** A lock file still empty after this long was left by a process that died while taking it. */
const EMPTY_LOCK_STALE_MS = 10_000
/** Below the service's own priority: the API it serves beside the build comes first. */
const BACKGROUND_NICENESS = 10

export const buildDir = (): string => path.resolve(projectRoot, settings('service').ADMIN_BUILD_DIR)
const stampFile = () => path.join(buildDir(), 'commerce-source-hash')
const lockFile = () => `${buildDir()}.building`
/** Where a background build's output goes (a foreground build writes to the terminal). */
export const buildLogFile = (): string => path.join(dataDir(), 'admin-build.log')

export const sourceHash = (): string => hashSources(INPUTS, { skip: SKIP })

export const buildIsCurrent = (hash: string = sourceHash()): boolean => {
  try {
    return (
      fs.readFileSync(stampFile(), 'utf8') === hash &&
      fs.existsSync(path.join(buildDir(), 'BUILD_ID'))
    )
  } catch {
    return false
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return isRecord(error) && error.code === 'EPERM'
  }
}

/** Whether another process is building now: the lock is held by a process that still runs. */
const heldByOther = (): boolean => {
  let text: string
  let age: number
  try {
    text = fs.readFileSync(lockFile(), 'utf8')
    age = Date.now() - fs.statSync(lockFile()).mtimeMs
  } catch {
    return false
  }
  const pids = text.split(/\s+/).filter(Boolean).map(Number)
  if (!pids.length) return age < EMPTY_LOCK_STALE_MS
  return pids.some((pid) => pid !== process.pid && alive(pid))
}

/** Takes the build lock; false while another process holds it. A lock left by the dead is taken over. */
const tryLock = (): boolean => {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile(), `${process.pid}\n`, { flag: 'wx' })
      return true
    } catch (error) {
      if (!isRecord(error) || error.code !== 'EEXIST') throw error
    }
    if (heldByOther()) return false
    fs.rmSync(lockFile(), { force: true })
  }
  return false
}

const unlock = () => {
  try {
    if (fs.readFileSync(lockFile(), 'utf8').split(/\s+/)[0] === String(process.pid))
      fs.rmSync(lockFile(), { force: true })
  } catch {
    // Not there: nothing to release.
  }
}

/** The last lines of a background build's output, for the log line that reports its failure. */
const tail = (file: string, lines = 20): string => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

export class BuildStopped extends Error {
  constructor() {
    super('the admin UI build was stopped')
  }
}

export type Build = {
  /** Resolves once the build is current; rejects with what went wrong (BuildStopped after `stop`). */
  done: Promise<void>
  /**
   * Stops a `next build` this process started (its whole process group), or the wait for
   * another's; resolves once the lock is released.
   */
  stop: () => Promise<void>
}

/**
 * Makes the build current: at once when it is; after another process's build when one runs
 * (then checks again, building here if that one failed); else by running `next build` here.
 * In the background, `next build` runs at a lower priority in a process group of its own (stopped
 * with this process), its output in DATA_DIR/admin-build.log.
 */
export const buildAdminUi = ({ background = false, force = false } = {}): Build => {
  let child: ChildProcess | undefined
  let stopped = false
  const stopChild = () => {
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
    try {
      if (background) process.kill(-child.pid, 'SIGTERM')
      else child.kill('SIGTERM')
    } catch {
      // Gone already.
    }
  }
  const run = async (): Promise<void> => {
    const hash = sourceHash()
    let waiting = false
    for (;;) {
      if (stopped) throw new BuildStopped()
      if (!force && buildIsCurrent(hash)) return
      if (tryLock()) break
      if (!waiting)
        logger.info(
          { lock: lockFile() },
          'another process is building the admin UI; waiting for it',
        )
      waiting = true
      await sleep(POLL_MS)
    }
    try {
      // The holder may have finished between the check and the lock.
      if (stopped) throw new BuildStopped()
      if (!force && buildIsCurrent(hash)) return
      const log = background ? buildLogFile() : undefined
      if (log) fs.mkdirSync(path.dirname(log), { recursive: true })
      const output = log ? fs.openSync(log, 'w') : 'inherit'
      logger.info(
        { dir: buildDir(), log },
        background
          ? 'building the admin UI (next build) beside the API; /admin says so until it is done'
          : 'building the admin UI (next build); this takes a few minutes the first time',
      )
      const started = Date.now()
      child = spawn(
        process.execPath,
        [path.join(projectRoot, 'node_modules/next/dist/bin/next'), 'build'],
        {
          cwd: projectRoot,
          detached: background,
          env: {
            ...process.env,
            NEXT_TELEMETRY_DISABLED: '1',
            NODE_ENV: 'production',
            NODE_OPTIONS: '--no-deprecation',
          },
          stdio: ['ignore', output, output],
        },
      )
      if (typeof output === 'number') fs.closeSync(output)
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
        (resolve, reject) => {
          child!.once('error', reject)
          child!.once('exit', (code, signal) => resolve({ code, signal }))
        },
      )
      if (child.pid) {
        // The build's own process too: if this one dies, others wait for the build to end.
        fs.writeFileSync(lockFile(), `${process.pid} ${child.pid}\n`)
        if (background) {
          try {
            os.setPriority(child.pid, BACKGROUND_NICENESS)
          } catch {
            // Not allowed here: it runs at the same priority.
          }
          process.once('exit', stopChild)
        }
      }
      const { code, signal } = await exited
      process.off('exit', stopChild)
      if (stopped) throw new BuildStopped()
      if (code !== 0) {
        const error = new Error(
          `next build failed (${signal ? `signal ${signal}` : `exit code ${code}`})`,
        )
        if (log) Object.assign(error, { log, output: tail(log) })
        throw error
      }
      fs.writeFileSync(stampFile(), hash)
      logger.info({ ms: Date.now() - started }, 'admin UI built')
    } finally {
      unlock()
    }
  }
  const done = run()
  return {
    done,
    stop: async () => {
      stopped = true
      stopChild()
      await done.catch(() => {})
    },
  }
}

export type BuildState = 'building' | 'current' | 'failed'

/** A cluster worker's environment: the state of the build when it was forked. */
export const BUILD_STATE = 'COMMERCE_ADMIN_BUILD'

/** What the primary sends its workers when the build ends, and on a worker's query. */
export const adminBuildMessage = (state: BuildState) => ({ adminBuild: state })
export const ADMIN_BUILD_QUERY = { adminBuild: 'query' }

/** Logs a failed build once, in the process that ran it, with the end of its output. */
export const reportBuildFailure = (error: unknown): void => {
  logger.error(
    {
      err: error,
      log: buildLogFile(),
      output: isRecord(error) && typeof error.output === 'string' ? error.output : undefined,
    },
    'the admin UI build failed: /admin says so, the API is served as before; fix the cause, then `npm run build` and restart',
  )
}

/**
 * The build beside a running service: `ended` hears how it ended; a failure is reported unless
 * the service is stopping (which ends the build on purpose).
 */
export const buildBeside = (
  ended: (state: 'current' | 'failed') => void,
  stopping: () => boolean,
): Build => {
  const build = buildAdminUi({ background: true })
  build.done.then(
    () => ended('current'),
    (error: unknown) => {
      if (!stopping()) reportBuildFailure(error)
      ended('failed')
    },
  )
  return build
}

/** `npm run build`, and anything else that needs the build before going on. */
export const ensureBuild = ({ force = false } = {}): Promise<void> => buildAdminUi({ force }).done
