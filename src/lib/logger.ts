import pino from 'pino'

import { logLevel } from './settings'

/**
 * The one logger of the process, also handed to Payload as its logger. JSON lines; set
 * LOG_PRETTY=true for human-readable output. Credentials and cookies are redacted wherever
 * they would appear.
 */
export const logger = pino({
  level: logLevel(),
  redact: {
    censor: '[redacted]',
    paths: ['authorization', 'cookie', 'password', 'apiKey', '*.authorization', '*.cookie', '*.password', '*.apiKey'],
  },
  transport:
    process.env.LOG_PRETTY === 'true'
      ? { options: { colorize: true, ignore: 'pid,hostname' }, target: 'pino-pretty' }
      : undefined,
})
