/**
 * What the service sends to PostgreSQL, statement by statement (BEGIN and COMMIT included),
 * counted on Payload's pooled connections as bench/http/countStatements.mjs counts them in the
 * benchmark.
 */
import { beforeAll } from '@jest/globals'
import type pg from 'pg'

import { pooledClients } from '@/db/pooledQueries'

import type { TestContext } from './service'

/** The statements sent since `sent` was last emptied, once the file's service has started. */
export const countStatements = (context: Readonly<TestContext>) => {
  const counted = { sent: [] as string[] }
  /** Counts on the pool's clients themselves: the test's own `pg` import is another module instance. */
  const count = (client: pg.ClientBase) => {
    const send = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const first = args[0]
      counted.sent.push(
        typeof first === 'string' ? first : String(Reflect.get(Object(first), 'text')),
      )
      return send(...args)
    }) as pg.ClientBase['query']
  }
  beforeAll(() => {
    const pool = context.service.payload.db.pool
    pool.on('connect', count)
    for (const client of pooledClients(pool)) count(client)
  })
  return counted
}

/**
 * A statement by what it does: `begin`, `insert consumer`, `update lead_events`,
 * `select payload_locked_documents`, `batch: insert audit_log, insert webhook_deliveries`.
 */
export const statementKind = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim().toLowerCase()
  if (/^(begin|commit|rollback)\b/.test(flat)) return flat.split(' ')[0]
  if (flat.startsWith('with ') || flat.startsWith('insert into audit_log')) {
    const tables = [...flat.matchAll(/(insert into|delete from) "?([a-z_]+)"?/g)].map(
      ([, verb, table]) => `${verb.split(' ')[0]} ${table}`,
    )
    return `batch: ${tables.join(', ')}`
  }
  const match =
    /^(insert into|update|delete from) "?([a-z_]+)"?/.exec(flat) ??
    /^(select) .*? from "?([a-z_]+)"?/.exec(flat)
  return match ? `${match[1].split(' ')[0]} ${match[2]}` : flat.slice(0, 60)
}
