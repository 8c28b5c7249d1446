import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'

import { describe } from '@jest/globals'
import { Redis } from 'ioredis'

import { freePort } from '@/lib/freePort'

export const REDIS_SERVER = '/usr/bin/redis-server'

export type RedisServer = {
  /** SIGSTOP: the server keeps its connections but answers nothing, as a hung server does. */
  pause: () => void
  resume: () => void
  stop: () => Promise<void>
  url: string
}

export const redisServerInstalled = (): boolean => fs.existsSync(REDIS_SERVER)

/** `describe` where redis-server is installed; elsewhere `describe.skip`, saying so for `file`. */
export const describeWithRedisServer = (file: string) => {
  if (redisServerInstalled()) return describe
  process.stderr.write(`${file}: no ${REDIS_SERVER}; skipped (apt-get install redis-server)\n`)
  return describe.skip
}

const answersPing = async (url: string): Promise<boolean> => {
  const client = new Redis(url, {
    connectTimeout: 500,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    return (await client.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

/**
 * A Redis of the test's own on a free port of 127.0.0.1, without persistence, so the test can
 * pause it without touching any other Redis on the machine. Signals go to its pid only.
 */
export const startRedisServer = async (): Promise<RedisServer> => {
  const port = await freePort()
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `redis://127.0.0.1:${port}`
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
  }
  for (const deadline = Date.now() + 10_000; !(await answersPing(url));) {
    if (Date.now() > deadline || child.exitCode !== null) {
      signal('SIGKILL')
      throw new Error(`redis-server on port ${port} did not answer`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    stop: async () => {
      signal('SIGCONT')
      signal('SIGTERM')
      await exited
    },
    url,
  }
}
