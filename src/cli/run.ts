import type { Payload } from 'payload'

import { logger } from '../lib/logger'
import { openRuntime } from '../server/runtime'

/** Wrong arguments: the message and exit code 2. */
export class UsageError extends Error {}

/** An expected failure (a check that did not pass): the message and exit code 1. */
export class TaskFailed extends Error {}

/**
 * Runs a CLI task against a migrated database and always closes it again. Usage errors exit 2
 * with their message; anything else exits 1.
 */
export const runTask = async (task: (payload: Payload) => Promise<unknown>): Promise<never> => {
  let code = 0
  try {
    const runtime = await openRuntime()
    try {
      const result = await task(runtime.payload)
      if (result !== undefined) process.stdout.write(`${JSON.stringify(result)}\n`)
    } finally {
      await runtime.close()
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof TaskFailed) {
      process.stderr.write(`${error.message}\n`)
      code = error instanceof UsageError ? 2 : 1
    } else {
      logger.error({ err: error }, 'command failed')
      process.stderr.write(`${(error as Error).message}\n`)
      code = 1
    }
  }
  process.exit(code)
}
