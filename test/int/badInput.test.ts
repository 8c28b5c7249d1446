/**
 * Bad input answers the 4xx that names what is wrong, in the envelope of the path called: the
 * commerce one on endpoints 1–10 and 18–19, Payload's `{errors: [{message}]}` elsewhere. Each case
 * here once answered 500.
 */
import http from 'node:http'
import net from 'node:net'

import { beforeAll, describe, expect, it } from '@jest/globals'

import { eventually } from '../helpers/eventually'
import { sendJson } from '../helpers/http'
import { createLeadRecords } from '../helpers/leadSide'
import { signInOverRest } from '../helpers/restSignIn'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
let eventId: number
let emailId: number

beforeAll(async () => {
  ;({ emailId, eventId } = await createLeadRecords(context.service.payload))
})

type Raw = { body: any; headers: http.IncomingHttpHeaders; status: number; text: string }

/** A request sent exactly as given: the path is not normalised and the body is raw bytes. */
const raw = (
  method: string,
  path: string,
  { body, headers = {} }: { body?: Buffer | string; headers?: Record<string, string> } = {},
): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const url = new URL(context.service.url)
    const request = http.request(
      { headers, host: url.hostname, method, path, port: url.port },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let parsed: any = null
          try {
            parsed = JSON.parse(text)
          } catch {
            parsed = null
          }
          resolve({ body: parsed, headers: response.headers, status: response.statusCode!, text })
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })

const as = (
  who: 'anonymous' | 'clientAdmin' | 'integrator' | 'leadAgent' | 'staff' | 'staffAdmin',
) => context.who[who].headers
const json = (who: Parameters<typeof as>[0]) => ({ ...as(who), 'Content-Type': 'application/json' })

/** Payload's envelope, with a message. */
const restError = (status: number) =>
  expect.objectContaining({
    body: { errors: [expect.objectContaining({ message: expect.any(String) })] },
    status,
  })
/** The commerce envelope. */
const commerceError = (status: number, message?: string) =>
  expect.objectContaining({
    body: expect.objectContaining({
      error: expect.objectContaining({ code: status, ...(message ? { message } : {}) }),
      success: false,
    }),
    status,
  })

