/**
 * WEB_CONCURRENCY above 1, or ADMIN_UI=separate: this process (the primary) serves nothing itself.
 * It owns what there is one of — the embedded PostgreSQL, the local secrets, the in-memory
 * rate-limit counts when there is no Redis, the admin UI's build when it is not current — and
 * forks that many workers, which share the port.
 *
 * The first worker is the lead: it migrates, creates the local admin, seeds the demo data and
 * runs the jobs, as a single process does. The others are forked once it listens, so they find
 * the schema up to date. A worker that dies is replaced (a lead by a lead, see `supervise`); one
 * that dies during the service's start stops the whole service, as a single process whose start
 * fails would.
 *
 * With ADMIN_UI=separate the workers serve the API only (Next is never loaded in them) and hand
 * the admin UI's paths to one more worker, which serves the admin UI (and the API) on a Unix
 * socket of its own rather than the port (src/http/adminProxy.ts).
 */
import cluster, { type Worker } from 'node:cluster'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { RateLimiterClusterMaster } from 'rate-limiter-flexible'

import type { EmbeddedServer } from '@/db/embedded'
import { isRecord } from '@/lib/isRecord'
import { logger } from '@/lib/logger'
import { adminUiMode, isProduction } from '@/lib/settings'
import { onShutdownSignal } from '@/lib/shutdown'

import { LEAN_FOLDER } from '../../scripts/compile.mjs'
import {
  ADMIN_BUILD_QUERY,
  adminBuildMessage,
  type Build,
  BUILD_STATE,
  buildBeside,
  buildIsCurrent,
  type BuildState,
} from './adminBuild'
import { API_SEMI_SPACE_MIB, semiSpaceChosen } from './apiHeap'
import { openEnvironment } from './runtime'

/** What a worker is told by the primary, through its environment. */
const ROLE = 'COMMERCE_WORKER_ROLE'
const LOCAL = 'COMMERCE_LOCAL_DATABASE'
const ADMIN_SOCKET = 'COMMERCE_ADMIN_SOCKET'
const RESTART_DELAY_MS = 1000
const MAX_RESTART_DELAY_MS = 30_000
const STABLE_MS = 60_000

export type WorkerRole = 'admin' | 'follower' | 'lead' | 'single'

/** This process's part: `single` when it serves alone (no cluster). */
export const workerRole = (): WorkerRole => {
  if (!cluster.isWorker) return 'single'
  const role = process.env[ROLE]
  return role === 'lead' || role === 'admin' ? role : 'follower'
}

/** ADMIN_UI=separate: the socket of the worker serving the admin UI. */
export const adminSocket = (): string | undefined => process.env[ADMIN_SOCKET] || undefined

/** In a worker: whether the primary started the embedded PostgreSQL (a local install). */
export const primaryStartedDatabase = (): boolean => process.env[LOCAL] === '1'

/**
 * Node's options for a worker: this process's, and
 * - `--enable-source-maps`: stack traces in the workers' logs name the TypeScript sources. The
 *   logger maps them itself (src/lib/sourceStack.ts), so this flag only costs start time, but
 *   without it the admin worker shrinks more than the API workers, and
 *   test/e2e/adminUi.test.ts's bound on the two (the API workers at least 60 MiB smaller) needs
 *   another measure first. Not for a worker of the lean build (`lean`): Node would read the map of
 *   every bundled chunk it loads, tens of MB, for nothing the logger lacks;
 * - for a worker that serves no admin page (ADMIN_UI=off or separate), 4 MiB semi-spaces for
 *   V8's young generation instead of 16: an API worker then held 45–60 MiB less under load
 *   with no loss of throughput measured, while the admin UI's server rendering was slower with
 *   them (docs/performance.md, "Start and several processes"). A size the operator chose in
 *   NODE_OPTIONS stays theirs.
 */
export const workerExecArgv = (
  role: Exclude<WorkerRole, 'single'>,
  {
    execArgv = process.execArgv,
    lean = false,
    mode = adminUiMode(),
    nodeOptions = process.env.NODE_OPTIONS ?? '',
  } = {},
): string[] => {
  const options = lean ? [...execArgv] : [...execArgv, '--enable-source-maps']
  const servesAdmin = role === 'admin' || mode === 'on'
  return servesAdmin || semiSpaceChosen([...execArgv, nodeOptions])
    ? options
    : [...options, `--max-semi-space-size=${API_SEMI_SPACE_MIB}`]
}

/** Whether `script` is a file of the lean build. */
const isLeanScript = (script: string) => path.basename(path.dirname(script)) === LEAN_FOLDER

/**
 * The compiled file a worker runs: the primary's own, except that a worker serving no admin page
 * beside an admin worker (ADMIN_UI=separate) runs the lean build's copy (`dist/<hash>/lean/`,
 * scripts/compile.mjs), which the primary, a process that may load Next, does not. With
 * ADMIN_UI=off the primary itself runs the lean build already; under tsx there is none.
 */
