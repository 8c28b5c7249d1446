/**
 * What an outside attack tried across dealerships, each through real HTTP for every caller it
 * concerns: a dealer of company A (the demo's Sunset Motors) against company B (Bayside, made
 * here), house staff, a staff admin, an integrator's key and an anonymous caller.
 *
 * - A client-chosen id tells nothing: a caller who may not read a whole collection chooses no id
 *   there, serial ids included (hooks/noChosenIds.ts), so a guessed id of B's answers as a fresh
 *   one.
 * - A sort runs only on what the caller may read, through relations too (hooks/validFilters.ts).
 * - A caller without credentials is told 401 before anything about its filter or sort
 *   (src/http/input/callerFirst.ts, hooks/accessFirst.ts).
 * - A location's desk (manager, rota) is read by house staff, and by a dealer on its own
 *   company's locations only (collections/Locations/desk.ts).
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { CollectionSlug } from 'payload'

import { invalidPaths, sendJson } from '../helpers/http'
import { type Principal, type PrincipalName, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const A = { company: 'com_demo_sunset', location: 'loc_demo_sunset_la' }
const B = { company: 'com_test_bayside', location: 'loc_test_bayside' }
const FACILITATOR = 'loc_demo_lane_austin'

let dealerA: Principal
let dealerB: Principal

const send = (who: Principal | PrincipalName, method: string, path: string, body?: unknown) =>
  sendJson(context.service, method, path, {
    body,
    headers: typeof who === 'string' ? context.who[who].headers : who.headers,
  })

/** Company B's records, made through the Local API as the service would: what A's dealer probes. */
const ofB: [CollectionSlug, Record<string, unknown>][] = [
  ['company', { id: B.company, name: 'Bayside Cars' }],
  [
    'location',
    {
      city: { name: 'Oakland', state: 'CA' },
      companyId: B.company,
      desk: { managerEmail: 'manager@bayside.example' },
      id: B.location,
      line1: '1 Bayside Way',
      zip: '94607',
    },
  ],
  [
    'address',
    {
      city: { name: 'Oakland', state: 'CA' },
      id: 'adr_test_bayside',
      line1: '7 Harbor St',
      zip: '94607',
    },
  ],
  ['customer', { addresses: ['adr_test_bayside'], id: 'cus_test_bayside', name: 'Zora' }],
  [
    'deal',
    { customer: 'cus_test_bayside', dealer: { location: B.location }, id: 'deal_test_bayside' },
  ],
]

beforeAll(async () => {
  const { payload } = context.service
  for (const [collection, data] of ofB) await payload.create({ collection, data: data as never })
  await payload.update({
    collection: 'location',
    data: { desk: { managerEmail: 'manager@lane.example' } },
    id: FACILITATOR,
  })
  dealerA = await staffUser(payload, 'dealer', A.company)
  dealerB = await staffUser(payload, 'dealer', B.company)
})

