import fs from 'node:fs'
import net from 'node:net'

import { describe, expect, it } from '@jest/globals'

import { freePort } from '@/lib/freePort'

const ephemeralStart = Number(
  fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
)

describe('freePort', () => {
  it('gives ports below the ephemeral range, never the same one twice, each one bindable', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()))
    expect(new Set(ports).size).toBe(50)
    for (const port of ports) expect(port).toBeLessThan(ephemeralStart)
    // What the kernel hands to listen(0) and to outgoing connections cannot be one of them.
    const kernel = net.createServer()
    await new Promise<void>((resolve) => kernel.listen(0, '127.0.0.1', resolve))
    const address = kernel.address() as net.AddressInfo
    expect(ports).not.toContain(address.port)
    await new Promise((resolve) => kernel.close(resolve))
    const server = net.createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(ports[0], '127.0.0.1', resolve)
    })
    await new Promise((resolve) => server.close(resolve))
  })

  it('gives each test worker ports of its own slice, so two workers never pick the same', async () => {
    const saved = process.env.JEST_WORKER_ID
    const slice = Math.floor((ephemeralStart - 20000) / 8)
    try {
      for (const worker of [1, 2, 8]) {
        process.env.JEST_WORKER_ID = String(worker)
        const low = 20000 + (worker - 1) * slice
        for (const port of await Promise.all(Array.from({ length: 20 }, () => freePort()))) {
          expect(port).toBeGreaterThanOrEqual(low)
          expect(port).toBeLessThan(low + slice)
        }
      }
    } finally {
      if (saved === undefined) delete process.env.JEST_WORKER_ID
      else process.env.JEST_WORKER_ID = saved
    }
  })
})
