/**
 * ETag, If-None-Match and If-Match over HTTP: a single-record answer names its version, a GET of
 * an unchanged record is 304, and a PATCH of a changed one is 412 in the envelope of its path;
 * concurrent PATCHes naming the same version lose no update: one wins, the rest are 412.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { NONE_MATCH_FAILED, PRECONDITION_FAILED } from '../../hooks/checkIfMatch'
import { type JsonResponse, sendJson } from '../helpers/http'
import { createLeadRecords } from '../helpers/leadSide'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
let eventId: number | string

const call = (
  method: string,
  path: string,
  { body, headers = {}, who = context.who.integrator } = {} as {
    body?: unknown
    headers?: Record<string, string>
    who?: { headers: Record<string, string> }
  },
): Promise<JsonResponse> => {
  // A tag read from an answer that had none must fail the test, not send no header.
  for (const [name, value] of Object.entries(headers))
    if (typeof value !== 'string') throw new Error(`${name} is ${value}`)
  return sendJson(context.service, method, `/api${path}`, {
    body,
    headers: { ...who.headers, ...headers },
  })
}

/** The version part of a tag (hooks/checkIfMatch.ts). */
const version = (tag: string) => tag.slice(1, 23)

/** A contact as staff read it over REST (the commerce API only updates contacts). */
const readContact = async () => {
  const response = await call('GET', '/contact/cnt_demo_rachel', { who: context.who.staff })
  return { ...response, body: { data: response.body } }
}

beforeAll(async () => {
  ;({ eventId } = await createLeadRecords(context.service.payload))
})

