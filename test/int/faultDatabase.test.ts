/**
 * Database faults never mislead a client: a write answered 2xx is stored, a COMMIT that fails
 * is an error (503, retryable), a database that cannot be reached is 503 with Retry-After (not
 * 401 for a valid key), and a request body is refused as soon as it passes the cap.
 */
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { JWT_AUTH_VERSION } from 'payload'
import pg from 'pg'

import { classifyFailure } from '@/errors'
import { compiledErrorCreates } from '@/flows/errorCreate'

import { createTestDatabase } from '../helpers/database'
import { apiClient, createPrincipals, type Principal, staffUser } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy'

let database: { drop: () => Promise<void>; url: string }
let proxy: TcpProxy
let service: TestService
let integrator: Principal
let leadAgent: Principal
let staff: Principal
/** This file's service gives up on a silent connection soon: its query and connect timeouts. */
const QUERY_TIMEOUT_MS = 3000
const CONNECT_TIMEOUT_MS = 5000
const timeoutsBefore = {
  DATABASE_CONNECT_TIMEOUT_MS: process.env.DATABASE_CONNECT_TIMEOUT_MS,
  DATABASE_QUERY_TIMEOUT_MS: process.env.DATABASE_QUERY_TIMEOUT_MS,
}

beforeAll(async () => {
  process.env.DATABASE_QUERY_TIMEOUT_MS = String(QUERY_TIMEOUT_MS)
  process.env.DATABASE_CONNECT_TIMEOUT_MS = String(CONNECT_TIMEOUT_MS)
  database = await createTestDatabase()
  const direct = new URL(database.url)
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
  const proxied = new URL(database.url)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(proxy.port)
  service = await startTestService({ databaseUrl: proxied.toString() })
  ;({ integrator, leadAgent, staff } = await createPrincipals(service.payload))
})

afterAll(async () => {
  for (const [name, value] of Object.entries(timeoutsBefore)) process.env[name] = value ?? ''
  await service?.close()
  await proxy?.stop()
  await database?.drop()
})

/** A client of the test database that does not go through the proxy. */
const withDirectClient = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

const postError = (message: string) =>
  service.api('/api/errors', {
    body: JSON.stringify({ message }),
    headers: { 'Content-Type': 'application/json' },
    method: 'POST',
  })

/** A transaction of the service's adapter, and the handle its statements run through. */
const beginTransaction = async () => {
  const id = String(await service.payload.db.beginTransaction())
  const tx = (
    service.payload.db as unknown as {
      sessions: Record<
        string,
        { db: { execute: (query: unknown) => Promise<{ rows: { pid: number }[] }> } }
      >
    }
  ).sessions[id].db
  return { id, tx }
}

