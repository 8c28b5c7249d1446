import pino from 'pino'

import { logger } from '@/lib/logger'

export type LogCapture = {
  lines: () => Record<string, unknown>[]
  restore: () => void
  text: () => string
}

/** Every line the service's logger writes from now on, kept besides being written. */
export const captureLog = (): LogCapture => {
  let captured = ''
  const stream = (logger as unknown as Record<symbol, { write: (line: string) => unknown }>)[
    pino.symbols.streamSym
  ]
  const write = stream.write
  stream.write = function (line: string) {
    captured += line
    return write.call(this, line)
  }
  return {
    lines: () =>
      captured
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => void (stream.write = write),
    text: () => captured,
  }
}