describe('bodies', () => {
  it.each([
    ['text/plain', '{"message":"x"}'],
    ['application/x-www-form-urlencoded', 'message=x'],
    ['application/xml', '<error><message>x</message></error>'],
  ])('%s on a REST create is 415', async (type, body) => {
    expect(await raw('POST', '/api/errors', { body, headers: { 'Content-Type': type } })).toEqual(
      restError(415),
    )
  })

  it('a non-JSON content type on a commerce create is 415 in the commerce envelope', async () => {
    const response = await raw('POST', '/api/consumers', {
      body: '{}',
      headers: { ...as('integrator'), 'Content-Type': 'text/plain' },
    })
    expect(response).toEqual(commerceError(415))
  })

  it.each(['null', '"a string"', '5', '[1,2]'])('a JSON body of %s is 400', async (body) => {
    expect(await raw('POST', '/api/errors', { body, headers: json('anonymous') })).toEqual(
      restError(400),
    )
    expect(await raw('POST', '/api/consumers', { body, headers: json('integrator') })).toEqual(
      commerceError(400, 'Invalid Information'),
    )
  })

  it('a 5,000-deep JSON array is 400', async () => {
    const body = `{"message":${'['.repeat(5000)}${']'.repeat(5000)}}`
    expect(await raw('POST', '/api/errors', { body, headers: json('anonymous') })).toEqual(
      restError(400),
    )
  })

  it('malformed JSON is 400 Malformed JSON', async () => {
    expect(
      await raw('POST', '/api/consumers', { body: '{"firstName":', headers: json('integrator') }),
    ).toEqual(commerceError(400, 'Malformed JSON'))
    expect(
      await raw('POST', '/api/errors', { body: '{"message":', headers: json('anonymous') }),
    ).toEqual(restError(400))
  })

  it('a NUL character in a string is 400 naming the field, and nothing is stored', async () => {
    const before = (await context.service.payload.count({ collection: 'errors' })).totalDocs
    const response = await raw('POST', '/api/errors', {
      body: '{"message":"a\\u0000b"}',
      headers: json('anonymous'),
    })
    expect(response).toEqual(restError(400))
    expect(response.body.errors[0].message).toContain('body.message')
    const commerce = await raw('POST', '/api/consumers', {
      body: '{"firstName":"a\\u0000"}',
      headers: json('integrator'),
    })
    expect(commerce.body.error.details).toEqual([
      expect.objectContaining({ field: 'body.firstName' }),
    ])
    expect((await context.service.payload.count({ collection: 'errors' })).totalDocs).toBe(before)
  })

  it('invalid UTF-8 and lone surrogates are 400, never stored as U+FFFD', async () => {
    const invalid = Buffer.concat([
      Buffer.from('{"message":"caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ])
    expect(await raw('POST', '/api/errors', { body: invalid, headers: json('anonymous') })).toEqual(
      restError(400),
    )
    expect(
      await raw('POST', '/api/errors', {
        body: '{"message":"\\ud800x"}',
        headers: json('anonymous'),
      }),
    ).toEqual(restError(400))
    expect(
      await raw('POST', '/api/errors', {
        body: '{"message":"\\udc00"}',
        headers: json('anonymous'),
      }),
    ).toEqual(restError(400))
    const replaced = await context.service.payload.find({
      collection: 'errors',
      where: { message: { contains: '\ufffd' } },
    })
    expect(replaced.totalDocs).toBe(0)
    // A well-formed pair is an ordinary character.
    const pair = await raw('POST', '/api/errors', {
      body: '{"message":"\\ud83d\\ude97"}',
      headers: json('anonymous'),
    })
    expect(pair.status).toBe(201)
    expect(pair.body.doc.message).toBe('🚗')
  })

  it('a JSON content type with a charset is accepted', async () => {
    const response = await raw('POST', '/api/errors', {
      body: '{"message":"charset"}',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expect(response.status).toBe(201)
  })
})

describe('timestamps sent by a caller', () => {
  it("are dropped on a global too: a number past a date's range is not a 500, and nothing moves", async () => {
    const send = (body: unknown) =>
      sendJson(context.service, 'POST', '/api/globals/tco-settings', {
        body,
        headers: context.who.staffAdmin.headers,
      })
    // The first write creates the global's row; the second updates it.
    for (const body of [
      { createdAt: 1e20 },
      { createdAt: 1e20, updatedAt: 0 },
      { updatedAt: 1e20 },
    ]) {
      const answer = await send(body)
      expect(answer.status).toBe(200)
      expect(Date.parse(answer.body.result.createdAt)).toBeLessThanOrEqual(Date.now())
      expect(Date.parse(answer.body.result.updatedAt)).toBeGreaterThan(Date.now() - 60_000)
    }
  })
})

describe('a date no timestamp holds, where no hook drops it', () => {
  it("is a 400 on Payload's own preferences, never a 500", async () => {
    const answer = await sendJson(context.service, 'POST', '/api/payload-preferences', {
      body: { updatedAt: 1e20, value: false },
      headers: context.who.staff.headers,
    })
    expect(answer.status).toBe(400)
  })
})

describe('paths', () => {
  it.each(['/api/deals/%E0%A4%A', '/api/tco/%E0%A4', '/api/listings/%'])(
    '%s (malformed percent-encoding) is 400 in the commerce envelope',
    async (path) => {
      expect(await raw('GET', path, { headers: as('integrator') })).toEqual(commerceError(400))
    },
  )

  it.each(['/api/tco/%25', '/api/listings/%25'])(
    '%s is a VIN that is not one: 400',
    async (path) => {
      expect(await raw('GET', path, { headers: as('integrator') })).toEqual(commerceError(400))
    },
  )

  it('malformed percent-encoding on a REST path is 400', async () => {
    expect(await raw('GET', '/api/errors/%E0%A4%A', { headers: as('staffAdmin') })).toEqual(
      restError(400),
    )
  })

  it.each([
    ['/api/deals/deal_demo_camry%00', 'Deal Not Found'],
    ['/api/customers/%00', 'Customer Not Found'],
    ['/api/creditapps/crapp_%00x', 'Credit App Not Found'],
  ])('a NUL in the id of %s is 404 %s', async (path, message) => {
    expect(await raw('GET', path, { headers: as('integrator') })).toEqual(
      commerceError(404, message),
    )
  })

  it('a NUL in a REST id is 404', async () => {
    expect(await raw('GET', '/api/consumer/con_%00', { headers: as('staffAdmin') })).toEqual(
      restError(404),
    )
  })

  it.each([
    '/api/errors/abc',
    '/api/leadEvents/abc',
    '/api/media/99999999999999999999',
    '/api/errors/1.5',
    '/api/errors/-1',
  ])('%s (not an id of a numeric collection) is 404', async (path) => {
    const response = await raw('GET', path, { headers: as('staffAdmin') })
    expect(response).toEqual(restError(404))
  })

  it.each([
    '/api/__proto__',
    '/api/constructor/export',
    '/api/toString/1',
    '/api/__proto__/import-template',
  ])('%s (a name every JavaScript object has) is 404 as an unknown collection is', async (path) => {
    const response = await raw('GET', path, { headers: as('staffAdmin') })
    expect(response.status).toBe(404)
    expect(response.body).toEqual({
      errors: [{ message: expect.stringMatching(/^Route not found/) }],
    })
    expect((await raw('GET', '/api/nope', { headers: as('staffAdmin') })).body).toEqual({
      errors: [{ message: expect.stringMatching(/^Route not found/) }],
    })
  })
})

describe('spellings of a path', () => {
  it('a percent-encoded collection name is the same collection, with the same caps and envelope', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(70 * 1024) })
    expect(await raw('POST', '/api/%65rrors', { body: big, headers: json('anonymous') })).toEqual(
      restError(413),
    )
    expect(await raw('GET', '/api/%64eals/nothing', { headers: as('integrator') })).toEqual(
      commerceError(404, 'Deal Not Found'),
    )
    expect(await raw('GET', '//api//errors?limit=0', { headers: as('staffAdmin') })).toEqual(
      restError(400),
    )
  })

  it('a request target in absolute form (as a proxy sends it) is its path, behind the same checks', async () => {
    const { host } = new URL(context.service.url)
    const big = JSON.stringify({ message: 'x'.repeat(70 * 1024) })
    const pairs: [string, string, Parameters<typeof raw>[2]][] = [
      ['GET', '/api/consumers', {}],
      ['GET', '/api/deals/nothing', { headers: as('integrator') }],
      ['GET', '/api/errors?limit=0', { headers: as('staffAdmin') }],
      ['GET', '/api/users', {}],
      ['POST', '/api/%65rrors', { body: big, headers: json('anonymous') }],
    ]
    for (const [method, path, options] of pairs) {
      const origin = await raw(method, path, options)
      for (const authority of [host, 'other.example']) {
        const absolute = await raw(method, `http://${authority}${path}`, options)
        expect([absolute.status, absolute.body]).toEqual([origin.status, origin.body])
      }
      expect(origin.status).toBeGreaterThanOrEqual(400)
    }
    const page = await raw('GET', `HTTP://${host}/api/errors?limit=1`, {
      headers: as('staffAdmin'),
    })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ limit: 1 })
    // User information in the target is an error, never a way to reach a path.
    const userinfo = await raw('GET', `http://user:secret@${host}/api/errors?limit=1`, {
      headers: as('staffAdmin'),
    })
    expect(userinfo.status).toBe(404)
  })

  it.each(['//evil.example/', '/\\evil.example/', '/%2F%2Fevil.example/'])(
    '%s never redirects to another host',
    async (path) => {
      const response = await raw('GET', path)
      const location = response.headers.location ?? ''
      expect(location).not.toMatch(/^\/\/|^\/\\|^https?:/)
    },
  )
})

