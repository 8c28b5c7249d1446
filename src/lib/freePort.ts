import fs from 'node:fs'
import net from 'node:net'

/**
 * The kernel's ephemeral range: ports it hands to `listen(0)` and to outgoing connections. A port
 * chosen inside it can be taken by any of those between our check and the moment the service (which
 * migrates and builds first) binds it; so ports are chosen below it.
 */
const ephemeralStart = (): number => {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)
    return Number(low) || 32768
  } catch {
    return 32768
  }
}

const LOWEST = 20000
const given = new Set<number>()

/**
 * Processes that pick ports side by side (the test runner's workers, JEST_WORKER_ID 1, 2, …) each
 * pick in a slice of their own: the set of ports given out is one process's, and two workers once
 * gave out the same port a moment apart (a service's EADDRINUSE). Any other process: the whole span.
 */
const SLICES = 8
const sliceOf = (top: number): { low: number; span: number } => {
  const worker = Number(process.env.JEST_WORKER_ID)
  const whole = top - LOWEST
  if (!Number.isInteger(worker) || worker < 1) return { low: LOWEST, span: whole }
  const span = Math.floor(whole / SLICES)
  return { low: LOWEST + ((worker - 1) % SLICES) * span, span }
}

const bindable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, outside the ephemeral range and not
 * given out before by this process, so it stays free until whoever asked for it binds it.
 */
export const freePort = async (): Promise<number> => {
  const { low, span } = sliceOf(ephemeralStart())
  if (span > 1000)
    for (let tries = 0; tries < 200; tries++) {
      const port = low + Math.floor(Math.random() * span)
      if (given.has(port)) continue
      given.add(port)
      if (await bindable(port)) return port
    }
  // A machine whose ephemeral range starts low: let the kernel choose.
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      // A TCP server's address is an AddressInfo; a string names a pipe or socket file.
      if (!address || typeof address === 'string') return reject(new Error('not a TCP address'))
      server.close(() => resolve(address.port))
    })
  })
}
