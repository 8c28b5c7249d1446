import { describe, expect, it } from '@jest/globals'

import { runTsxScript } from '../helpers/tsxScript'

/**
 * nodemailer and ioredis are loaded by the first message sent and by REDIS_URL, not by every
 * process's start (src/email/adapter.ts, src/http/redis.ts). Node's CommonJS cache shows what a
 * process has loaded; opening a Redis client (to a closed port) shows the check can see it.
 */
const script = `
import { createRequire } from 'node:module'
import { emailAdapter } from './src/email/adapter.ts'
import { openRedis } from './src/http/redis.ts'
const loaded = () => Object.keys(createRequire(import.meta.url).cache)
  .map((file) => /node_modules\\/(nodemailer|ioredis)\\//.exec(file)?.[1]).filter(Boolean)
const atStart = [...new Set(loaded())]
const redis = openRedis('redis://127.0.0.1:1', 100)
redis.client.disconnect()
console.log(JSON.stringify({ afterRedis: [...new Set(loaded())], atStart, email: typeof emailAdapter }))
`

describe('modules loaded only when used', () => {
  it('are not loaded by importing the e-mail adapter and the Redis opener', async () => {
    const stdout = await runTsxScript(script)
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      afterRedis: ['ioredis'],
      atStart: [],
      email: 'function',
    })
  })
})