export const workerScript = (
  role: Exclude<WorkerRole, 'single'>,
  { mode = adminUiMode(), script = process.argv[1] ?? '' } = {},
): string => {
  if (role === 'admin' || mode === 'on' || isLeanScript(script)) return script
  const lean = path.join(path.dirname(script), LEAN_FOLDER, path.basename(script))
  return fs.existsSync(lean) ? lean : script
}

/** Resolves once `worker` listens; rejects if it exits first. */
const listening = (worker: Worker): Promise<void> =>
  new Promise((resolve, reject) => {
    const exited = (code: number) => reject(new Error(`worker exited with code ${code}`))
    worker.once('exit', exited)
    worker.once('listening', () => {
      worker.off('exit', exited)
      resolve()
    })
  })

/**
 * Forks a worker for `role`, and another when it dies once the service runs: after 1 s, doubling
 * with each death in a row up to 30 s (a worker that lived a minute resets the count), so a
 * database that is down is not hammered by starts that cannot succeed.
 */
const supervise = (
  env: () => Record<string, string>,
  state: { running: boolean; stopping: boolean },
) => {
  let deaths = 0
  const fork = (role: 'admin' | 'follower' | 'lead'): Worker => {
    // A dead admin worker's socket file goes before its replacement listens on the path.
    if (role === 'admin') fs.rmSync(env()[ADMIN_SOCKET], { force: true })
    const exec = workerScript(role)
    cluster.setupPrimary({ exec, execArgv: workerExecArgv(role, { lean: isLeanScript(exec) }) })
    const worker = cluster.fork({ ...env(), [ROLE]: role })
    const born = Date.now()
    worker.once('exit', (code, signal) => {
      // During start-up the failure is the start's own (`listening` rejects).
      if (state.stopping || !state.running) return
      deaths = Date.now() - born > STABLE_MS ? 1 : deaths + 1
      const delayMs = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** (deaths - 1))
      logger.error({ code, delayMs, role, signal }, 'a worker died; starting another')
      setTimeout(() => {
        if (!state.stopping) fork(role)
      }, delayMs)
    })
    return worker
  }
  return fork
}

/** Stops every worker (each finishes its requests in flight), then the embedded PostgreSQL. */
const stopAll = async (embedded: EmbeddedServer | null) => {
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined)
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve()
          worker.once('exit', () => resolve())
          worker.process.kill('SIGTERM')
        }),
    ),
  )
  if (embedded?.owned) await embedded.stop()
}

/**
 * The admin UI's build, when a worker will serve it and it is not current: run here (`build()`,
 * once the lead listens), beside the workers, each told how it ended (and each worker forked
 * later, through its environment).
 */
const buildForWorkers = (): {
  build: () => Build | null
  state: () => BuildState
} => {
  if (adminUiMode() === 'off' || !isProduction() || buildIsCurrent())
    return { build: () => null, state: () => 'current' }
  let state: BuildState = 'building'
  const tell = (ended: BuildState) => {
    state = ended
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker?.isConnected()) worker.send(adminBuildMessage(ended))
  }
  cluster.on('message', (worker, message: unknown) => {
    if (isRecord(message) && message.adminBuild === ADMIN_BUILD_QUERY.adminBuild)
      worker.send(adminBuildMessage(state))
  })
  let build: Build | null = null
  return {
    build: () => (build ??= buildBeside(tell, () => stopping)),
    state: () => state,
  }
}

let stopping = false

export const runPrimary = async (count: number): Promise<void> => {
  // In this process's environment, which every worker inherits.
  const embedded = await openEnvironment()
  const separate = adminUiMode() === 'separate'
  const admin = buildForWorkers()
  const socket = separate ? path.join(os.tmpdir(), `commerce-admin-${process.pid}.sock`) : ''
  new RateLimiterClusterMaster()
  // Workers accept from the shared socket themselves. Node's default on Linux (the primary
  // accepts and hands each connection over) loses a connection handed to a worker in the instant
  // it dies; here the kernel keeps it queued for the other. 50 connections: 7,419 and 6,405
  // requests per worker, and the same throughput as round-robin.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  const state = { running: false, stopping: false }
  const fork = supervise(
    () => ({ [ADMIN_SOCKET]: socket, [BUILD_STATE]: admin.state(), [LOCAL]: embedded ? '1' : '' }),
    state,
  )
  let stopped: Promise<void> | undefined
  let running: Build | null = null
  const stop = () => {
    state.stopping = true
    stopping = true
    return (stopped ??= Promise.all([running?.stop(), stopAll(embedded)]).then(() => {}))
  }
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'stopping the workers')
    await stop()
  })
  try {
    await listening(fork('lead'))
    // Once the API answers: the lead's start (migrations on a first start) comes first.
    running = admin.build()
    await Promise.all([
      ...Array.from({ length: count - 1 }, () => listening(fork('follower'))),
      ...(separate ? [listening(fork('admin'))] : []),
    ])
  } catch (error) {
    await stop()
    throw error
  }
  state.running = true
  logger.info({ adminWorker: separate, workers: count }, 'all workers listening')
}