describe('a failed COMMIT', () => {
  it('is an error of the database adapter, never a success (the patched @payloadcms/drizzle)', async () => {
    const { payload } = service
    const { id, tx } = await beginTransaction()
    const [{ pid }] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows
    await tx.execute(
      sql`insert into errors (message, updated_at, created_at) values ('never committed', now(), now())`,
    )
    await withDirectClient((client) => client.query('select pg_terminate_backend($1)', [pid]))
    await expect(payload.db.commitTransaction(id)).rejects.toThrow()
    const stored = await withDirectClient((client) =>
      client.query(`select count(*)::int as n from errors where message = 'never committed'`),
    )
    expect(stored.rows[0].n).toBe(0)
  })

  /** Keys of the records a storm's writes stored, one per row (a key twice is a write made twice). */
  const storedKeys = async (query: string) =>
    (await withDirectClient((client) => client.query<{ key: string }>(query))).rows.map(
      (row) => row.key,
    )

  const postConsumer = (lastName: string) =>
    service.api('/api/consumers', {
      body: JSON.stringify({
        birthDate: '1990-01-02',
        firstName: 'Storm',
        lastName,
        phoneNumber: '(512) 555-0112',
      }),
      headers: { ...integrator.headers, 'Content-Type': 'application/json' },
      method: 'POST',
    })

  const storedErrors = `select message as key from errors where message like 'load-%'`
  it.each([
    {
      name: "an error record (Payload's create)",
      ok: 201,
      // Two storms of anonymous writes within the address's rate limit (600 a minute).
      writes: 200,
      post: postError,
      stored: storedErrors,
      compiled: false,
    },
    {
      // A connection lost with its one statement in flight is a 503, never written again by Payload.
      name: "an error record (endpoint 15's compiled create)",
      ok: 201,
      writes: 200,
      post: postError,
      stored: storedErrors,
      compiled: true,
    },
    {
      // Its failures before the commit are left to Payload's create: still one record, or a 503.
      name: "a consumer by an API client (endpoint 4's compiled create)",
      ok: 200,
      // Within the key's commerce rate limit, the write after the storm included.
      writes: 200,
      post: postConsumer,
      stored: `select last_name as key from consumer where last_name like 'load-%'`,
    },
  ])(
    'under load, with backends terminated mid-transaction: every create of $name answered 2xx is stored once, every other one is a 503',
    async ({ compiled = true, ok, post, stored: query, writes }) => {
      compiledErrorCreates.enabled = compiled
      const served = compiledErrorCreates.served
      // Each error record's INSERT takes 20 ms, so about ten are in flight whenever the killer
      // looks: the compiled create's one statement is otherwise over before the storm can catch
      // it, and on a loaded machine (the killer's connections slow to open) 5 ms caught none.
      await withDirectClient((client) =>
        client.query(`CREATE OR REPLACE FUNCTION test_slow() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN PERFORM pg_sleep(0.02); RETURN NEW; END $$;
          CREATE OR REPLACE TRIGGER test_slow BEFORE INSERT ON errors FOR EACH ROW
            WHEN (NEW.message LIKE 'load-%') EXECUTE FUNCTION test_slow()`),
      )
      const messages = Array.from({ length: writes }, (_, index) => `load-${index}-${Date.now()}`)
      let killing = true
      const killer = (async () => {
        while (killing) {
          await withDirectClient((client) =>
            client.query(
              `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`,
            ),
          ).catch(() => {})
          await new Promise((resolve) => setTimeout(resolve, 15))
        }
      })()
      const answers: { message: string; retryAfter: null | string; status: number }[] = []
      const queue = [...messages]
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          for (let message = queue.shift(); message; message = queue.shift()) {
            const response = await post(message)
            await response.arrayBuffer()
            answers.push({
              message,
              retryAfter: response.headers.get('retry-after'),
              status: response.status,
            })
          }
        }),
      )
      killing = false
      await killer
      compiledErrorCreates.enabled = true
      await withDirectClient((client) =>
        client.query('DROP TRIGGER test_slow ON errors; DROP FUNCTION test_slow()'),
      )
      // The path named wrote them: the compiled create answered some, or none.
      expect(compiledErrorCreates.served > served).toBe(compiled && post === postError)

      // This storm's keys only: the cases before it stored theirs.
      const keys = (await storedKeys(query)).filter((key) => messages.includes(key))
      const stored = new Set(keys)
      const acknowledged = answers.filter((answer) => answer.status === ok)
      const refused = answers.filter((answer) => answer.status !== ok)
      expect(acknowledged.length).toBeGreaterThan(0)
      // The storm did hit requests in flight (else this proves nothing).
      expect(refused.length).toBeGreaterThan(0)
      expect(acknowledged.filter((answer) => !stored.has(answer.message))).toEqual([])
      expect(keys.length).toBe(stored.size)
      expect(
        refused.filter((answer) => answer.status !== 503 || answer.retryAfter === null),
      ).toEqual([])
      // The service recovers: a write after the storm is stored.
      expect((await post(`after the storm ${Date.now()}`)).status).toBe(ok)
    },
  )
})

