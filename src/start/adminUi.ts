/**
 * The admin UI in a process that serves it. Next is imported only once its build is current
 * (an API-only process never imports it: that is where the memory and start time go); until
 * then the admin UI's paths answer a page saying it is being built, or that the build failed.
 *
 * The build runs beside the API: in this process when it serves alone, in the primary of a
 * cluster, which tells its workers how it ended (src/start/cluster.ts).
 */
import cluster from 'node:cluster'

import type { RequestHandler } from 'express'

import { type AdminUiPending, adminUiPending } from '@/http/adminPages'
import { isRecord } from '@/lib/isRecord'
import { refuseInLeanBuild } from '@/lib/leanBuild'
import { logger } from '@/lib/logger'
import { projectRoot } from '@/lib/paths'
import { isProduction } from '@/lib/settings'

import {
  ADMIN_BUILD_QUERY,
  type Build,
  BUILD_STATE,
  buildBeside,
  buildIsCurrent,
  type BuildState,
} from './adminBuild'

export type AdminUi = {
  close: () => Promise<void>
  /** What answers every path Express does not serve itself. */
  handler: RequestHandler
  /** Resolves once Next serves the admin UI, or the page says why it cannot. */
  ready: Promise<void>
  /** Whether Next is loaded and serves the admin UI now. */
  serving: () => boolean
  /** Starts the build this process runs, if any: once it listens, so the API's start comes first. */
  startBuild: () => void
}

type State = {
  build: () => Build | null
  now: BuildState
  settled: Promise<BuildState>
}

const CURRENT: State = { build: () => null, now: 'current', settled: Promise.resolve('current') }

/**
 * Whether the build is current, and how it will end when it is not: by a build this process runs
 * when it serves alone (started by `build()`), or, in a worker, as the primary says.
 */
const buildState = (): State => {
  // `npm run dev`: Next compiles pages as they are asked for.
  if (!isProduction()) return CURRENT
  if (cluster.isWorker) {
    const told = process.env[BUILD_STATE]
    const now: BuildState = told === 'building' || told === 'failed' ? told : 'current'
    const settled = new Promise<BuildState>((resolve) => {
      if (now !== 'building') return resolve(now)
      const listen = (message: unknown) => {
        if (!isRecord(message) || !['current', 'failed'].includes(String(message.adminBuild)))
          return
        process.off('message', listen)
        resolve(message.adminBuild === 'current' ? 'current' : 'failed')
      }
      process.on('message', listen)
      // A message sent before this process listened for it was lost: ask again.
      process.send?.(ADMIN_BUILD_QUERY)
    })
    return { build: () => null, now, settled }
  }
  if (buildIsCurrent()) return CURRENT
  let ended: (state: BuildState) => void = () => {}
  const settled = new Promise<BuildState>((resolve) => (ended = resolve))
  return {
    build: () => buildBeside(ended, () => stopping),
    now: 'building',
    settled,
  }
}

let stopping = false

/**
 * The admin UI of this process. Called at the start of `main`, so a worker hears the primary's
 * message even while Payload is starting; `ready` resolves at once only when the build is
 * current (the process then waits for Next before it listens, as it always did). Otherwise the
 * build starts once the process listens (`startBuild`).
 */
export const adminUi = (): AdminUi & { current: boolean } => {
  const { build: startBuild, now, settled } = buildState()
  let build: Build | null = null
  let pending: AdminUiPending = now === 'failed' ? 'failed' : 'building'
  let handle: RequestHandler | undefined
  let close = async () => {}
  const waiting = adminUiPending(() => pending)

  const load = async () => {
    pending = 'starting'
    try {
      refuseInLeanBuild('Next (the admin UI)')
      const { default: next } = await import('next')
      const app = next({ dev: !isProduction(), dir: projectRoot })
      await app.prepare()
      const requestHandler = app.getRequestHandler()
      close = () => app.close().catch(() => {})
      handle = (req, res) => void requestHandler(req, res)
      logger.info('serving the admin UI')
    } catch (error) {
      pending = 'failed'
      logger.error({ err: error }, 'the admin UI could not be started: /admin says so')
    }
  }

  const ready = settled.then((state) => {
    if (stopping) return
    if (state === 'current') return load()
    pending = 'failed'
  })
  return {
    close: async () => {
      stopping = true
      await build?.stop()
      await close()
    },
    current: now === 'current',
    handler: (req, res, next) => (handle ? handle(req, res, next) : waiting(req, res, next)),
    ready,
    serving: () => handle !== undefined,
    startBuild: () => {
      if (!stopping) build ??= startBuild()
    },
  }
}