describe('a client-chosen id', () => {
  const customer = (id: string) => ({ id, name: 'Guessed' })

  it('is a 400 naming id for a dealer, whether B, A or no record has it', async () => {
    const answers = await Promise.all(
      ['cus_test_bayside', 'cus_demo_maria', 'cus_nobody_has_this'].map((id) =>
        send(dealerA, 'POST', '/api/customer', customer(id)),
      ),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(invalidPaths(answer.body)).toEqual(['id'])
      expect(answer.body).toEqual(answers[0].body)
    }
    for (const [slug, id] of [
      ['address', 'adr_test_bayside'],
      ['deal', 'deal_test_bayside'],
      ['consumer', 'con_demo_maria'],
    ]) {
      const answer = await send(dealerA, 'POST', `/api/${slug}`, { id })
      expect({ slug, paths: invalidPaths(answer.body) }).toEqual({ paths: ['id'], slug })
    }
    // Without an id the same customer is made, with one the service gives.
    const made = await send(dealerA, 'POST', '/api/customer', { name: 'Guessed' })
    expect(made.status).toBe(201)
  })

  it('is refused inside a write too: an inline address of B answers as a new one', async () => {
    const inline = (id: string) =>
      send(dealerA, 'POST', '/api/customer', {
        addresses: [
          { city: { name: 'Oakland', state: 'CA' }, id, line1: '7 Harbor St', zip: '94607' },
        ],
        name: 'Inline',
      })
    const ofB = await inline('adr_test_bayside')
    const none = await inline('adr_nobody_has_this')
    expect(ofB.status).toBe(400)
    expect(invalidPaths(ofB.body)).toEqual(['addresses.0.id'])
    expect(ofB.body).toEqual(none.body)
  })

  it('is chosen by a dealer where it reads every record (cities)', async () => {
    const city = await send(dealerA, 'POST', '/api/city', {
      id: 'cty_dealer_chosen',
      name: 'Pasadena',
      state: 'CA',
    })
    expect(city.status).toBe(201)
    expect(city.body.doc.id).toBe('cty_dealer_chosen')
  })

  it('is chosen by house staff and integrators, who read the whole collection', async () => {
    const made = await send('staff', 'POST', '/api/customer', customer('cus_staff_chosen'))
    expect(made.status).toBe(201)
    expect(made.body.doc.id).toBe('cus_staff_chosen')
    const city = (id: string) => ({ id, name: 'Fresno', state: 'CA' })
    const chosen = await send('integrator', 'POST', '/api/city', city('cty_integrator_chosen'))
    expect(chosen.status).toBe(201)
    expect(chosen.body.doc.id).toBe('cty_integrator_chosen')
    // They read every city anyway: a taken id is a 400 saying so, as the contract has it.
    const taken = await send('integrator', 'POST', '/api/city', city('cty_dealer_chosen'))
    expect(taken.status).toBe(400)
    expect(invalidPaths(taken.body)).toEqual(['id'])
    expect(JSON.stringify(taken.body)).toContain('Value must be unique')
  })

  it('is a 400 naming id for a dealer in leads too, whose ids the database numbers', async () => {
    const { payload } = context.service
    const ofA = await payload.create({
      collection: 'lead',
      data: { firstName: 'Ann', lastName: 'Of A', location: A.location },
    })
    const ofB = await payload.create({
      collection: 'lead',
      data: { firstName: 'Bo', lastName: 'Of B', location: B.location },
    })
    const before = await payload.count({ collection: 'lead' })
    const lead = { firstName: 'Pat', lastName: 'Chosen', location: A.location }
    const answers = await Promise.all(
      [ofB.id, ofA.id, 2_000_000_000, '5'].map((id) =>
        send(dealerA, 'POST', '/api/lead', { ...lead, id }),
      ),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(invalidPaths(answer.body)).toEqual(['id'])
      expect(answer.body).toEqual(answers[0].body)
    }
    expect(await payload.count({ collection: 'lead' })).toEqual(before)
    // Without an id the lead is made, with the id the database gives.
    expect((await send(dealerA, 'POST', '/api/lead', lead)).status).toBe(201)
  })

  it('is never chosen in error records: a reporter, who reads none, is told so; staff, who read all, are given one', async () => {
    const first = await send('anonymous', 'POST', '/api/errors', { message: 'first' })
    expect(first.status).toBe(201)
    for (const id of [first.body.doc.id, 999_999]) {
      const again = await send('anonymous', 'POST', '/api/errors', { id, message: 'again' })
      expect(again.status).toBe(400)
      expect(invalidPaths(again.body)).toEqual(['id'])
      const byStaff = await send('staff', 'POST', '/api/errors', { id, message: 'again' })
      expect(byStaff.status).toBe(201)
      expect(byStaff.body.doc.id).not.toBe(id)
    }
  })
})

