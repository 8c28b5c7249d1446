/**
 * The settings every connection of the service's pool is opened with (src/db/pooledQueries.ts):
 * JIT off unless DATABASE_JIT says otherwise, and the statement timeout.
 */
import { describe, expect, it } from '@jest/globals'

import { poolOf } from '@/db/adapter'
import { sessionOptions } from '@/db/pooledQueries'

import { useTestService } from '../helpers/service'

const context = useTestService()

const show = async (name: string): Promise<string> => {
  const { rows } = await poolOf(context.service.payload).query(`SHOW ${name}`)
  return rows[0][name]
}

describe('the pool connections', () => {
  it('are opened with jit off, whatever the server says', async () => {
    expect(await show('jit')).toBe('off')
    // Every connection, not just the first: several checked out at once.
    const pool = poolOf(context.service.payload)
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()])
    try {
      for (const client of clients) expect((await client.query('SHOW jit')).rows[0].jit).toBe('off')
    } finally {
      for (const client of clients) client.release()
    }
  })

  it('carry the query timeout beside it', async () => {
    expect(await show('statement_timeout')).toMatch(/^\d+(ms|s)$/)
  })

  it('DATABASE_JIT=true sends nothing, leaving the server its setting', () => {
    expect(sessionOptions(true)).toEqual({})
    expect(sessionOptions(false)).toEqual({ options: '-c jit=off' })
  })
})