describe('concurrent updates', () => {
  it('several times more than the pool has connections, of one record and of others: every one answers, none waits for a connection', async () => {
    const events = await Promise.all(
      Array.from({ length: 5 }, () =>
        service.payload.create({
          collection: 'leadEvents',
          data: { status: 'Searching', type: 'Lead Created' },
        }),
      ),
    )
    // The pool holds 10 connections; half the updates go to one record, the rest to four others.
    const targets = Array.from({ length: 60 }, (_, index) => events[index % 2 ? 0 : index % 5].id)
    const answers = await Promise.all(
      targets.map(async (id, index) => {
        const started = Date.now()
        const response = await service.api(`/api/leadEvents/${id}`, {
          body: JSON.stringify({ nextSteps: `call back ${index}` }),
          headers: { ...leadAgent.headers, 'Content-Type': 'application/json' },
          method: 'PATCH',
        })
        await response.arrayBuffer()
        return { ms: Date.now() - started, status: response.status }
      }),
    )
    const slowest = Math.max(...answers.map((answer) => answer.ms))
    process.stderr.write(
      `concurrent updates: ${answers.filter((a) => a.status === 200).length}/${answers.length} answered 200, slowest ${slowest} ms\n`,
    )
    // One that waited for a connection past CONNECT_TIMEOUT_MS would have failed (503): every
    // status says none did. The time only rules out a hang; how fast is the benches' business.
    expect(answers.filter((answer) => ![200, 409, 412].includes(answer.status))).toEqual([])
    expect(slowest).toBeLessThan(6 * CONNECT_TIMEOUT_MS)

    // The lock check, now in the update's transaction, still refuses a record a staff user has
    // open in the admin UI.
    await service.payload.create({
      collection: 'payload-locked-documents',
      data: {
        document: { relationTo: 'leadEvents', value: events[1].id },
        user: { relationTo: 'users', value: Number(staff.id) },
      },
    })
    const locked = await service.api(`/api/leadEvents/${events[1].id}`, {
      body: JSON.stringify({ nextSteps: 'while it is open' }),
      headers: { ...leadAgent.headers, 'Content-Type': 'application/json' },
      method: 'PATCH',
    })
    expect(locked.status).toBe(423)
  })
})

describe('a database that cannot be reached', () => {
  it('answers 503 with Retry-After, never 401 for a valid key, and recovers when it is back', async () => {
    await proxy.cut()
    try {
      const ready = await service.api('/readyz')
      expect(ready.status).toBe(503)
      const commerce = await service.api('/api/customers/cus_demo', { headers: integrator.headers })
      expect(commerce.status).toBe(503)
      expect(commerce.headers.get('retry-after')).toBe('5')
      expect(await commerce.json()).toEqual({
        error: { code: 503, message: 'Service Unavailable' },
        success: false,
      })
      const rest = await service.api('/api/deal', { headers: integrator.headers })
      expect(rest.status).toBe(503)
      expect(rest.headers.get('retry-after')).toBe('5')
      expect(await rest.json()).toEqual({ errors: [{ message: 'Service Unavailable' }] })
      const write = await postError('while the database is away')
      expect(write.status).toBe(503)
      // An unknown key is still told so only when the database can be asked.
      const unknown = await service.api('/api/deal', {
        headers: { Authorization: 'api-clients API-Key nope' },
      })
      expect(unknown.status).toBe(503)
    } finally {
      await proxy.restore()
    }
    expect((await service.api('/readyz')).status).toBe(200)
    expect((await service.api('/api/deal', { headers: integrator.headers })).status).toBe(200)
    expect((await postError('after the database came back')).status).toBe(201)
    expect(
      (await service.api('/api/deal', { headers: { Authorization: 'api-clients API-Key nope' } }))
        .status,
    ).toBe(401)
  })
})