describe('a sort', () => {
  const leads = (who: Principal | PrincipalName, sort: string) =>
    send(who, 'GET', `/api/lead?depth=0&limit=5&sort=${sort}`)

  it.each([
    ['the assignee’s e-mail (other users)', 'assignee.email'],
    ['the assignee’s recovery codes (read by no one)', '-assignee.mfaRecoveryCodes'],
    ['the consumer’s last name (consumers of the company only)', 'consumer.lastName'],
    ['the location’s company’s name', 'location.companyId.name'],
    ['the location’s desk', 'location.desk.managerEmail'],
  ])('through %s is a 400 for a dealer', async (_case, sort) => {
    const answer = await leads(dealerA, sort)
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0].message).toContain(sort.replace(/^-/, ''))
  })

  it('on its own fields, or through relations it reads whole, runs', async () => {
    expect((await leads(dealerA, '-lastName')).status).toBe(200)
    expect((await leads('staffAdmin', 'consumer.lastName')).status).toBe(200)
    expect((await leads('staff', 'location.companyId.name')).status).toBe(200)
  })

  it('on a field no one reads is a 400 for a staff admin too, as filtering on it is', async () => {
    expect((await leads('staffAdmin', 'assignee.mfaRecoveryCodes')).status).toBe(400)
    const filtered = await send(
      'staffAdmin',
      'GET',
      '/api/lead?where[assignee.mfaRecoveryCodes][exists]=true',
    )
    expect(filtered.status).toBe(400)
  })

  it('of a join is checked as the join’s collection’s own', async () => {
    const joined = await send(
      dealerA,
      'GET',
      `/api/company/${A.company}?depth=0&joins[locations][sort]=desk.managerEmail`,
    )
    expect(joined.status).toBe(400)
  })
})

describe('without credentials, who may ask is decided first', () => {
  const queries = [
    ['a field named constructor', 'where[constructor][equals]=x'],
    ['an SSN', 'where[ssn][equals]=123-45-6789'],
    ['an option the field does not have', 'where[currentStatus][equals]=nope'],
    ['a value of the wrong kind', 'where[id][equals]=abc'],
    ['a JSON filter that is not JSON', `where=${encodeURIComponent('{"x"')}`],
    ['a sort through a relation', 'sort=assignee.email'],
  ]

  it.each(queries)('%s: 401 on a list and a count, as without it', async (_case, query) => {
    for (const path of ['/api/lead', '/api/lead/count', '/api/consumer']) {
      const answer = await send('anonymous', 'GET', `${path}?${query}`)
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        body: { errors: [{ message: 'Unauthorized' }] },
        path,
        status: 401,
      })
    }
  })

  it('401 on a commerce list, in its envelope', async () => {
    const answer = await send('anonymous', 'GET', '/api/deals?where[constructor][equals]=x')
    expect(answer.status).toBe(401)
    expect(answer.body.success).toBe(false)
  })

  it('401 on a bulk write, and on a create whose body names an id', async () => {
    const patch = await send('anonymous', 'PATCH', '/api/lead?where[ssn][equals]=1', {})
    expect(patch.status).toBe(401)
    const create = await send('anonymous', 'POST', '/api/customer', { id: 'cus_test_bayside' })
    expect(create.status).toBe(401)
  })

  // Anything it sent: a filter on an endpoint, paging, depth, a bulk write's missing filter, an id.
  const sent: [string, string][] = [
    ['GET', '/api/search?q=ab&where[constructor][equals]=1'],
    ['PATCH', '/api/search?q=ab&where[constructor][equals]=1'],
    ['DELETE', '/api/search?q=ab&where[constructor][equals]=1'],
    ['GET', '/api/leadEvents?limit=-1'],
    ['GET', '/api/lead?depth=abc'],
    ['GET', '/api/consumer?page=-1'],
    ['DELETE', '/api/leadEvents'],
    ['GET', '/api/lead/abc'],
    ['PATCH', '/api/lead/abc'],
    ['DELETE', '/api/lead/abc'],
    ['GET', '/api/lead/versions?depth=9'],
    ['GET', '/api/globals/tco-settings?depth=abc'],
    ['POST', '/api/users/1/mfa-reset?depth=abc'],
  ]

  it.each(sent)('%s %s: 401 before anything it sent is checked', async (method, path) => {
    const answer = await send('anonymous', method, path, method === 'PATCH' ? {} : undefined)
    expect(answer).toMatchObject({ body: { errors: [{ message: 'Unauthorized' }] }, status: 401 })
  })

  it('a known caller is told what is wrong with what it sent', async () => {
    const answers = await Promise.all(
      sent.map(async ([method, path]) => [
        method,
        path,
        (await send('staffAdmin', method, path, method === 'PATCH' ? {} : undefined)).status,
      ]),
    )
    expect(answers).toEqual([
      ['GET', '/api/search?q=ab&where[constructor][equals]=1', 400],
      ['PATCH', '/api/search?q=ab&where[constructor][equals]=1', 400],
      ['DELETE', '/api/search?q=ab&where[constructor][equals]=1', 400],
      ['GET', '/api/leadEvents?limit=-1', 400],
      ['GET', '/api/lead?depth=abc', 400],
      ['GET', '/api/consumer?page=-1', 400],
      ['DELETE', '/api/leadEvents', 400],
      ['GET', '/api/lead/abc', 404],
      ['PATCH', '/api/lead/abc', 404],
      ['DELETE', '/api/lead/abc', 404],
      ['GET', '/api/lead/versions?depth=9', 400],
      ['GET', '/api/globals/tco-settings?depth=abc', 400],
      ['POST', '/api/users/1/mfa-reset?depth=abc', 400],
    ])
  })

  it('what anyone may call is checked as for anyone', async () => {
    expect((await send('anonymous', 'GET', '/api/media?limit=-1')).status).toBe(400)
    expect(
      (await send('anonymous', 'POST', '/api/errors?depth=abc', { message: 'x' })).status,
    ).toBe(400)
    expect((await send('anonymous', 'GET', '/api/users/me?depth=abc')).status).toBe(400)
    expect((await send('anonymous', 'GET', '/api/users/me')).status).toBe(200)
    expect((await send('anonymous', 'GET', '/api/access')).status).toBe(200)
  })

  it('a caller who may ask still gets the 400 naming the field', async () => {
    for (const [, query] of queries) {
      const answer = await send('staff', 'GET', `/api/lead?${query}`)
      expect({ query, status: answer.status }).toEqual({ query, status: 400 })
    }
    // Media are read by anyone: an anonymous filter on them is checked as anyone's.
    const media = await send('anonymous', 'GET', '/api/media?where[constructor][equals]=x')
    expect(media.status).toBe(400)
  })
})

