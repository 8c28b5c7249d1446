/**
 * Idempotency-Key on creates, over HTTP: a retry answers what the first request answered and
 * creates nothing; another body is 422; a retry while the first runs is 409; keys are per caller;
 * a key whose request died is freed, unless its record was saved.
 */
import crypto from 'node:crypto'
import http from 'node:http'

import { describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { deleteExpiredKeys, messages } from '@/idempotency'

import { type JsonResponse, sendJson } from '../helpers/http'
import { apiClient, type Principal } from '../helpers/principals'
import { sampleRecords } from '../helpers/samples'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const newKey = () => crypto.randomUUID()
const uniqueName = () => `Idem${crypto.randomBytes(4).toString('hex')}`

const consumersNamed = async (lastName: string) =>
  (
    await context.service.payload.count({
      collection: 'consumer',
      where: { lastName: { equals: lastName } },
    })
  ).totalDocs

const postConsumer = (key: string, lastName: string, who = context.who.integrator) =>
  sendJson(context.service, 'POST', '/api/consumers', {
    body: { ...sampleRecords.consumer(), lastName },
    headers: { ...who.headers, 'Idempotency-Key': key },
  })

/** Sends twice: the second answer is the first's, status and body, marked replayed. */
const expectReplay = async (send: () => Promise<JsonResponse>, status: number) => {
  const first = await send()
  expect(first.status).toBe(status)
  const again = await send()
  expect(again.status).toBe(status)
  expect(again.body).toEqual(first.body)
  expect(again.headers['idempotent-replayed']).toBe('true')
}

const withClient = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/**
 * The sessions of this database that wait on a lock, once there is one (ten seconds at most):
 * a create held by the test's table lock.
 */
const lockWaiters = async (client: pg.Client): Promise<number[]> => {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    // In a transaction, pg_stat_activity is read once and kept unless cleared.
    await client.query('SELECT pg_stat_clear_snapshot()')
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND datname = current_database() AND pid <> pg_backend_pid()`,
    )
    if (rows.length > 0) return rows.map((row) => row.pid)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('no request came to wait on the lock')
}

describe('Idempotency-Key on a commerce create', () => {
  it('answers a retry with the first answer, marked replayed, and creates one record', async () => {
    const key = newKey()
    const lastName = uniqueName()
    const first = await postConsumer(key, lastName)
    expect(first.status).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await postConsumer(key, lastName)
    expect(again.status).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.headers['content-type']).toMatch(/^application\/json/)
    expect(again.body).toEqual(first.body)
    expect(await consumersNamed(lastName)).toBe(1)
  })

  it('is 422 for the same key with a different body, creating nothing more', async () => {
    const key = newKey()
    const lastName = uniqueName()
    expect((await postConsumer(key, lastName)).status).toBe(200)
    const other = await postConsumer(key, `${lastName}x`)
    expect(other.status).toBe(422)
    expect(other.body).toEqual({
      error: {
        code: 422,
        details: [expect.objectContaining({ field: 'Idempotency-Key' })],
        message: messages.mismatch,
      },
      success: false,
    })
    expect(await consumersNamed(`${lastName}x`)).toBe(0)
  })

  it('keeps keys per caller: the same key from another caller creates its own record', async () => {
    const key = newKey()
    const lastName = uniqueName()
    expect((await postConsumer(key, lastName)).status).toBe(200)
    const other = await postConsumer(key, lastName, context.who.clientAdmin)
    expect(other.status).toBe(200)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect(await consumersNamed(lastName)).toBe(2)
  })

  it('replays a refusal too: a 400 stays the answer to that key', async () => {
    const key = newKey()
    const bad = { firstName: 'No', lastName: uniqueName() }
    const send = () =>
      sendJson(context.service, 'POST', '/api/consumers', {
        body: bad,
        headers: { ...context.who.integrator.headers, 'Idempotency-Key': key },
      })
    await expectReplay(send, 400)
  })

  it('refuses a key that is too long or not printable ASCII, naming the header', async () => {
    for (const key of ['k'.repeat(256), 'caf\u00e9', 'tab\there']) {
      const response = await postConsumer(key, uniqueName())
      expect(response.status).toBe(400)
      expect(response.body.error.details).toEqual([
        { field: 'Idempotency-Key', message: 'is not valid' },
      ])
    }
    expect((await postConsumer('k'.repeat(255), uniqueName())).status).toBe(200)
  })

  it('is 409 with Retry-After while the first request still runs, then replays', async () => {
    const key = newKey()
    const lastName = uniqueName()
    await withClient(async (client) => {
      // Hold the consumers table so the first create waits inside its transaction.
      await client.query('BEGIN')
      await client.query('LOCK TABLE consumer IN EXCLUSIVE MODE')
      const first = postConsumer(key, lastName)
      // The retry goes out once the first create waits on the lock, its key claimed: sent
      // sooner, on a busy machine it could claim the key itself and then wait on the lock.
      await lockWaiters(client)
      const second = await postConsumer(key, lastName)
      expect(second.status).toBe(409)
      expect(second.headers['retry-after']).toBe('1')
      expect(second.body.error.message).toBe(messages.inFlight)
      await client.query('COMMIT')
      expect((await first).status).toBe(200)
    })
    const third = await postConsumer(key, lastName)
    expect(third.headers['idempotent-replayed']).toBe('true')
    expect(await consumersNamed(lastName)).toBe(1)
  })
})

describe('what makes two requests the same', () => {
  it('the query string: the same body to ?depth=0 is another request (422)', async () => {
    const key = newKey()
    const lastName = uniqueName()
    expect((await postConsumer(key, lastName)).status).toBe(200)
    const other = await sendJson(context.service, 'POST', '/api/consumers?depth=0', {
      body: { ...sampleRecords.consumer(), lastName },
      headers: { ...context.who.integrator.headers, 'Idempotency-Key': key },
    })
    expect(other.status).toBe(422)
  })

  it('one key only: the header sent twice is 400, not a key made of both', async () => {
    const url = new URL('/api/errors', context.service.url)
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        url,
        {
          headers: { 'content-type': 'application/json', 'idempotency-key': ['one', 'two'] },
          method: 'POST',
        },
        (response) => {
          response.resume()
          resolve(response.statusCode!)
        },
      )
      request.on('error', reject)
      request.end(JSON.stringify({ message: 'twice' }))
    })
    expect(status).toBe(400)
  })
})

describe('a slow first request', () => {
  it('keeps its key past the lease while it runs: a retry is 409, never a second record', async () => {
    process.env.IDEMPOTENCY_LEASE_SECONDS = '1'
    try {
      const key = newKey()
      const lastName = uniqueName()
      await withClient(async (client) => {
        await client.query('BEGIN')
        await client.query('LOCK TABLE consumer IN EXCLUSIVE MODE')
        const first = postConsumer(key, lastName)
        await lockWaiters(client)
        // Three leases go by while the first request waits.
        await new Promise((resolve) => setTimeout(resolve, 3000))
        const retry = await postConsumer(key, lastName)
        expect(retry.status).toBe(409)
        expect(retry.body.error.message).toBe(messages.inFlight)
        await client.query('COMMIT')
        expect((await first).status).toBe(200)
      })
      expect(await consumersNamed(lastName)).toBe(1)
    } finally {
      delete process.env.IDEMPOTENCY_LEASE_SECONDS
    }
  })
})

describe('kept answers', () => {
  it('are encrypted at rest (a birth date in a consumer answer is never stored in clear)', async () => {
    const key = newKey()
    expect((await postConsumer(key, uniqueName())).status).toBe(200)
    const { rows } = await withClient((client) =>
      client.query(
        `SELECT convert_from(body, 'UTF8') AS body FROM idempotency_keys WHERE key = $1`,
        [key],
      ),
    )
    expect(rows[0].body).toMatch(/^enc:v1:/)
    expect(rows[0].body).not.toContain('1990-01-01')
  })
})

describe('Idempotency-Key on a REST create', () => {
  it('replays the REST answer ({doc, message}) with its status', async () => {
    const key = newKey()
    const send = () =>
      sendJson(context.service, 'POST', '/api/errors', {
        body: { message: 'idempotent failure', source: 'test' },
        headers: { ...context.who.integrator.headers, 'Idempotency-Key': key },
      })
    await expectReplay(send, 201)
  })

  it('is 422 in Payload\u2019s error shape when the same key is sent to another path', async () => {
    const key = newKey()
    expect((await postConsumer(key, uniqueName())).status).toBe(200)
    const other = await sendJson(context.service, 'POST', '/api/errors', {
      body: { message: 'x', source: 'test' },
      headers: { ...context.who.integrator.headers, 'Idempotency-Key': key },
    })
    expect(other.status).toBe(422)
    expect(other.body.errors[0].message).toContain('Idempotency-Key')
  })
})

describe('a create that fails with a 5xx', () => {
  it('frees its key: the database connection killed mid-create is a 503, and the retry creates the record', async () => {
    const key = newKey()
    const lastName = uniqueName()
    await withClient(async (client) => {
      await client.query('BEGIN')
      await client.query('LOCK TABLE consumer IN EXCLUSIVE MODE')
      const first = postConsumer(key, lastName)
      const waiting = await lockWaiters(client)
      expect(waiting).toHaveLength(1)
      await client.query('SELECT pg_terminate_backend($1)', [waiting[0]])
      const failed = await first
      expect(failed.status).toBe(503)
      await client.query('COMMIT')
    })
    expect(await consumersNamed(lastName)).toBe(0)
    const retry = await postConsumer(key, lastName)
    expect(retry.status).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBeUndefined()
    expect(await consumersNamed(lastName)).toBe(1)
  })
})

describe('keys left by a request that died', () => {
  // A key claimed by a request that died before its transaction committed.
  const stale = (key: string) =>
    withClient((client) =>
      client.query(
        `INSERT INTO idempotency_keys (caller, key, request_hash, state, lease_until, expires_at)
         VALUES ($1, $2, 'unknown', 'running', now() - interval '1 second', now() + interval '1 day')`,
        [`api-clients:${context.who.integrator.id}`, key],
      ),
    )

  it('runs a retry again when nothing was saved', async () => {
    const key = newKey()
    await stale(key)
    const lastName = uniqueName()
    const response = await postConsumer(key, lastName)
    expect(response.status).toBe(200)
    expect(response.headers['idempotent-replayed']).toBeUndefined()
    expect(await consumersNamed(lastName)).toBe(1)
  })

  it('is 409 saying the record was saved when the create had committed', async () => {
    const key = newKey()
    const lastName = uniqueName()
    expect((await postConsumer(key, lastName)).status).toBe(200)
    // As if the process died after the commit, before it kept the answer.
    await withClient((client) =>
      client.query(
        `UPDATE idempotency_keys SET state = 'running', body = NULL, lease_until = now() - interval '1 second'
          WHERE key = $1`,
        [key],
      ),
    )
    const response = await postConsumer(key, lastName)
    expect(response.status).toBe(409)
    expect(response.body.error.message).toBe(messages.committedLost)
    expect(await consumersNamed(lastName)).toBe(1)
  })

  it('marks the key in the create\u2019s transaction', async () => {
    const key = newKey()
    expect((await postConsumer(key, uniqueName())).status).toBe(200)
    const { rows } = await withClient((client) =>
      client.query('SELECT committed, state FROM idempotency_keys WHERE key = $1', [key]),
    )
    expect(rows).toEqual([{ committed: true, state: 'done' }])
  })

  it('expired keys are deleted, and an expired key runs again', async () => {
    const key = newKey()
    const lastName = uniqueName()
    expect((await postConsumer(key, lastName)).status).toBe(200)
    await withClient(async (client) => {
      await client.query(
        `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`,
        [key],
      )
      expect((await postConsumer(key, lastName)).headers['idempotent-replayed']).toBeUndefined()
      expect(await consumersNamed(lastName)).toBe(2)
      await client.query(
        `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`,
        [key],
      )
      expect(await deleteExpiredKeys(client)).toBeGreaterThanOrEqual(1)
      const { rows } = await client.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])
      expect(rows).toEqual([])
    })
  })
})

describe('a replay to a caller whose access changed', () => {
  /** A client of its own (its role changes), and a way to change it and wait until it applies. */
  const changingClient = async () => {
    const client = await apiClient(context.service.payload, 'admin')
    const become = async (role: 'admin' | 'integrator' | 'lead-agent') => {
      await context.service.payload.update({
        collection: 'api-clients',
        data: { role },
        id: client.id!,
      })
      // Every instance forgets the cached client on the change's notice: wait until it has.
      for (let attempt = 0; attempt < 100; attempt++) {
        const read = await sendJson(context.service, 'GET', `/api/api-clients/${client.id}`, {
          headers: client.headers,
        })
        if (read.body.role === role) return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`the client never became ${role}`)
    }
    return { become, client }
  }

  const replayTo = (client: Principal, path: string, key: string, body: unknown) =>
    sendJson(context.service, 'POST', path, {
      body,
      headers: { ...client.headers, 'Idempotency-Key': key },
    })

  it('replays to a caller whose access is unchanged an answer embedding related records', async () => {
    const key = newKey()
    const send = () =>
      replayTo(
        context.who.integrator,
        '/api/creditapps?depth=2',
        key,
        sampleRecords['credit-app'](),
      )
    const first = await send()
    expect(first.body.data.consumer).toMatchObject({ birthDate: expect.any(String) })
    const again = await send()
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
  })

  it('is 403 in the commerce envelope once it may no longer create the record, and replays again when it may', async () => {
    const { become, client } = await changingClient()
    const key = newKey()
    const body = { ...sampleRecords.consumer(), lastName: uniqueName() }
    const first = await replayTo(client, '/api/consumers', key, body)
    expect(first.status).toBe(200)
    expect(first.body.data.birthDate).toBe('1990-01-01')
    await become('lead-agent')
    const refused = await replayTo(client, '/api/consumers', key, body)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ error: { code: 403, message: 'Forbidden' }, success: false })
    expect(refused.headers['idempotent-replayed']).toBeUndefined()
    await become('integrator')
    const again = await replayTo(client, '/api/consumers', key, body)
    expect(again.status).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
  })

  it('is 403 in Payload\u2019s shape on a REST create: a demoted admin never sees the webhook secret again', async () => {
    const { become, client } = await changingClient()
    const key = newKey()
    const body = { events: ['error.created'], url: 'https://example.com/hook' }
    const first = await replayTo(client, '/api/webhook-endpoints', key, body)
    expect(first.status).toBe(201)
    expect(first.body.doc.secret).toMatch(/^whsec_/)
    expect((await replayTo(client, '/api/webhook-endpoints', key, body)).body).toEqual(first.body)
    await become('integrator')
    const refused = await replayTo(client, '/api/webhook-endpoints', key, body)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      errors: [{ message: 'You are not allowed to perform this action.' }],
    })
    expect(JSON.stringify(refused.body)).not.toContain(first.body.doc.secret)
  })
})
