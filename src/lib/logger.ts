import pino from 'pino'

import { logLevel } from './settings'

/**
 * The one logger of the process, also handed to Payload as its logger. JSON lines on stdout
 * (stderr for CLI scripts, whose stdout is their result); LOG_PRETTY=true for human-readable output. Credentials and cookies are redacted wherever
 * they would appear.
 */
const toStderr = process.env.LOG_DESTINATION === 'stderr'

export const logger = pino(
  {
  level: logLevel(),
  redact: {
    censor: '[redacted]',
    paths: ['authorization', 'cookie', 'password', 'apiKey', '*.authorization', '*.cookie', '*.password', '*.apiKey'],
  },
  transport:
    process.env.LOG_PRETTY === 'true'
      ? { options: { colorize: true, destination: toStderr ? 2 : 1, ignore: 'pid,hostname' }, target: 'pino-pretty' }
      : undefined,
  },
  process.env.LOG_PRETTY === 'true' ? undefined : pino.destination(toStderr ? 2 : 1),
)
