import pino from 'pino'

import { isRecord } from './isRecord'
import { refusalStatusOf } from './logLevels'
import { safeError, safeMessage } from './logSafety'
import { requestContext } from './requestContext'
import { loggingSettings } from './settings'
import { withSourceStack } from './sourceStack'

/**
 * The one logger of the process, also handed to Payload as its logger. JSON lines on stdout
 * (stderr for CLI scripts, whose stdout is their result); LOG_PRETTY=true for human-readable
 * output. Credentials and cookies are redacted wherever they would appear, and errors never carry
 * a value a caller sent (src/lib/logSafety.ts).
 */
const { LOG_DESTINATION, LOG_LEVEL, LOG_PRETTY } = loggingSettings()

const ERROR_LEVEL = 50
const toStderr = LOG_DESTINATION === 'stderr'
const destination = LOG_PRETTY ? undefined : pino.destination(toStderr ? 2 : 1)

export const logger = pino(
  {
    hooks: {
      // `logger.error({ err })` would log err.message as the line's message: for a failed query
      // that message holds the statement's parameters.
      logMethod(args, method, level) {
        const first: unknown = args[0]
        // `logger.error(error)` logs the error as `err`, with its message as the line's.
        const error =
          first instanceof Error
            ? first
            : first && typeof first === 'object' && 'err' in first
              ? first.err
              : undefined
        // Nothing failed: logged as Payload logs its named refusals, a message at info. Only
        // Payload's own line (`{ err }` alone, from its route's logError): a refusal met by our
        // code (a job, a script) says what failed, and stays an error.
        const payloadsLine =
          error !== undefined &&
          args.length === 1 &&
          isRecord(first) &&
          Object.keys(first).length === 1
        const status = payloadsLine ? refusalStatusOf(error) : undefined
        if (level >= ERROR_LEVEL && status)
          return this.info(
            { status },
            safeMessage(error) ?? String(isRecord(error) ? error.message : undefined),
          )
        const message = args.length === 1 && error !== undefined ? safeMessage(error) : undefined
        if (message)
          return method.apply(this, [
            first instanceof Error ? { err: first } : first,
            message,
          ] as never)
        return method.apply(this, args)
      },
    },
    level: LOG_LEVEL,
    // Lines written while serving a request carry its id, whoever writes them (Payload included).
    mixin: () => {
      const context = requestContext.getStore()
      return context ? { reqId: context.reqId } : {}
    },
    redact: {
      censor: '[redacted]',
      paths: [
        'authorization',
        'cookie',
        'password',
        'apiKey',
        '*.authorization',
        '*.cookie',
        '*.password',
        '*.apiKey',
      ],
    },
    serializers: {
      err: (error: unknown) =>
        withSourceStack(safeError(error) ?? pino.stdSerializers.err(error as Error)),
    },
    transport: LOG_PRETTY
      ? {
          options: { colorize: true, destination: toStderr ? 2 : 1, ignore: 'pid,hostname' },
          target: 'pino-pretty',
        }
      : undefined,
  },
  destination,
)

// The reader of the log went away (EPIPE): nothing can be logged any more, and an unhandled
// 'error' of the destination would end the process (src/lib/closedOutput.ts).
destination?.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  logger.level = 'silent'
})