describe('a credential lookup that fails while the database answers', () => {
  const alter = (statement: string) => withDirectClient((client) => client.query(statement))
  /** Runs `during` with `what` renamed away, so Payload's lookup fails while the database answers. */
  const withAway = async (what: string, during: () => Promise<void>) => {
    const [table, column] = what.split('.')
    const rename = (from: string, to: string) =>
      alter(
        column
          ? `ALTER TABLE ${table} RENAME COLUMN ${from} TO ${to}`
          : `ALTER TABLE ${from} RENAME TO ${to}`,
      )
    const name = column ?? table
    await rename(name, `${name}_away`)
    try {
      await during()
    } finally {
      await rename(`${name}_away`, name)
    }
  }
  const statusOf = async (headers: Record<string, string>) => {
    const answer = await service.api('/api/deal', { headers })
    return [answer.status, answer.headers.get('retry-after')]
  }
  const nope = { Authorization: 'api-clients API-Key nope' }
  const unavailable = [503, '5']
  const unauthorized = [401, null]

  it('is 503 for a key that is stored or could not be looked up, and 401 for one that is not stored', async () => {
    // Keys never used: no process has them cached.
    const [first, second] = await Promise.all([
      apiClient(service.payload, 'integrator'),
      apiClient(service.payload, 'integrator'),
    ])
    // A column Payload reads and the second lookup does not: the key is found, so 503.
    await withAway('api_clients.name', async () => {
      expect(await statusOf(first.headers)).toEqual(unavailable)
      expect(await statusOf(nope)).toEqual(unauthorized)
    })
    // The table itself: the second lookup fails too, so 503 whatever the key.
    await withAway('api_clients', async () => {
      expect(await statusOf(second.headers)).toEqual(unavailable)
      expect(await statusOf(nope)).toEqual(unavailable)
    })
    expect(await statusOf(first.headers)).toEqual([200, null])
    expect(await statusOf(nope)).toEqual(unauthorized)
  })

  it('is 503 for a staff token whose session is stored, and 401 for one that is no good', async () => {
    const token = staff.headers.Authorization.slice('JWT '.length)
    const [header, body] = token.split('.')
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString())
    const signed = (changes: Record<string, unknown>, expires: number | string = '1h') =>
      new SignJWT({ ...claims, ...changes })
        .setProtectedHeader({ alg: 'HS256', authVersion: JWT_AUTH_VERSION })
        .setExpirationTime(expires)
        .sign(new TextEncoder().encode(service.payload.secret))
    // Signed by the service, each: past its time, of another collection, of a session ended.
    const ended = await staffUser(service.payload, 'staff')
    await alter(`DELETE FROM users_sessions WHERE _parent_id = ${Number(ended.id)}`)
    const noGood = [
      await signed({}, Math.floor(Date.now() / 1000) - 60),
      await signed({ collection: 'api-clients' }),
      ended.headers.Authorization.slice('JWT '.length),
      `${header}.${body}.AAAA`,
      'nope',
    ]
    await withAway('users', async () => {
      expect(await statusOf(staff.headers)).toEqual(unavailable)
      expect(await statusOf({ Authorization: `Bearer ${token}` })).toEqual(unavailable)
      expect(await statusOf({ Authorization: `JWT ${await signed({})}` })).toEqual(unavailable)
      for (const bad of noGood)
        expect([bad, await statusOf({ Authorization: `JWT ${bad}` })]).toEqual([bad, unauthorized])
    })
    expect(await statusOf(staff.headers)).toEqual([200, null])
  })
})