describe('queries', () => {
  it.each(['x=?&limit=0', 'x=?&pagination=false', 'a=1?b&page=0'])(
    'a second ? does not hide %s',
    async (query) => {
      expect(await raw('GET', `/api/company?${query}`, { headers: as('staffAdmin') })).toEqual(
        restError(400),
      )
    },
  )

  it('a JSON where cannot add parameters through its keys', async () => {
    const where = encodeURIComponent(JSON.stringify({ 'x]&limit=0&y[': { equals: '1' } }))
    const response = await raw('GET', `/api/errors?where=${where}`, { headers: as('staffAdmin') })
    expect(response.status).toBe(400)
  })

  it('a deeply nested JSON where is 400, not a stack overflow', async () => {
    const where = `{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`
    expect(await raw('GET', `/api/errors?where=${where}`, { headers: as('staffAdmin') })).toEqual(
      restError(400),
    )
    expect(
      await raw('GET', `/api/webevents?where=${where}`, { headers: as('integrator') }),
    ).toEqual(commerceError(400, 'Invalid Information'))
  })

  it.each(['where[OR][0][message][near]=1,2', 'where[And][0][message][all]=x'])(
    '%s (combinators in any case) is 400',
    async (query) => {
      expect(await raw('GET', `/api/errors?${query}`, { headers: as('staffAdmin') })).toEqual(
        restError(400),
      )
    },
  )

  it.each(['where[OR][0][birthDate][exists]=true', 'where[AND][0][ssn][equals]=x'])(
    '%s cannot filter on credit data',
    async (query) => {
      const response = await raw('GET', `/api/consumer?${query}`, { headers: as('staffAdmin') })
      expect(response.status).toBe(400)
      expect(response.text).toContain('is not allowed')
    },
  )

  it('a bulk delete that meets records still in use deletes none of those, without a 500', async () => {
    const where = encodeURIComponent(JSON.stringify({ and: [{ name: { less_than: 'n' } }] }))
    const cities = (await context.service.payload.count({ collection: 'city' })).totalDocs
    const response = await raw('DELETE', `/api/city?where=${where}`, {
      headers: json('clientAdmin'),
    })
    expect(response.status).toBeLessThan(500)
    expect(JSON.stringify(response.body)).toContain('Still used by')
    expect((await context.service.payload.count({ collection: 'city' })).totalDocs).toBe(cities)
  })

  it.each([
    'where[createdAt][contains]=iz',
    'where[createdAt][like]=2026',
    'where[createdAt][not_like]=1e308',
    'where[createdAt][equals]=not-a-date',
    'where[createdAt][greater_than]=xyz',
    'where[id][like]=1',
    'where[id][contains]=1',
  ])('%s is a 4xx, not a 500', async (query) => {
    const response = await raw('GET', `/api/errors?${query}`, { headers: as('staffAdmin') })
    expect(response.status).toBeGreaterThanOrEqual(200)
    expect(response.status).toBeLessThan(500)
  })

  it.each(['like', 'contains', 'not_like'])(
    'where[id][%s] is a 400 naming the operator, not a database error',
    async (operator) => {
      const response = await raw('GET', `/api/errors?where[id][${operator}]=1`, {
        headers: as('staffAdmin'),
      })
      expect(response).toEqual(restError(400))
      expect(response.text).toContain(
        `The ${operator} operator works only on text fields, not on id`,
      )
    },
  )

  it('all, which PostgreSQL cannot serve, is 400 even on fields holding several values', async () => {
    expect(
      await raw('GET', '/api/vdpEmails?where[vins][all]=1', { headers: as('staffAdmin') }),
    ).toEqual(restError(400))
    expect(
      await raw('GET', '/api/account?where[anonymousIds][all]=x', { headers: as('staffAdmin') }),
    ).toEqual(restError(400))
  })

  it('a join where is checked like any other', async () => {
    const response = await raw('GET', '/api/company?joins[locations][where][phone][near]=1,2', {
      headers: as('staffAdmin'),
    })
    expect(response).toEqual(restError(400))
  })

  const pages = [
    'page=99999999999999999999',
    'page=-1',
    'page=0',
    'page=1.5',
    'page=abc',
    'limit=-1',
    'limit=1.5',
    'limit=abc',
    'limit=0',
  ]
  it.each(pages)('%s is 400 on a REST list', async (query) => {
    const response = await raw('GET', `/api/errors?${query}`, { headers: as('staffAdmin') })
    expect(response).toEqual(restError(400))
    expect(response.text).not.toContain('abc')
  })

  it.each(pages)('%s is 400 on a commerce list', async (query) => {
    expect(await raw('GET', `/api/webevents?${query}`, { headers: as('integrator') })).toEqual(
      commerceError(400, 'Invalid Information'),
    )
  })

  it.each([
    'depth=6',
    'depth=99999999999999999999',
    'depth=-1',
    'depth=1.5',
    'depth=abc',
    'depth=1&depth=2',
  ])('%s is 400 on REST paths, as on the commerce ones', async (query) => {
    for (const [method, path] of [
      ['GET', '/api/contact'],
      ['GET', '/api/contact/cnt_demo_rachel'],
      ['PATCH', `/api/leadEvents/${eventId}`],
    ]) {
      const answer = await raw(method, `${path}?${query}`, {
        body: method === 'PATCH' ? '{}' : undefined,
        headers: json('staffAdmin'),
      })
      expect([path, answer]).toEqual([path, restError(400)])
      expect(answer.body.errors[0].message).toMatch(/^depth\b/)
    }
  })

  it('depth up to 5 is served on REST paths', async () => {
    const answer = await raw('GET', '/api/contact?depth=5&limit=1', { headers: json('staffAdmin') })
    expect(answer.status).toBe(200)
  })

  it('a REST limit over 100 is served as 100, and the answer says so', async () => {
    const response = await raw('GET', '/api/errors?limit=1000000000', { headers: as('staffAdmin') })
    expect(response.status).toBe(200)
    expect(response.body.limit).toBe(100)
  })

  it.each([
    'limit[]=5',
    'limit[a]=5',
    'page[]=2',
    'limit=5&limit=6',
    'joins[locations][limit]=0',
    'joins[locations][page]=-1',
    'joins[locations][limit][]=0',
    'joins[locations][limit][0]=0',
  ])('%s is 400 on a REST list', async (query) => {
    expect(await raw('GET', `/api/company?${query}`, { headers: as('staffAdmin') })).toEqual(
      restError(400),
    )
  })

  it("a join's limit over 100 is served as 100", async () => {
    expect(
      (
        await raw('GET', '/api/company?joins[locations][limit]=100000', {
          headers: as('staffAdmin'),
        })
      ).status,
    ).toBe(200)
  })

  describe('a POST with X-Payload-HTTP-Method-Override: GET (how the admin UI sends long relationship queries)', () => {
    const override = (body: string, type = 'application/x-www-form-urlencoded') =>
      raw('POST', '/api/errors', {
        body,
        headers: {
          ...as('staffAdmin'),
          'Content-Type': type,
          'X-Payload-HTTP-Method-Override': 'GET',
        },
      })

    it('is read as a GET with the body as its query', async () => {
      const response = await override('limit=2&where[message][exists]=true')
      expect(response.status).toBe(200)
      expect(response.body.limit).toBe(2)
      expect(response.body.docs.length).toBeLessThanOrEqual(2)
    })

    it('gets the same paging rules as a GET', async () => {
      expect(await override('limit=0')).toEqual(restError(400))
      expect(await override('pagination=false')).toEqual(restError(400))
      expect((await override('limit=5000')).body.limit).toBe(100)
    })

    it('with anything but a form-encoded body is 415', async () => {
      expect(await override('{"limit":0}', 'application/json')).toEqual(restError(415))
    })
  })

  it('pagination=false is refused', async () => {
    const response = await raw('GET', '/api/errors?pagination=false', { headers: as('staffAdmin') })
    expect(response).toEqual(restError(400))
  })

  it('a NUL in a query value is 400', async () => {
    expect(
      await raw('GET', '/api/errors?where[message][equals]=a%00b', { headers: as('staffAdmin') }),
    ).toEqual(restError(400))
    expect(
      await raw('GET', '/api/webevents?where[name][equals]=a%00b', { headers: as('integrator') }),
    ).toEqual(commerceError(400))
  })

  it.each([
    'where[message][all]=x',
    'where[message][near]=1,2',
    'where[message][within]=x',
    'where[message][intersects]=x',
    'where[id][near]=1,2,3',
    'where[createdAt][all]=x',
  ])('the operator in %s, on a field that is not an array or a point, is 400', async (query) => {
    expect(await raw('GET', `/api/errors?${query}`, { headers: as('staffAdmin') })).toEqual(
      restError(400),
    )
  })

  it.each(['where[name][near]=1,2', 'where[name][all]=x'])(
    '%s on a commerce list is 400',
    async (query) => {
      expect(await raw('GET', `/api/companies?${query}`, { headers: as('integrator') })).toEqual(
        commerceError(400),
      )
    },
  )

  it('an invalid path beside a relation path is 400 and the service keeps serving', async () => {
    const query = 'where[dealer.location.city.state][equals]=CA&where[nope][equals]=x'
    expect(await raw('GET', `/api/deal?${query}`, { headers: as('staff') })).toEqual(restError(400))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await raw('GET', '/api/deal?limit=1', { headers: as('staff') })).status).toBe(200)
  })

  it.each([
    ['PATCH', 'where=abc'],
    ['PATCH', 'where[message][bogus]=x'],
    ['DELETE', 'where=abc'],
    ['DELETE', 'where[message][near]=x'],
  ])('a malformed where on %s is 400', async (method, query) => {
    const response = await raw(method, `/api/errors?${query}`, {
      body: method === 'PATCH' ? '{"source":"x"}' : undefined,
      headers: json('staffAdmin'),
    })
    expect(response).toEqual(restError(400))
  })
})

