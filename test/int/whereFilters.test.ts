/**
 * A filter is honoured or refused, never dropped: a condition Payload would skip (an object where
 * a value belongs, a field named after an Object.prototype member) would widen a read to every
 * row, and a bulk PATCH or DELETE to every row the caller may write. An empty value, an empty
 * list included, is no condition: a read lists everything, a bulk write is 400 (docs/api.md,
 * "Input rules and errors"); server code's empty list selects nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'

import { sendJson } from '../helpers/http'
import { captureLog, type LogCapture } from '../helpers/logCapture'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true })

const as = (who: 'integrator' | 'staff' | 'staffAdmin') => context.who[who].headers
const send = (...args: [string, string, Parameters<typeof sendJson>[3]?]) =>
  sendJson(context.service, ...args)
const json = (where: unknown) => `where=${encodeURIComponent(JSON.stringify(where))}`

let contactIds: string[] = []

beforeEach(async () => {
  const { payload } = context.service
  await payload.delete({ collection: 'contact', where: { id: { exists: true } } })
  contactIds = []
  for (const lastName of ['Ames', 'Baker', 'Cole']) {
    const contact = await payload.create({
      collection: 'contact',
      data: { firstName: 'Pat', lastName, roles: ['buyer'] },
    })
    contactIds.push(contact.id)
  }
})

const lastNames = async () =>
  (await context.service.payload.find({ collection: 'contact', sort: 'lastName' })).docs.map(
    (doc) => doc.lastName,
  )

/** Queries with no condition: an empty list, in each form a client may send it. */
const noCondition = [
  ['a JSON empty in list', json({ id: { in: [] } })],
  ['a JSON empty in list under or', json({ or: [{ id: { in: [] } }, { lastName: { in: [] } }] })],
  ['an empty in value (an empty id list joined by commas)', 'where[id][in]='],
  ['an in list of one empty item', 'where[id][in][]='],
]

/** Queries refused with 400, and the words the refusal must name. */
const refused: [string, string, string[]][] = [
  ['an object where in expects a list', 'where[lastName][in][a]=x', ['lastName', 'in']],
  [
    'an object where equals expects a value',
    'where[lastName][equals][a]=x',
    ['lastName', 'equals'],
  ],
  [
    'a JSON object where in expects a list',
    json({ lastName: { in: { a: 'x' } } }),
    ['lastName', 'in'],
  ],
  ['a field named constructor', 'where[constructor][equals]=x', ['constructor']],
  ['a field named toString', 'where[toString][equals]=x', ['toString']],
  ['a field named __proto__', 'where[__proto__][equals]=x', ['__proto__']],
  ['a JSON field named constructor', json({ constructor: { equals: 'x' } }), ['constructor']],
  [
    'a JSON field named __proto__',
    `where=${encodeURIComponent('{"__proto__":{"equals":"x"}}')}`,
    ['__proto__'],
  ],
  [
    'a prototype member under or',
    json({ or: [{ lastName: { equals: 'Ames' } }, { valueOf: { equals: 'x' } }] }),
    ['valueOf'],
  ],
  ['a value with no operator', 'where[lastName]=Ames', ['lastName']],
  ['a list where like takes one text', json({ lastName: { like: [1, 2] } }), ['lastName', 'like']],
]

describe.each([
  ['REST list', 'GET', '/api/contact', 'staff'],
  ['REST count', 'GET', '/api/contact/count', 'staff'],
] as const)('%s', (_name, method, path, who) => {
  it.each(noCondition)('%s is no condition: everything is listed', async (_case, query) => {
    const response = await send(method, `${path}?${query}`, { headers: as(who) })
    expect(response.status).toBe(200)
    expect(response.body.totalDocs).toBe(3)
  })

  it.each(refused)('%s is 400 naming it', async (_case, query, words) => {
    const response = await send(method, `${path}?${query}`, { headers: as(who) })
    expect(response.status).toBe(400)
    for (const word of words) expect(response.body.errors[0].message).toContain(word)
  })
})

describe('commerce lists', () => {
  it.each(noCondition)('%s is no condition: everything is listed', async (_case, query) => {
    await context.service.payload.create({
      collection: 'company',
      data: { name: 'Acme Motors' },
    })
    const all = await send('GET', '/api/companies', { headers: as('integrator') })
    const response = await send('GET', `/api/companies?${query}`, { headers: as('integrator') })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ success: true, totalCount: all.body.totalCount })
    expect(response.body.totalCount).toBeGreaterThan(0)
  })

  it.each(refused)('%s is 400 in the commerce envelope', async (_case, query, words) => {
    const response = await send('GET', `/api/webevents?${query}`, { headers: as('integrator') })
    expect(response.status).toBe(400)
    expect(response.body.success).toBe(false)
    for (const word of words) expect(JSON.stringify(response.body.error)).toContain(word)
  })
})

describe('export', () => {
  it.each(noCondition)('%s exports every record, as no filter does', async (_case, query) => {
    await context.service.payload.create({ collection: 'company', data: { name: 'Acme Motors' } })
    const lines = async (search: string) => {
      const response = await fetch(`${context.service.url}/api/company/export${search}`, {
        headers: as('staff'),
      })
      expect(response.status).toBe(200)
      return (await response.text()).trim().split('\r\n').length
    }
    const all = await lines('')
    expect(all).toBeGreaterThan(1)
    expect(await lines(`?${query}`)).toBe(all)
  })

  it.each(refused)('%s is 400', async (_case, query) => {
    const response = await fetch(`${context.service.url}/api/company/export?${query}`, {
      headers: as('staff'),
    })
    expect(response.status).toBe(400)
  })
})