describe('ETag on single-record answers', () => {
  it('names the version in its first part, the same on the commerce and the REST path', async () => {
    const commerce = await call('GET', '/creditapps/crapp_demo_james')
    const rest = await call('GET', '/credit-app/crapp_demo_james?depth=0', {
      who: context.who.staff,
    })
    expect(commerce.status).toBe(200)
    expect(commerce.headers.etag).toMatch(/^"[\w-]{22}\.[\w-]{11}"$/)
    expect(version(rest.headers.etag)).toBe(version(commerce.headers.etag))
    // Different answers, different tags: a cache never takes one for the other.
    expect(rest.headers.etag).not.toBe(commerce.headers.etag)
  })

  it('changes with the record, and the PATCH answer names the new version', async () => {
    const before = await readContact()
    const patched = await call('PATCH', '/contacts/cnt_demo_rachel', { body: { firstName: 'Rae' } })
    expect(patched.status).toBe(200)
    expect(patched.headers.etag).toMatch(/^"/)
    expect(patched.headers.etag).not.toBe(before.headers.etag)
    const after = await readContact()
    expect(version(after.headers.etag)).toBe(version(patched.headers.etag))
  })

  it('is not given to lists or to answers that are not one record', async () => {
    expect((await call('GET', '/companies')).headers.etag).toBeUndefined()
    expect((await call('GET', '/errors', { who: context.who.staff })).headers.etag).toBeUndefined()
  })
})

describe('If-None-Match', () => {
  it('is 304 without a body while the record is unchanged, 200 once it changed', async () => {
    const first = await call('GET', '/deals/deal_demo_camry')
    const tag = first.headers.etag
    const unchanged = await call('GET', '/deals/deal_demo_camry', {
      headers: { 'If-None-Match': `"other", W/${tag}` },
    })
    expect(unchanged.status).toBe(304)
    expect(unchanged.body).toBeNull()
    expect(unchanged.headers.etag).toBe(tag)
    await context.service.payload.update({
      collection: 'deal',
      data: { currentBidPrice: (first.body.data.currentBidPrice ?? 0) + 100 },
      id: 'deal_demo_camry',
    })
    const changed = await call('GET', '/deals/deal_demo_camry', {
      headers: { 'If-None-Match': tag },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data.id).toBe('deal_demo_camry')
    expect(changed.headers.etag).not.toBe(tag)
  })
  it('is 200 when only a record embedded at this depth changed', async () => {
    const first = await call('GET', '/deals/deal_demo_camry?depth=1')
    const customer = first.body.data.customer
    expect(customer).toMatchObject({ id: expect.any(String) })
    await context.service.payload.update({
      collection: 'customer',
      data: { name: `${customer.name}x` },
      id: customer.id,
    })
    const changed = await call('GET', '/deals/deal_demo_camry?depth=1', {
      headers: { 'If-None-Match': first.headers.etag },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data.customer.name).toBe(`${customer.name}x`)
  })
})

describe('If-Match on PATCH', () => {
  it('updates when the tag names the current version (commerce, endpoint 5)', async () => {
    const { etag } = (await readContact()).headers
    const response = await call('PATCH', '/contacts/cnt_demo_rachel', {
      body: { firstName: 'Owner' },
      headers: { 'If-Match': etag },
    })
    expect(response.status).toBe(200)
    expect(response.body.data.firstName).toBe('Owner')
  })

  it('is 412 in the commerce envelope when the record changed since, and writes nothing', async () => {
    const { etag } = (await readContact()).headers
    await call('PATCH', '/contacts/cnt_demo_rachel', { body: { firstName: 'Staff edit' } })
    const stale = await call('PATCH', '/contacts/cnt_demo_rachel', {
      body: { firstName: 'Stale edit' },
      headers: { 'If-Match': etag },
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toEqual({
      error: { code: 412, message: PRECONDITION_FAILED },
      success: false,
    })
    expect((await readContact()).body.data.firstName).toBe('Staff edit')
  })

  it('is 412 in Payload\u2019s error shape on a REST path (endpoint 11)', async () => {
    const read = await call('GET', `/leadEvents/${eventId}`, { who: context.who.leadAgent })
    expect(read.status).toBe(200)
    await context.service.payload.update({
      collection: 'leadEvents',
      data: { status: 'Searching' },
      id: eventId,
    })
    const stale = await call('PATCH', `/leadEvents/${eventId}`, {
      body: { status: 'Sold' },
      headers: { 'If-Match': read.headers.etag },
      who: context.who.leadAgent,
    })
    expect(stale.status).toBe(412)
    expect(stale.body).toEqual({ errors: [{ message: PRECONDITION_FAILED }] })
  })

  it('takes a tag read from another path or depth: the version part is compared', async () => {
    const { etag } = (await readContact()).headers
    const response = await call('PATCH', '/contacts/cnt_demo_rachel', {
      body: { firstName: 'Cross' },
      headers: { 'If-Match': etag },
    })
    expect(response.status).toBe(200)
  })

  it('accepts *, and without If-Match a PATCH behaves as before', async () => {
    const star = await call('PATCH', '/contacts/cnt_demo_rachel', {
      body: { firstName: 'Any' },
      headers: { 'If-Match': '*' },
    })
    expect(star.status).toBe(200)
    expect(
      (await call('PATCH', '/contacts/cnt_demo_rachel', { body: { firstName: 'x' } })).status,
    ).toBe(200)
  })

  it('answers 404 for a record that is not there, and 400 on a bulk PATCH', async () => {
    const missing = await call('PATCH', '/contacts/cnt_nope', {
      body: { firstName: 'x' },
      headers: { 'If-Match': '"abc"' },
    })
    expect(missing.status).toBe(404)
    const bulk = await call('PATCH', '/errors?where[source][equals]=nothing', {
      body: { message: 'x' },
      headers: { 'If-Match': '"abc"' },
      who: context.who.staff,
    })
    expect(bulk.status).toBe(400)
    expect(bulk.body.errors[0].message).toMatch(/If-Match and If-None-Match apply to one record/)
  })

  it('guards a DELETE too: a stale tag is 412 and the record stays; the current one deletes', async () => {
    const created = await call('POST', '/errors', {
      body: { message: 'to delete' },
      who: context.who.staff,
    })
    const id = created.body.doc.id
    const { etag } = (await call('GET', `/errors/${id}`, { who: context.who.staff })).headers
    await call('PATCH', `/errors/${id}`, { body: { message: 'edited' }, who: context.who.staff })
    const stale = await call('DELETE', `/errors/${id}`, {
      headers: { 'If-Match': etag },
      who: context.who.staff,
    })
    expect(stale.status).toBe(412)
    expect((await call('GET', `/errors/${id}`, { who: context.who.staff })).status).toBe(200)
    const current = (await call('GET', `/errors/${id}`, { who: context.who.staff })).headers.etag
    const deleted = await call('DELETE', `/errors/${id}`, {
      headers: { 'If-Match': current },
      who: context.who.staff,
    })
    expect(deleted.status).toBe(200)
  })

  it('is 412 for If-None-Match: * on a write (the record exists) and for an unquoted tag', async () => {
    const { etag } = (await readContact()).headers
    const noneMatch = await call('PATCH', '/contacts/cnt_demo_rachel', {
      body: { firstName: 'x' },
      headers: { 'If-None-Match': '*' },
    })
    expect(noneMatch.status).toBe(412)
    expect(noneMatch.body.error.message).toBe(NONE_MATCH_FAILED)
    const unquoted = await call('PATCH', '/contacts/cnt_demo_rachel', {
      body: { firstName: 'x' },
      headers: { 'If-Match': etag.slice(1, -1) },
    })
    expect(unquoted.status).toBe(412)
  })

  it('compares If-None-Match on a write weakly: W/ before the current tag is 412 naming If-None-Match', async () => {
    const { etag } = (await readContact()).headers
    for (const header of [`W/${etag}`, `"other", W/${etag}`]) {
      const answer = await call('PATCH', '/contacts/cnt_demo_rachel', {
        body: { firstName: 'Weak' },
        headers: { 'If-None-Match': header },
      })
      expect(answer.status).toBe(412)
      expect(answer.body.error.message).toBe(NONE_MATCH_FAILED)
    }
    expect((await readContact()).body.data.firstName).not.toBe('Weak')
    // A weak tag naming another version lets the write through; If-Match stays strong.
    const other = await call('PATCH', '/contacts/cnt_demo_rachel', {
      body: { firstName: 'Weak' },
      headers: { 'If-None-Match': 'W/"other.tag"' },
    })
    expect(other.status).toBe(200)
    const weakMatch = await call('PATCH', '/contacts/cnt_demo_rachel', {
      body: { firstName: 'Weak again' },
      headers: { 'If-Match': `W/${other.headers.etag}` },
    })
    expect(weakMatch.status).toBe(412)
    expect(weakMatch.body.error.message).toBe(PRECONDITION_FAILED)
  })

  it('loses no update: of 6 concurrent PATCHes naming one version, one wins and 5 are 412', async () => {
    const { etag } = (await readContact()).headers
    const names = ['A', 'B', 'C', 'D', 'E', 'F'].map((letter) => `Concurrent ${letter}`)
    // Hold the row so that all six are in flight at once before any of them can write.
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    let answers: JsonResponse[]
    let waiting = 0
    try {
      await client.query('BEGIN')
      await client.query(`SELECT 1 FROM contact WHERE id = 'cnt_demo_rachel' FOR UPDATE`)
      const pending = Promise.all(
        names.map((firstName) =>
          call('PATCH', '/contacts/cnt_demo_rachel', {
            body: { firstName },
            headers: { 'If-Match': etag },
          }),
        ),
      )
      for (let polls = 0; waiting < names.length && polls < 200; polls++) {
        await new Promise((resolve) => setTimeout(resolve, 25))
        // Cleared first: in a transaction, pg_stat_activity is otherwise read once and kept.
        await client.query('SELECT pg_stat_clear_snapshot()')
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        )
        waiting = rows[0].n
      }
      expect(waiting).toBe(names.length)
      await client.query('COMMIT')
      answers = await pending
    } finally {
      await client.end()
    }
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412, 412, 412, 412])
    const winner = answers.find((answer) => answer.status === 200)!
    const now = await readContact()
    expect(now.body.data.firstName).toBe(winner.body.data.firstName)
    expect(version(now.headers.etag)).toBe(version(winner.headers.etag))
  })
})