describe('values', () => {
  it.each([null, 'not a date', '1999-01-01T00:00:00.000Z'])(
    'createdAt/updatedAt of %p sent on a create are ignored',
    async (value) => {
      const response = await sendJson(context.service, 'POST', '/api/errors', {
        body: { createdAt: value, message: 'timestamps', updatedAt: value },
      })
      expect(response.status).toBe(201)
      expect(Date.now() - Date.parse(response.body.doc.createdAt)).toBeLessThan(60_000)
      expect(Date.now() - Date.parse(response.body.doc.updatedAt)).toBeLessThan(60_000)
    },
  )

  it('a lead agent cannot rewrite createdAt on a lead event', async () => {
    const before = await context.service.payload.findByID({ collection: 'leadEvents', id: eventId })
    const response = await sendJson(context.service, 'PATCH', `/api/leadEvents/${eventId}`, {
      body: { createdAt: '2000-01-01T00:00:00.000Z', nextSteps: 'call' },
      headers: as('leadAgent'),
    })
    expect(response.status).toBe(200)
    expect(response.body.doc.createdAt).toBe(before.createdAt)
  })

  it('a non-numeric id for a numeric relation is 400 naming the field', async () => {
    const event = await sendJson(context.service, 'PATCH', `/api/leadEvents/${eventId}`, {
      body: { lead: 'abc' },
      headers: as('leadAgent'),
    })
    expect(event.status).toBe(400)
    expect(JSON.stringify(event.body)).toContain('lead')
    const email = await sendJson(context.service, 'PATCH', `/api/vdpEmails/${emailId}`, {
      body: { vins: ['abc'] },
      headers: as('leadAgent'),
    })
    expect(email.status).toBe(400)
    expect(JSON.stringify(email.body)).toContain('vins')
  })

  it('an array where the id belongs is 400', async () => {
    const response = await sendJson(context.service, 'POST', '/api/consumers', {
      body: {
        birthDate: '1990-01-01',
        firstName: 'A',
        id: ['con_x'],
        lastName: 'B',
        phoneNumber: '512-555-0100',
      },
      headers: as('integrator'),
    })
    expect(response).toEqual(expect.objectContaining({ status: 400 }))
    expect(response.body.error.details).toEqual([expect.objectContaining({ field: 'id' })])
  })
})

