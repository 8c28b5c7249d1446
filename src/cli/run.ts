import type { Payload } from 'payload'

import { logger } from '../lib/logger'
import { openRuntime } from '../server/runtime'

export class UsageError extends Error {}

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
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`)
      code = 2
    } else {
      logger.error({ err: error }, 'command failed')
      process.stderr.write(`${(error as Error).message}\n`)
      code = 1
    }
  }
  process.exit(code)
}