describe('bulk writes', () => {
  it.each(noCondition)('a PATCH with %s is 400 and changes nothing', async (_case, query) => {
    const response = await send('PATCH', `/api/contact?${query}`, {
      body: { firstName: 'Changed' },
      headers: as('integrator'),
    })
    expect(response.status).toBe(400)
    expect(response.body.errors).toEqual([
      { message: "Missing 'where' query of documents to update." },
    ])
    const { docs } = await context.service.payload.find({ collection: 'contact' })
    expect(docs.map((doc) => doc.firstName)).toEqual(['Pat', 'Pat', 'Pat'])
  })

  it.each(noCondition)('a DELETE with %s is 400 and deletes nothing', async (_case, query) => {
    const response = await send('DELETE', `/api/contact?${query}`, { headers: as('staff') })
    expect(response.status).toBe(400)
    expect(response.body.errors).toEqual([
      { message: "Missing 'where' query of documents to delete." },
    ])
    expect(await lastNames()).toEqual(['Ames', 'Baker', 'Cole'])
  })

  it.each(refused)('a PATCH with %s is 400 and changes nothing', async (_case, query) => {
    const response = await send('PATCH', `/api/contact?${query}`, {
      body: { firstName: 'Changed' },
      headers: as('integrator'),
    })
    expect(response.status).toBe(400)
    const { docs } = await context.service.payload.find({ collection: 'contact' })
    expect(docs.map((doc) => doc.firstName)).toEqual(['Pat', 'Pat', 'Pat'])
  })

  it.each(refused)('a DELETE with %s is 400 and deletes nothing', async (_case, query) => {
    const response = await send('DELETE', `/api/contact?${query}`, { headers: as('staff') })
    expect(response.status).toBe(400)
    expect(await lastNames()).toEqual(['Ames', 'Baker', 'Cole'])
  })

  it('an in list still selects what it names, and not_in with an empty list selects everything', async () => {
    const named = await send('PATCH', `/api/contact?${json({ id: { in: [contactIds[1]] } })}`, {
      body: { firstName: 'Changed' },
      headers: as('integrator'),
    })
    expect(named.body.docs.map((doc: { lastName: string }) => doc.lastName)).toEqual(['Baker'])
    const all = await send(
      'GET',
      `/api/contact?${json({ or: [{ id: { not_in: [] } }, { lastName: { equals: 'none' } }] })}`,
      { headers: as('staff') },
    )
    expect(all.body.totalDocs).toBe(3)
  })
})

describe('versions', () => {
  it('a filter on the versions of a collection with history is checked and literal too', async () => {
    const { payload } = context.service
    await payload.create({ collection: 'company', data: { name: '100% Motors' } })
    await payload.create({ collection: 'company', data: { name: 'Plain Motors' } })
    const literal = await send(
      'GET',
      `/api/company/versions?where[version.name][like]=${encodeURIComponent('%')}`,
      {
        headers: as('staff'),
      },
    )
    expect(literal.status).toBe(200)
    expect(literal.body.docs.map((doc: { version: { name: string } }) => doc.version.name)).toEqual(
      ['100% Motors'],
    )
    const refused = await send(
      'GET',
      '/api/company/versions?where[version.isFacilitator][equals]=notabool',
      {
        headers: as('staff'),
      },
    )
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('notabool')
  })
})

describe('the Local API', () => {
  it('an empty in list selects nothing for server code too', async () => {
    const { payload } = context.service
    expect(
      (await payload.find({ collection: 'contact', where: { id: { in: [] } } })).totalDocs,
    ).toBe(0)
    const { docs } = await payload.update({
      collection: 'contact',
      data: { firstName: 'Changed' },
      where: { id: { in: [] } },
    })
    expect(docs).toEqual([])
  })
})

describe('values the database cannot compare', () => {
  let log: LogCapture
  beforeEach(() => {
    log = captureLog()
  })
  afterEach(() => log.restore())

  it.each([
    ['/api/company', 'where[isFacilitator][equals]=notabool', 'isFacilitator', 'notabool'],
    ['/api/errors', 'where[id][in]=abc', 'id', 'abc'],
    ['/api/errors', 'where[id][equals]=99999999999', 'id', '99999999999'],
    ['/api/leadEvents', 'where[lead][equals]=x1', 'lead', 'x1'],
    ['/api/leadEvents', 'where[type][equals]=Lunch', 'type', 'Lunch'],
    ['/api/errors', 'where[createdAt][greater_than]=yesterday', 'createdAt', 'yesterday'],
    ['/api/errors', 'where[createdAt][exists]=maybe', 'createdAt', 'exists'],
    ['/api/errors', 'where[createdAt][exists]=TRUE', 'createdAt', 'exists'],
    ['/api/errors', 'where[createdAt][exists]=', 'createdAt', 'exists'],
    ['/api/companies', 'where[isFacilitator][equals]=notabool', 'isFacilitator', 'notabool'],
  ])(
    '%s?%s is 400 naming the field and value, refused before SQL',
    async (path, query, field, value) => {
      const response = await send('GET', `${path}?${query}`, { headers: as('staffAdmin') })
      expect(response.status).toBe(400)
      const said = JSON.stringify(response.body)
      expect(said).toContain(field)
      expect(said).toContain(value)
      expect(log.lines().filter((line) => Number(line.level) >= 50)).toEqual([])
    },
  )

  it('good values of each kind are served', async () => {
    for (const query of [
      'where[isFacilitator][equals]=TRUE',
      'where[createdAt][greater_than]=2024-01-01',
      'where[id][in]=1,2',
      'where[id][equals]=-1',
    ]) {
      const path = query.includes('isFacilitator') ? '/api/company' : '/api/errors'
      const response = await send('GET', `${path}?${query}`, { headers: as('staffAdmin') })
      expect([query, response.status]).toEqual([query, 200])
    }
  })
})
