/** Endpoints 13–17: the error-record collection over Payload's REST API at /api/errors. */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { invalidPaths, sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true })
const staff = () => context.who.staff.headers
const report = (body: unknown, headers: Record<string, string> = {}) =>
  sendJson(context.service, 'POST', '/api/errors', { body, headers })

beforeAll(async () => {
  // Twelve reports, oldest first, two sources.
  for (let i = 1; i <= 12; i++) {
    await context.service.payload.create({
      collection: 'errors',
      data: {
        message: `Report ${String(i).padStart(2, '0')}`,
        source: i % 3 === 0 ? 'checkout' : 'storefront',
      },
    })
  }
})

describe('POST /api/errors (15)', () => {
  it('anyone may report an error: 201 {doc, message}', async () => {
    const response = await report({
      digest: 'abc123',
      message: 'TypeError: x is undefined',
      source: 'web',
      stack: 'at a.js:1',
      url: 'https://shop.example.com/cart',
    })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({
      doc: expect.objectContaining({
        createdAt: expect.any(String),
        digest: 'abc123',
        id: expect.any(Number),
        message: 'TypeError: x is undefined',
        source: 'web',
        stack: 'at a.js:1',
        url: 'https://shop.example.com/cart',
      }),
      message: expect.stringContaining('successfully created'),
    })
  })

  it('a report without a message is a 400 naming it', async () => {
    const response = await report({ source: 'web' })
    expect(response.status).toBe(400)
    expect(invalidPaths(response.body)).toEqual(['message'])
  })

  it('a body over 64 KiB is refused with 413 before it is read', async () => {
    const response = await report({ message: 'x'.repeat(70 * 1024) })
    expect(response.status).toBe(413)
  })

  it('a field over its maximum length is a 400 naming it', async () => {
    const response = await report({ message: 'm'.repeat(2001) })
    expect(response.status).toBe(400)
    expect(invalidPaths(response.body)).toEqual(['message'])
  })
})

describe('GET /api/errors (13)', () => {
  it('defaults to page 1 of 10, oldest first', async () => {
    const response = await sendJson(context.service, 'GET', '/api/errors', { headers: staff() })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      hasNextPage: true,
      hasPrevPage: false,
      limit: 10,
      page: 1,
      pagingCounter: 1,
    })
    expect(response.body.docs).toHaveLength(10)
    expect(response.body.docs[0].message).toBe('Report 01')
  })

  it('honours limit, page and sort', async () => {
    const response = await sendJson(
      context.service,
      'GET',
      '/api/errors?limit=5&page=2&sort=-createdAt',
      { headers: staff() },
    )
    expect(response.body).toMatchObject({ limit: 5, page: 2, prevPage: 1 })
    expect(response.body.docs).toHaveLength(5)
  })

  it.each([
    ['a nested query string', '?where[source][equals]=checkout'],
    [
      'a JSON value',
      `?where=${encodeURIComponent(JSON.stringify({ source: { equals: 'checkout' } }))}`,
    ],
  ])('filters with where as %s', async (_label, query) => {
    const response = await sendJson(context.service, 'GET', `/api/errors${query}`, {
      headers: staff(),
    })
    expect(response.status).toBe(200)
    expect(response.body.totalDocs).toBe(4)
    expect(new Set(response.body.docs.map((doc: { source: string }) => doc.source))).toEqual(
      new Set(['checkout']),
    )
  })

  it('an invalid JSON where is a 400', async () => {
    const response = await sendJson(context.service, 'GET', '/api/errors?where={"source":', {
      headers: staff(),
    })
    expect(response).toMatchObject({
      body: { errors: [{ message: 'where: is not valid JSON' }] },
      status: 400,
    })
  })

  it('is not readable anonymously (401) or by machine clients other than admin (403)', async () => {
    expect((await sendJson(context.service, 'GET', '/api/errors')).status).toBe(401)
    expect(
      (
        await sendJson(context.service, 'GET', '/api/errors', {
          headers: context.who.integrator.headers,
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await sendJson(context.service, 'GET', '/api/errors', {
          headers: context.who.clientAdmin.headers,
        })
      ).status,
    ).toBe(200)
  })
})

describe('GET, PATCH, DELETE /api/errors/{id} (14, 16, 17)', () => {
  it('reads, updates and deletes one record', async () => {
    const created = await report({ message: 'to be handled' })
    const id = created.body.doc.id
    const read = await sendJson(context.service, 'GET', `/api/errors/${id}`, { headers: staff() })
    expect(read.body).toMatchObject({ id, message: 'to be handled' })
    const updated = await sendJson(context.service, 'PATCH', `/api/errors/${id}`, {
      body: { source: 'triaged' },
      headers: staff(),
    })
    expect(updated.body).toEqual({
      doc: expect.objectContaining({ id, source: 'triaged' }),
      message: 'Updated successfully.',
    })
    const deleted = await sendJson(context.service, 'DELETE', `/api/errors/${id}`, {
      headers: staff(),
    })
    expect(deleted.status).toBe(200)
    expect(deleted.body.doc).toMatchObject({ id })
    expect(
      (await sendJson(context.service, 'GET', `/api/errors/${id}`, { headers: staff() })).status,
    ).toBe(404)
  })

  it.each(['GET', 'PATCH', 'DELETE'])('%s on an unknown id is 404 Not Found', async (method) => {
    const response = await sendJson(context.service, method, '/api/errors/999999', {
      body: method === 'PATCH' ? {} : undefined,
      headers: staff(),
    })
    expect(response).toMatchObject({ body: { errors: [{ message: 'Not Found' }] }, status: 404 })
  })

  it('anonymous callers cannot read, change or delete a report (401)', async () => {
    const id = (await report({ message: 'private' })).body.doc.id
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await sendJson(context.service, method, `/api/errors/${id}`, {
        body: method === 'PATCH' ? {} : undefined,
      })
      expect(response.status).toBe(401)
    }
  })
})