describe('a connection that goes silent', () => {
  it('fails the request it carries with 503 and Retry-After once the query timeout passes, never a hung request; later requests succeed', async () => {
    const timed = async (send: () => Promise<Response>) => {
      const started = Date.now()
      const response = await send()
      await response.arrayBuffer()
      return {
        ms: Date.now() - started,
        retryAfter: response.headers.get('retry-after'),
        status: response.status,
      }
    }
    // Before the timeout existed these waited for ever: the fetch gives up first, failing the test.
    const signal = () => AbortSignal.timeout(30_000)
    // Connections are open and idle (and the key is known) when the network goes silent: a new
    // connection would be DATABASE_CONNECT_TIMEOUT_MS's to give up on, not this timeout's.
    await Promise.all(
      Array.from({ length: 4 }, () => service.api('/api/deal', { headers: integrator.headers })),
    )
    proxy.silence()
    try {
      const answers = await Promise.all([
        // One query each (a list would wait once for its page and once for its count).
        timed(() =>
          service.api('/api/deal/deal_none', { headers: integrator.headers, signal: signal() }),
        ),
        timed(() =>
          service.api('/api/errors', {
            body: JSON.stringify({ message: 'while the database is silent' }),
            headers: { 'Content-Type': 'application/json' },
            method: 'POST',
            signal: signal(),
          }),
        ),
      ])
      for (const answer of answers) {
        expect(answer).toEqual({ ms: expect.any(Number), retryAfter: '5', status: 503 })
        // Bounded by the timeouts: a query on an open connection is given up a second after the
        // query timeout, a new connection at the connect timeout (a request may meet both). The
        // slack is a busy machine's (10.6 s was seen with three test files at once); a request
        // without the timeouts waits until the fetch gives up at 30 s.
        expect(answer.ms).toBeLessThan(QUERY_TIMEOUT_MS + 1000 + CONNECT_TIMEOUT_MS + 5000)
      }
    } finally {
      proxy.speak()
    }
    expect((await service.api('/api/deal', { headers: integrator.headers })).status).toBe(200)
    expect((await postError('after the silence')).status).toBe(201)
  })

  it('in a transaction: the query fails at the timeout, and the rollback does not wait behind it', async () => {
    const { id, tx } = await beginTransaction()
    await tx.execute(sql`select 1`)
    proxy.silence()
    try {
      const error = await tx.execute(sql`select 2`).catch((caught: unknown) => caught)
      expect(classifyFailure(error)).toEqual({ kind: 'unavailable' })
      const started = Date.now()
      await service.payload.db.rollbackTransaction(id)
      // Without closing the connection, ROLLBACK queued behind the dead query for a second timeout.
      expect(Date.now() - started).toBeLessThan(1000)
    } finally {
      proxy.speak()
    }
    expect((await postError('after the silent transaction')).status).toBe(201)
  })

  it('a statement running past the timeout is cancelled by PostgreSQL: 57014, classified as the database being unavailable', async () => {
    const error = await service.payload.db.drizzle
      .execute(sql`select pg_sleep(${(QUERY_TIMEOUT_MS + 2000) / 1000})`)
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ cause: { code: '57014' } })
    expect(classifyFailure(error)).toEqual({ kind: 'unavailable' })
  })
})

describe('a chunked body past the cap', () => {
  it('is refused with 413 as soon as the cap is passed, without reading the rest', async () => {
    const rssBefore = process.memoryUsage().rss
    const url = new URL(service.url)
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const result = await new Promise<{ sent: number; status: number }>((resolve, reject) => {
      let sent = 0
      const request = http.request(
        {
          headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
          host: url.hostname,
          method: 'POST',
          // Anyone may report an error: the body is read, not refused for want of a caller.
          path: '/api/errors',
          port: url.port,
        },
        (response) => {
          response.resume()
          resolve({ sent, status: response.statusCode! })
          request.destroy()
        },
      )
      request.on('error', (error) => (sent > 0 ? undefined : reject(error)))
      const pump = () => {
        // Up to 100 MiB, written as fast as the socket takes it.
        while (sent < 100 * 1024 * 1024) {
          sent += chunk.length
          if (!request.write(chunk)) return void request.once('drain', pump)
        }
        request.end()
      }
      pump()
    })
    expect(result.status).toBe(413)
    expect(result.sent).toBeLessThan(100 * 1024 * 1024)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024)
  })
})
