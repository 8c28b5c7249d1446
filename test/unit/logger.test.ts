/** The service's logger, in a process of its own as the service runs it. */
import { describe, expect, it } from '@jest/globals'

import { startScriptProcess } from '../helpers/serviceProcess'

describe('logger', () => {
  it('logs Payload’s own line for a refusal it raises as a plain APIError at info, and failures at error', async () => {
    const script = startScriptProcess('test/fixtures/logRefusals.ts', {
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
    })
    expect(await script.exited).toBe(0)
    const lines = script
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as {
            err?: { message: string }
            level: number
            msg?: string
            status?: number
          },
      )
    expect(
      lines.map(({ err, level, msg, status }) => ({ level, message: msg ?? err?.message, status })),
    ).toEqual([
      { level: 30, message: 'No User', status: 400 },
      { level: 50, message: 'Something broke', status: undefined },
      // Met by our own code, which says what failed: an error.
      { level: 50, message: 'job runner: a run failed', status: undefined },
      { level: 50, message: 'the provider answered 401', status: undefined },
      { level: 30, message: expect.any(String), status: 400 },
      { level: 50, message: expect.any(String), status: undefined },
    ])
  }, 60_000)
})
