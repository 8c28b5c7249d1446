import { parseArgs, type ParseArgsConfig } from 'node:util'

import type { Payload } from 'payload'

import { ConfigError } from '@/lib/envSchema'
import { logger } from '@/lib/logger'
import { untilRunning } from '@/lib/startupGuard'
import { openRuntime } from '@/start/runtime'

/** Wrong arguments: the message and exit code 2. */
export class UsageError extends Error {}

/** An expected failure (a check that did not pass): the message and exit code 1. */
export class TaskFailed extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>

/** What was thrown, as its message (an Error's) or as text. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Parses `--name value` options, turning parse errors into a usage message. */
export const cliOptions = <T extends Options>(options: T, usage: string) => {
  try {
    return parseArgs({ options, strict: true }).values
  } catch (error) {
    throw new UsageError(`${messageOf(error)}\n${usage}`)
  }
}

/**
 * Runs a CLI task: `prepare` checks the arguments before anything starts, then `task` runs
 * against a migrated database, which is always closed again. The task's result is printed as
 * one JSON line on stdout. Usage errors exit 2, expected failures 1, each with its message only.
 */
export const runTask = async <T>(
  prepare: () => T,
  task: (payload: Payload, input: T) => Promise<unknown>,
): Promise<never> => {
  let code = 0
  // A task that stalls with nothing left to wait on must not pass for one that finished.
  const finishing = untilRunning('the command')
  try {
    const input = prepare()
    const runtime = await openRuntime()
    try {
      const result = await task(runtime.payload, input)
      if (result !== undefined) process.stdout.write(`${JSON.stringify(result)}\n`)
    } finally {
      await runtime.close()
    }
  } catch (error) {
    // A bad setting names its variable: the message is all there is to say.
    if (
      error instanceof UsageError ||
      error instanceof TaskFailed ||
      error instanceof ConfigError
    ) {
      process.stderr.write(`${error.message}\n`)
      code = error instanceof UsageError ? 2 : 1
    } else {
      logger.error({ err: error }, 'command failed')
      process.stderr.write(`${messageOf(error)}\n`)
      code = 1
    }
  }
  finishing.running()
  process.exit(code)
}
