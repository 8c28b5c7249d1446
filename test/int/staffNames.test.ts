/**
 * Staff users by name (collections/Users, access/colleagues.ts): a user is titled by their name,
 * else their e-mail address, so pickers, rotas and cells name people. Colleagues read that name
 * and title and nothing else of each other: house staff every user, a dealer its own company's
 * users and the house's, never another dealership's (not listed, not by id, not through a filter
 * on what it may not read). Sanctions lists are titled by their load and read by who reviews
 * their matches.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { sendJson } from '../helpers/http'
import { apiClient, type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

let dealerA: Principal
let colleagueA: Principal
let dealerB: Principal
let house: Principal

const get = async (path: string, caller: Principal) =>
  sendJson(context.service, 'GET', `/api${path}`, { headers: caller.headers })

const named = async (principal: Principal, name: string) =>
  context.service.payload.update({ collection: 'users', data: { name }, id: principal.id! })

beforeAll(async () => {
  const { payload } = context.service
  await payload.create({ collection: 'company', data: { id: 'com_test_bayside', name: 'Bayside' } })
  dealerA = await staffUser(payload, 'dealer', 'com_demo_sunset')
  colleagueA = await staffUser(payload, 'dealer', 'com_demo_sunset')
  dealerB = await staffUser(payload, 'dealer', 'com_test_bayside')
  house = await staffUser(payload, 'staff')
  await named(colleagueA, 'Cora Colleague')
  await named(dealerB, 'Bo Bayside')
  await named(house, 'Hal House')
})

describe('a staff user’s title', () => {
  it('is their name, kept as they are renamed; without one, their address to themselves only', async () => {
    const { payload } = context.service
    const read = (id: number) => payload.findByID({ collection: 'users', depth: 0, id })
    expect((await read(colleagueA.id as number)).title).toBe('Cora Colleague')
    // No name yet: the service and the user read the address, a colleague "Staff user 7".
    const nameless = await staffUser(payload, 'dealer', 'com_demo_sunset')
    expect((await read(nameless.id as number)).title).toBe(nameless.login!.email)
    expect((await get(`/users/${nameless.id}`, nameless)).body.title).toBe(nameless.login!.email)
    expect((await get(`/users/${nameless.id}`, dealerA)).body.title).toBe(
      `Staff user ${nameless.id}`,
    )
    // Only names are stored: no filter on the title finds an address.
    const byAddress = await get(
      `/users?where[title][like]=${encodeURIComponent(nameless.login!.email)}`,
      dealerA,
    )
    expect(byAddress.body.docs).toEqual([])
    await named(nameless, 'Nia Named')
    expect((await read(nameless.id as number)).title).toBe('Nia Named')
    expect(payload.collections.users.config.admin.useAsTitle).toBe('title')
  })
})

describe('colleagues read each other’s names only', () => {
  it('house staff read every user’s name and title, and no one else’s e-mail or role', async () => {
    const { body, status } = await get('/users?limit=100&depth=0', house)
    expect(status).toBe(200)
    const byId = new Map(body.docs.map((doc: { id: number }) => [doc.id, doc]))
    expect(byId.get(dealerB.id)).toMatchObject({ name: 'Bo Bayside', title: 'Bo Bayside' })
    expect(byId.get(colleagueA.id)).toMatchObject({ title: 'Cora Colleague' })
    const others = (body.docs as Record<string, unknown>[]).filter((doc) => doc.id !== house.id)
    for (const doc of others) {
      for (const key of ['email', 'role', 'company', 'mfaEnabled', 'mfaEnrolledAt'])
        expect([doc.id, key, key in doc]).toEqual([doc.id, key, false])
      expect(doc.sessions ?? []).toEqual([])
    }
    // Their own account in full.
    expect(byId.get(house.id)).toMatchObject({ email: house.login!.email, role: 'staff' })
  })

  it('a dealer reads its own company’s users and the house’s, never another dealership’s', async () => {
    const { body } = await get('/users?limit=100&depth=0', dealerA)
    const ids = body.docs.map((doc: { id: number }) => doc.id)
    expect(ids).toEqual(expect.arrayContaining([dealerA.id, colleagueA.id, house.id]))
    expect(ids).not.toContain(dealerB.id)
    expect(JSON.stringify(body.docs)).not.toContain('Bo Bayside')
    const colleague = body.docs.find((doc: { id: number }) => doc.id === colleagueA.id)
    expect(colleague).not.toHaveProperty('email')
    expect(colleague).not.toHaveProperty('company')
  })

  it('a hostile dealer learns nothing of another dealership’s users by id, filter or count', async () => {
    expect((await get(`/users/${dealerB.id}`, dealerA)).status).toBe(404)
    const byName = await get('/users?where[name][like]=Bayside', dealerA)
    expect(byName.body.docs).toEqual([])
    const byTitle = await get('/users?where[title][equals]=Bo%20Bayside', dealerA)
    expect(byTitle.body.docs).toEqual([])
    // A filter on what it may not read of others is refused, not answered.
    for (const filter of [
      `where[email][equals]=${encodeURIComponent(dealerB.login!.email)}`,
      'where[company][equals]=com_test_bayside',
    ]) {
      const answer = await get(`/users?${filter}`, dealerA)
      expect([filter, answer.status === 400 || answer.body.docs?.length === 0]).toEqual([
        filter,
        true,
      ])
      expect(JSON.stringify(answer.body)).not.toContain('Bo Bayside')
    }
    const counted = await get('/users/count', dealerA)
    const houseCount = await get('/users/count', house)
    expect(counted.body.totalDocs).toBeLessThan(houseCount.body.totalDocs)
    // Nor is another dealership's user named through a populated lead.
    const lead = await context.service.payload.create({
      collection: 'lead',
      data: {
        assignee: colleagueA.id,
        lastName: 'Populated',
        location: 'loc_demo_sunset_la',
      } as never,
    })
    const read = await get(`/lead/${lead.id}?depth=1`, dealerA)
    expect(read.body.assignee).toMatchObject({ id: colleagueA.id, title: 'Cora Colleague' })
    expect(read.body.assignee).not.toHaveProperty('email')
  })

  it("reads a user's sessions to that user alone, not to an API client whose id is the same number", async () => {
    const { payload } = context.service
    const db = payload.db.pool
    // Ids of two tables that meet: Payload's own check of the field compared the numbers alone.
    await db.query("SELECT setval('users_id_seq', 9000), setval('api_clients_id_seq', 9000)")
    const user = await staffUser(payload, 'staff')
    const key = await apiClient(payload, 'admin')
    expect([user.id, key.id]).toEqual([9001, 9001])
    const own = await get(`/users/${user.id}?depth=0`, user)
    expect(own.body.sessions).toHaveLength(1)
    for (const path of [`/users/${user.id}?depth=0`, '/users?limit=100&depth=0']) {
      const { body, status } = await get(path, key)
      expect(status).toBe(200)
      const doc = body.docs ? body.docs.find((item: { id: number }) => item.id === user.id) : body
      // Payload answers a list field the caller may not read as an empty list.
      expect([path, doc.email, doc.sessions ?? []]).toEqual([path, user.login!.email, []])
    }
  })

  it('API clients other than admin keys read no users', async () => {
    for (const caller of ['integrator', 'leadAgent'] as const) {
      const answer = await get('/users?depth=0', context.who[caller])
      expect([caller, answer.status]).toEqual([caller, 403])
    }
  })
})

describe('sanctions lists', () => {
  it('are titled by their load, and read by staff and compliance officers', async () => {
    const { payload } = context.service
    const list = await payload.create({
      collection: 'sanctions-list',
      data: { entryCount: 1234, screening: { status: 'done' } } as never,
    })
    expect(list.title).toMatch(/^SDN list · [A-Z][a-z]{2} \d{1,2}, \d{4} · 1,234 entries$/)
    for (const role of ['staff', 'compliance'] as const) {
      const reader = role === 'staff' ? house : await staffUser(payload, role)
      const answer = await get(`/sanctions-list/${list.id}?depth=0`, reader)
      expect([role, answer.status, answer.body.title]).toEqual([role, 200, list.title])
      expect(answer.body).not.toHaveProperty('entries')
    }
    expect((await get(`/sanctions-list/${list.id}`, dealerA)).status).toBe(403)
  })
})