describe("a location's desk", () => {
  const deskOf = async (who: Principal | PrincipalName, id: string) => {
    const answer = await send(who, 'GET', `/api/location/${id}?depth=0`)
    return answer.status === 200 ? (answer.body.desk?.managerEmail ?? null) : answer.status
  }

  it('is read by a dealer on its own company’s locations only', async () => {
    expect(await deskOf(dealerA, A.location)).toBe('manager@sunsetmotors.example')
    // The facilitator's location is read, its desk is not.
    expect(await deskOf(dealerA, FACILITATOR)).toBeNull()
    expect(await deskOf(dealerA, B.location)).toBe(404)
    expect(await deskOf(dealerB, B.location)).toBe('manager@bayside.example')
    expect(await deskOf(dealerB, A.location)).toBe(404)
    const list = await send(dealerA, 'GET', '/api/location?depth=0&sort=id')
    expect(
      list.body.docs.map((doc: { desk?: unknown; id: string }) => [doc.id, 'desk' in doc]),
    ).toEqual([
      [FACILITATOR, false],
      [A.location, true],
    ])
  })

  it('embedded in a deal, is the dealer’s own location’s only', async () => {
    const deal = await send(dealerA, 'GET', '/api/deal/deal_demo_camry?depth=1')
    expect(deal.body.dealer.location.desk.managerEmail).toBe('manager@sunsetmotors.example')
    expect(deal.body.facilitatorLocation.id).toBe(FACILITATOR)
    expect(deal.body.facilitatorLocation).not.toHaveProperty('desk')
  })

  it('is not filtered or sorted on by a dealer, which would tell other companies’ desks', async () => {
    for (const query of ['where[desk.managerEmail][like]=lane', 'sort=desk.managerEmail']) {
      const answer = await send(dealerA, 'GET', `/api/location?${query}`)
      expect({ query, status: answer.status }).toEqual({ query, status: 400 })
    }
  })

  it('is read by house staff on every location, and by no API client', async () => {
    for (const who of ['staff', 'staffAdmin'] as const) {
      expect(await deskOf(who, FACILITATOR)).toBe('manager@lane.example')
      expect(await deskOf(who, B.location)).toBe('manager@bayside.example')
    }
    expect(await deskOf('integrator', A.location)).toBeNull()
    expect(await deskOf('anonymous', A.location)).toBe(401)
  })
})