describe('deleting what others use', () => {
  it('a city an address requires is 409, naming what uses it, and stays', async () => {
    const { payload } = context.service
    const address = (await payload.find({ collection: 'address', depth: 0, limit: 1 })).docs[0]
    const city = String(address.city)
    const response = await raw('DELETE', `/api/city/${city}`, { headers: as('staffAdmin') })
    expect(response).toEqual(restError(409))
    expect(response.body.errors[0].message).toMatch(
      /^Still used by \d+ address record\(s\) \(city\)/,
    )
    expect((await payload.findByID({ collection: 'city', id: city })).id).toBe(city)
  })
})

describe('internal collections and credentials', () => {
  it('e-mail verification, which no collection uses, is not served', async () => {
    expect(
      await raw('POST', '/api/users/verify/1', { body: '{}', headers: json('anonymous') }),
    ).toEqual(restError(404))
  })

  it('a null group is a 400 naming it, not a 500', async () => {
    const answer = await raw('PATCH', '/api/deal/deal_demo_camry', {
      body: JSON.stringify({ dealer: null }),
      headers: json('staffAdmin'),
    })
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toContain('dealer')
  })

  it('the version routes of a collection that keeps no versions are 404, not a 500', async () => {
    for (const path of [
      '/api/users/versions',
      '/api/lead/versions/1',
      '/api/errors/versions?limit=1',
    ]) {
      expect(await raw('GET', path, { headers: json('staffAdmin') })).toEqual(restError(404))
    }
    // A collection with history still serves them.
    expect(
      (await raw('GET', '/api/deal/versions?limit=1', { headers: json('staffAdmin') })).status,
    ).toBe(200)
  })

  it.each([
    ['anonymous', 401],
    ['leadAgent', 403],
    ['integrator', 403],
    ['staff', 404],
    ['staffAdmin', 404],
    ['clientAdmin', 404],
  ] as const)(
    'the version routes of a global that keeps no versions are %s: %s, not a 500',
    async (who, status) => {
      for (const [method, path] of [
        ['GET', '/api/globals/tco-settings/versions'],
        ['GET', '/api/globals/tco-settings/versions/1'],
        ['POST', '/api/globals/tco-settings/versions'],
        ['POST', '/api/globals/tco-settings/versions/1'],
      ]) {
        expect([
          method,
          path,
          await raw(method, path, {
            body: method === 'POST' ? '{}' : undefined,
            headers: json(who),
          }),
        ]).toEqual([method, path, restError(status)])
      }
    },
  )

  it.each(['anonymous', 'staffAdmin'] as const)(
    'a file no media record has, and the jobs schedule route without schedules, are 404 for %s, not a 500',
    async (who) => {
      expect(await raw('GET', '/api/media/file/nothing-here.png', { headers: json(who) })).toEqual(
        restError(404),
      )
      if (who === 'staffAdmin')
        expect(
          await raw('GET', '/api/payload-jobs/handle-schedules', { headers: json(who) }),
        ).toEqual(restError(404))
    },
  )

  it('a broken multipart body is 400', async () => {
    const broken = { 'Content-Type': 'multipart/form-data; boundary=x' }
    expect(
      await raw('POST', '/api/state', {
        body: '--x\r\nbroken',
        headers: { ...as('staff'), ...broken },
      }),
    ).toEqual(restError(400))
    expect(
      await raw('PATCH', '/api/contacts/cnt_x', {
        body: '--x\r\nbroken',
        headers: { ...as('integrator'), ...broken },
      }),
    ).toEqual(commerceError(400))
  })

  it('JSON under another JSON content type is read as JSON', async () => {
    const response = await raw('POST', '/api/errors', {
      body: '{"message":"vnd"}',
      headers: { 'Content-Type': 'application/vnd.api+json' },
    })
    expect(response.status).toBe(201)
    expect(
      (
        await raw('POST', '/api/errors', {
          body: '{"message":"upper"}',
          headers: { 'Content-Type': 'APPLICATION/JSON' },
        })
      ).status,
    ).toBe(201)
  })

  it('payload-migrations is not served over REST', async () => {
    const response = await raw('GET', '/api/payload-migrations', { headers: as('staffAdmin') })
    expect(response.status).toBe(404)
    expect(response.text).not.toContain('localhost')
  })

  it('payload-locked-documents is not served over REST', async () => {
    expect(
      (await raw('GET', '/api/payload-locked-documents', { headers: as('staffAdmin') })).status,
    ).toBe(404)
  })

  it('payload-preferences is for signed-in staff only', async () => {
    expect(
      await raw('POST', '/api/payload-preferences/x', {
        body: '{"value":1}',
        headers: json('integrator'),
      }),
    ).toEqual(restError(403))
    expect(
      await raw('POST', '/api/payload-preferences/x', {
        body: '{"value":1}',
        headers: json('leadAgent'),
      }),
    ).toEqual(restError(403))
    expect(await raw('GET', '/api/payload-preferences', { headers: as('anonymous') })).toEqual(
      restError(401),
    )
    // Payload's own create route of the collection, without a key: refused, not a 500.
    for (const [body, type] of [
      ['', 'application/x-www-form-urlencoded'],
      ['', 'application/json'],
      ['{}', 'application/json'],
      ['{"key":"x","value":1}', 'application/json'],
    ]) {
      const direct = await raw('POST', '/api/payload-preferences', {
        body,
        headers: { ...as('staff'), 'Content-Type': type },
      })
      expect(direct.status).toBeLessThan(500)
    }
    // The admin UI's own way: a session cookie.
    const login = await signInOverRest(context.service, context.who.staff.login!)
    const cookie = String(login.headers['set-cookie']).split(';')[0]
    expect(cookie).toMatch(/^payload-token=/)
    const byCookie = await raw('POST', '/api/payload-preferences/list', {
      body: '{"value":{"columns":[]}}',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
    })
    expect(byCookie.status).toBe(200)
    const created = await raw('POST', '/api/payload-preferences/nav', {
      body: '{"value":{"open":true}}',
      headers: json('staff'),
    })
    expect(created.status).toBe(200)
    const read = await raw('GET', '/api/payload-preferences/nav', { headers: as('staff') })
    expect(read.body.value).toEqual({ open: true })
    expect(
      (await raw('DELETE', '/api/payload-preferences/nav', { headers: as('staff') })).status,
    ).toBe(200)
    // Deleting what is not there (again, or by a row id rather than a key) is 404, not a database error.
    expect(await raw('DELETE', '/api/payload-preferences/nav', { headers: as('staff') })).toEqual(
      restError(404),
    )
    expect(await raw('DELETE', '/api/payload-preferences/1', { headers: as('staff') })).toEqual(
      restError(404),
    )
  })

  it.each([
    ['PATCH', () => `/api/leadEvents/${eventId}`],
    ['PATCH', () => `/api/vdpEmails/${emailId}`],
    ['POST', () => '/api/deal'],
    ['DELETE', () => '/api/errors/1'],
  ])('%s without credentials is 401', async (method, path) => {
    const response = await raw(method, path(), {
      body: method === 'DELETE' ? undefined : '{"nextSteps":"x"}',
      headers: json('anonymous'),
    })
    expect(response.status).toBe(401)
    expect(response.body).toEqual({ errors: [{ message: 'Unauthorized' }] })
  })

  it('a known caller without the right is still 403', async () => {
    const response = await raw('PATCH', `/api/leadEvents/${eventId}`, {
      body: '{"nextSteps":"x"}',
      headers: json('integrator'),
    })
    expect(response.status).toBe(403)
  })

  it('a URL past the size limit is 431 with a request id and the security headers', async () => {
    const response = await raw('GET', `/api/errors?q=${'x'.repeat(20_000)}`)
    expect(response.status).toBe(431)
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('an HTTP/1.1 request without Host is 400, and an unknown Expect 417, each with a request id and the security headers', async () => {
    const { hostname, port } = new URL(context.service.url)
    const send = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => socket.end(`${head}\r\n\r\n`))
        const chunks: Buffer[] = []
        socket.on('data', (chunk) => chunks.push(chunk))
        socket.on('error', reject)
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
      })
    const cases = [
      { head: 'GET /api/errors HTTP/1.1\r\nConnection: close', status: 400 },
      // In absolute form too: the target's host does not stand in for the missing header.
      { head: 'GET http://x.example/api/errors HTTP/1.1\r\nConnection: close', status: 400 },
      { head: `GET /api/errors HTTP/1.1\r\nHost: ${hostname}\r\nExpect: foo`, status: 417 },
    ]
    for (const { head, status } of cases) {
      const answer = await send(head)
      const [top, body] = answer.split('\r\n\r\n')
      expect(top.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`)
      expect(top).toMatch(/\r\nX-Request-Id: [\w-]{8,}\r\n/)
      expect(top).toMatch(/\r\nContent-Security-Policy: [^\r]*default-src 'self'/)
      expect(top).toContain('\r\nX-Content-Type-Options: nosniff\r\n')
      expect(JSON.parse(body)).toEqual({ errors: [{ message: http.STATUS_CODES[status] }] })
    }
    // HTTP/1.0 needs no Host, and the usual request still answers.
    expect(await send('GET /healthz HTTP/1.0')).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('a trailing-slash redirect has a request id and the security headers, and does not echo a huge query', async () => {
    const long = await raw('GET', `/api/errors/?q=${'y'.repeat(5000)}`)
    expect(long.status).toBe(308)
    expect(long.headers.location).toBe('/api/errors')
    expect(long.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
    expect(long.headers['content-security-policy']).toContain("default-src 'self'")
    expect(long.text).not.toContain('yyyy')
    const short = await raw('GET', '/api/errors/?limit=5')
    expect(short.headers.location).toBe('/api/errors?limit=5')
  })

  it('HEAD on a list answers as its GET does, without a body', async () => {
    const head = await raw('HEAD', '/api/errors', { headers: as('staffAdmin') })
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toContain('application/json')
    expect(head.text).toBe('')
  })

  it("a kept-alive connection still answers after a pause longer than Node's 5 s", async () => {
    const { hostname, port } = new URL(context.service.url)
    const socket = net.connect(Number(port), hostname)
    const answers: string[] = []
    socket.on('data', (chunk) => answers.push(chunk.toString('latin1')))
    const ask = async () => {
      const before = answers.join('').split('HTTP/1.1 ').length
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`)
      const count = async () => answers.join('').split('HTTP/1.1 ').length
      await eventually(count, (now) => now > before, 'an answer on the kept-alive connection')
    }
    try {
      await ask()
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(socket.readyState).toBe('open')
      await ask()
      expect(answers.join('').match(/HTTP\/1\.1 200/g)).toHaveLength(2)
    } finally {
      socket.destroy()
    }
  }, 20_000)

  it("refuses API clients' session routes to a staff user, naming the users' own", async () => {
    for (const route of ['refresh-token', 'logout']) {
      const response = await raw('POST', `/api/api-clients/${route}`, { headers: as('staff') })
      expect([route, response.status]).toEqual([route, 403])
      expect(response.body).toEqual({
        errors: [{ message: expect.stringContaining('/api/users/refresh-token') }],
      })
    }
  })

  it('no answer says X-Powered-By', async () => {
    for (const path of ['/api/errors', '/api/deals/none', '/healthz', '/api/nothing-here']) {
      expect((await raw('GET', path)).headers['x-powered-by']).toBeUndefined()
    }
  })
})
