/**
 * The trash (src/trash): a DELETE answers as it always has, a staff user's moves the record to the
 * trash, `?trash=true` lists and empties it (emptying: admins only), staff restore, credit data
 * stays encrypted in it, records others require are refused (409) on the way in and out, and
 * commerce reads (compiled or Payload's) do not see trashed records.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { compiledReads } from '@/reads'
import { seedDemoData } from '@/seed'

import { addDealership } from '../helpers/dealership'
import { sendJson } from '../helpers/http'
import { type PrincipalName, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
const call = (method: string, path: string, caller: PrincipalName, body?: unknown) =>
  sendJson(context.service, method, path, { body, headers: context.who[caller].headers })

let client: pg.Client
let serial = 0

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  // The service drops its database when it closes, ending this connection.
  client.on('error', () => {})
  await client.connect()
})
afterAll(async () => {
  await client?.end()
})

const newCustomer = async () =>
  (
    await context.service.payload.create({
      collection: 'customer',
      data: { name: `Trash customer ${++serial}` },
    })
  ).id

const newPreApproval = async () =>
  (
    await context.service.payload.create({
      collection: 'pre-approval',
      data: {
        consumer: 'con_demo_maria',
        creditBand: 'crb_demo_prime',
        validUntilTime: new Date(Date.now() + 86_400_000).toISOString(),
      },
    })
  ).id

const newCreditApp = async (preApproval: string) =>
  (
    await context.service.payload.create({
      collection: 'credit-app',
      data: {
        birthDate: '1990-02-03',
        consumer: 'con_demo_maria',
        preApproval,
        ssn: '111-22-3333',
        vehicle: '4T1B11HK7NU000123',
      } as never,
    })
  ).id

const deletedAt = async (table: string, id: number | string): Promise<null | string | undefined> =>
  (await client.query(`SELECT deleted_at FROM "${table}" WHERE id = $1`, [id])).rows[0]?.deleted_at

/** The audit entries of a record, oldest first: what was done and by whom. */
const audited = async (collection: string, id: number | string) =>
  (
    await client.query(
      'SELECT action, actor FROM audit_log WHERE collection = $1 AND record_id = $2 ORDER BY id',
      [collection, String(id)],
    )
  ).rows

const actorOf = (caller: PrincipalName) =>
  `${caller === 'clientAdmin' ? 'api-clients' : 'users'}:${context.who[caller].id}`

describe('DELETE answers as before', () => {
  it("a staff user's DELETE answers {doc, message} and moves the record to the trash", async () => {
    const id = await newCustomer()
    const response = await call('DELETE', `/api/customer/${id}?depth=0`, 'staff')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      doc: expect.objectContaining({ id, name: `Trash customer ${serial}` }),
      message: 'Deleted successfully.',
    })
    expect(response.body.doc).not.toHaveProperty('deletedAt')
    expect(response.body.doc).not.toHaveProperty('deletedBy')
    expect(await deletedAt('customer', id)).toBeInstanceOf(Date)
    expect((await call('GET', `/api/customer/${id}`, 'staff')).status).toBe(404)
    expect(await call('GET', `/api/customers/${id}`, 'integrator')).toMatchObject({
      body: { error: { code: 404, message: 'Customer Not Found' }, success: false },
      status: 404,
    })
    // Trashed once, it is not there to delete again without ?trash=true.
    expect((await call('DELETE', `/api/customer/${id}`, 'staff')).status).toBe(404)
  })

  it("an admin's DELETE moves the record to the trash too, by id and in bulk", async () => {
    for (const caller of ['staffAdmin', 'clientAdmin'] as PrincipalName[]) {
      const id = await newCustomer()
      const response = await call('DELETE', `/api/customer/${id}`, caller)
      expect(response).toMatchObject({
        body: { doc: { id }, message: 'Deleted successfully.' },
        status: 200,
      })
      expect(response.body.doc).not.toHaveProperty('deletedAt')
      expect(await deletedAt('customer', id)).toBeInstanceOf(Date)
      const ids = [await newCustomer(), await newCustomer()]
      const bulk = await call('DELETE', `/api/customer?where[id][in]=${ids.join(',')}`, caller)
      expect(bulk).toMatchObject({
        body: { errors: [], message: 'Deleted 2 Customers successfully.' },
        status: 200,
      })
      for (const one of ids) expect(await deletedAt('customer', one)).toBeInstanceOf(Date)
      for (const doc of bulk.body.docs) expect(Object.keys(doc)).not.toContain('deletedBy')
    }
  })

  it('callers who could not delete still cannot: 401, 403, 404', async () => {
    const id = await newCustomer()
    expect((await call('DELETE', `/api/customer/${id}`, 'anonymous')).status).toBe(401)
    expect((await call('DELETE', `/api/customer/${id}`, 'integrator')).status).toBe(403)
    expect((await call('DELETE', `/api/customer/${id}`, 'leadAgent')).status).toBe(403)
    expect((await call('DELETE', '/api/customer/cus_nobody', 'staff')).status).toBe(404)
    expect(await deletedAt('customer', id)).toBeNull()
  })

  it('endpoint 17: a staff user deletes an error record, then it is not found', async () => {
    const created = await call('POST', '/api/errors', 'anonymous', { message: 'to the trash' })
    const id = created.body.doc.id
    const deleted = await call('DELETE', `/api/errors/${id}`, 'staff')
    expect(deleted).toMatchObject({ body: { doc: { id }, message: 'Deleted successfully.' } })
    expect(deleted.status).toBe(200)
    expect((await call('GET', `/api/errors/${id}`, 'staff')).status).toBe(404)
    expect(await deletedAt('errors', id)).toBeInstanceOf(Date)
  })

  it("a staff user's bulk DELETE moves what it matches and answers {docs, errors, message}", async () => {
    const ids = [await newCustomer(), await newCustomer()]
    const response = await call(
      'DELETE',
      `/api/customer?depth=0&where[id][in]=${ids.join(',')}`,
      'staff',
    )
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      errors: [],
      message: 'Deleted 2 Customers successfully.',
    })
    expect(response.body.docs.map((doc: { id: string }) => doc.id).sort()).toEqual(ids.sort())
    for (const id of ids) expect(await deletedAt('customer', id)).toBeInstanceOf(Date)
    // Without a filter, nothing: as Payload's own bulk delete answers.
    const unfiltered = await call('DELETE', '/api/customer', 'staff')
    expect(unfiltered.status).toBe(400)
    expect(unfiltered.body.errors[0].message).toBe("Missing 'where' query of documents to delete.")
    expect(await deletedAt('customer', 'cus_demo_maria')).toBeNull()
  })
})

describe('the trash over REST', () => {
  it('?trash=true lists trashed records (with deletedAt), a plain list does not', async () => {
    const id = await newCustomer()
    await call('DELETE', `/api/customer/${id}`, 'staff')
    const plain = await call('GET', `/api/customer?where[id][equals]=${id}`, 'staff')
    expect(plain.body.docs).toEqual([])
    const trash = await call(
      'GET',
      `/api/customer?trash=true&where[deletedAt][exists]=true&where[id][equals]=${id}`,
      'staff',
    )
    expect(trash.status).toBe(200)
    expect(trash.body.docs).toEqual([
      expect.objectContaining({ deletedAt: expect.any(String), id }),
    ])
    // Live records keep their shape: no deletedAt key.
    const live = await call('GET', '/api/customer/cus_demo_maria', 'staff')
    expect(live.body).not.toHaveProperty('deletedAt')
  })

  it("answers the admin UI's count of the trash (limit=0 there only)", async () => {
    const id = await newCustomer()
    await call('DELETE', `/api/customer/${id}`, 'staff')
    const trashed = (
      await client.query('SELECT count(*) FROM customer WHERE deleted_at IS NOT NULL')
    ).rows[0].count
    const counted = await call(
      'GET',
      '/api/customer?depth=0&limit=0&trash=true&where%5BdeletedAt%5D%5Bexists%5D=true',
      'staffAdmin',
    )
    expect(counted.status).toBe(200)
    expect(counted.body).toMatchObject({ limit: 1, totalDocs: Number(trashed) })
    expect((await call('GET', '/api/customer?limit=0&trash=true', 'staffAdmin')).status).toBe(400)
    expect((await call('GET', '/api/customer?limit=0', 'staffAdmin')).status).toBe(400)
  })

  it('staff restore a record (PATCH ?trash=true with deletedAt null)', async () => {
    const id = await newCustomer()
    await call('DELETE', `/api/customer/${id}`, 'staff')
    const restored = await call('PATCH', `/api/customer/${id}?trash=true`, 'staff', {
      deletedAt: null,
    })
    expect(restored.status).toBe(200)
    expect(await deletedAt('customer', id)).toBeNull()
    expect((await call('GET', `/api/customers/${id}`, 'integrator')).status).toBe(200)
  })

  it('only admins delete for good (DELETE ?trash=true of a trashed record), each audited', async () => {
    const id = await newCustomer()
    await call('DELETE', `/api/customer/${id}`, 'staff')
    expect((await call('DELETE', `/api/customer/${id}?trash=true`, 'staff')).status).toBe(403)
    expect(
      (await call('DELETE', `/api/customer?trash=true&where[id][equals]=${id}`, 'staff')).status,
    ).toBe(403)
    for (const caller of ['integrator', 'leadAgent'] as PrincipalName[])
      expect((await call('DELETE', `/api/customer/${id}?trash=true`, caller)).status).toBe(403)
    expect((await call('DELETE', `/api/customer/${id}?trash=true`, 'anonymous')).status).toBe(401)
    expect(await deletedAt('customer', id)).toBeInstanceOf(Date)
    expect(await audited('customer', id)).toEqual([])
    for (const caller of ['staffAdmin', 'clientAdmin'] as PrincipalName[]) {
      const one = caller === 'staffAdmin' ? id : await newCustomer()
      if (one !== id) await call('DELETE', `/api/customer/${one}`, 'staff')
      const emptied = await call('DELETE', `/api/customer/${one}?trash=true`, caller)
      expect(emptied).toMatchObject({ body: { doc: { id: one } }, status: 200 })
      expect(await deletedAt('customer', one)).toBeUndefined()
      expect(await audited('customer', one)).toEqual([
        { action: 'delete', actor: `${actorOf(caller)}` },
      ])
    }
  })

  it("an admin's DELETE ?trash=true of a live record moves it to the trash, not away", async () => {
    for (const caller of ['staffAdmin', 'clientAdmin'] as PrincipalName[]) {
      const id = await newCustomer()
      const response = await call('DELETE', `/api/customer/${id}?trash=true`, caller)
      expect(response).toMatchObject({ body: { doc: { id } }, status: 200 })
      expect(await deletedAt('customer', id)).toBeInstanceOf(Date)
      expect(await audited('customer', id)).toEqual([])
    }
  })

  it('a bulk DELETE ?trash=true deletes for good only what is in the trash; live records go there', async () => {
    for (const caller of ['staffAdmin', 'clientAdmin'] as PrincipalName[]) {
      const trashed = [await newCustomer(), await newCustomer()]
      const live = await newCustomer()
      for (const id of trashed) await call('DELETE', `/api/customer/${id}`, 'staff')
      const all = [...trashed, live].join(',')
      const response = await call('DELETE', `/api/customer?trash=true&where[id][in]=${all}`, caller)
      expect(response).toMatchObject({
        body: { errors: [], message: 'Deleted 3 Customers successfully.' },
        status: 200,
      })
      for (const id of trashed) {
        expect(await deletedAt('customer', id)).toBeUndefined()
        expect(await audited('customer', id)).toEqual([
          { action: 'delete', actor: actorOf(caller) },
        ])
      }
      expect(await deletedAt('customer', live)).toBeInstanceOf(Date)
      expect(await audited('customer', live)).toEqual([])
    }
  })

  it('a bulk DELETE whose filter constrains nothing is 400, with trash=true too', async () => {
    const id = await newCustomer()
    await call('DELETE', `/api/customer/${id}`, 'staff')
    for (const query of ['trash=true&where[]=', 'trash=true&where[deletedAt]=', 'where[id]=']) {
      const response = await call('DELETE', `/api/customer?${query}`, 'staffAdmin')
      expect(response).toMatchObject({
        body: { errors: [{ message: "Missing 'where' query of documents to delete." }] },
        status: 400,
      })
    }
    expect(await deletedAt('customer', id)).toBeInstanceOf(Date)
    expect(await deletedAt('customer', 'cus_demo_maria')).toBeNull()
  })

  it('a delete for good of credit data is audited once', async () => {
    const app = await newCreditApp(await newPreApproval())
    expect((await call('DELETE', `/api/credit-app/${app}`, 'staffAdmin')).status).toBe(200)
    expect(await deletedAt('credit_app', app)).toBeInstanceOf(Date)
    expect((await call('DELETE', `/api/credit-app/${app}?trash=true`, 'staffAdmin')).status).toBe(
      200,
    )
    expect(await deletedAt('credit_app', app)).toBeUndefined()
    expect(await audited('credit-app', app)).toEqual([
      { action: 'create', actor: 'system' },
      { action: 'update', actor: actorOf('staffAdmin') },
      { action: 'delete', actor: actorOf('staffAdmin') },
    ])
  })

  it("Payload's own delete reaches only trashed records, even for an admin", async () => {
    const { payload } = context.service
    const id = await newCustomer()
    const admin = await payload.findByID({
      collection: 'users',
      id: context.who.staffAdmin.id as number,
    })
    const asAdmin = { collection: 'customer', overrideAccess: false, user: admin } as const
    await expect(payload.delete({ ...asAdmin, id })).rejects.toMatchObject({ status: 403 })
    expect(await deletedAt('customer', id)).toBeNull()
  })

  it('a move to the trash through PATCH (the admin UI) needs the right to delete', async () => {
    const id = await newCustomer()
    const now = new Date().toISOString()
    expect(
      (await call('PATCH', `/api/customer/${id}`, 'integrator', { deletedAt: now })).status,
    ).toBe(403)
    expect((await call('PATCH', `/api/customer/${id}`, 'staff', { deletedAt: now })).status).toBe(
      200,
    )
    expect(await deletedAt('customer', id)).toBeInstanceOf(Date)
  })
})

describe('who moved a record to the trash', () => {
  const deletedBy = async (table: string, id: number | string) =>
    (await client.query(`SELECT deleted_by FROM "${table}" WHERE id = $1`, [id])).rows[0]
      ?.deleted_by

  const trashed = async (id: number | string, caller: PrincipalName = 'staffAdmin') =>
    (await call('GET', `/api/customer/${id}?trash=true`, caller)).body

  it('is named in the trash: a staff user by name (else "Staff user 7"), an API client as one', async () => {
    const { payload } = context.service
    const staffId = context.who.staff.id!
    const unnamed = await newCustomer()
    await call('DELETE', `/api/customer/${unnamed}`, 'staff')
    expect(await trashed(unnamed)).toMatchObject({ deletedBy: `Staff user ${staffId}` })

    await payload.update({ collection: 'users', data: { name: 'Sam Binner' }, id: staffId })
    const named = await newCustomer()
    await call('DELETE', `/api/customer/${named}`, 'staff')
    expect(await trashed(named)).toMatchObject({
      deletedAt: expect.any(String),
      deletedBy: 'Sam Binner',
    })
    await payload.update({ collection: 'users', data: { name: null }, id: staffId })

    const byClient = await newCustomer()
    await call('DELETE', `/api/customer?where[id][in]=${byClient}`, 'clientAdmin')
    expect((await trashed(byClient)).deletedBy).toMatch(/^admin [0-9a-f]{6} \(API client\)$/)

    // The admin UI moves a record with a PATCH of deletedAt: the same record of who did.
    const patched = await newCustomer()
    await call('PATCH', `/api/customer/${patched}`, 'staff', {
      deletedAt: new Date().toISOString(),
    })
    // Stored as a reference, named when read.
    expect(await deletedBy('customer', patched)).toBe(`users:${staffId}`)
    expect(await trashed(patched)).toMatchObject({ deletedBy: `Staff user ${staffId}` })
  })

  it("is the service's to write: a value sent is ignored, kept while trashed, cleared on restore", async () => {
    const forged = 'Somebody Else'
    const created = await call('POST', '/api/customer', 'staffAdmin', {
      deletedBy: forged,
      name: `Trash customer ${++serial}`,
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    expect(created.body.doc).not.toHaveProperty('deletedBy')
    expect(await deletedBy('customer', id)).toBeNull()
    await call('PATCH', `/api/customer/${id}`, 'staffAdmin', { deletedBy: forged })
    expect(await deletedBy('customer', id)).toBeNull()
    expect((await call('GET', `/api/customer/${id}`, 'staffAdmin')).body).not.toHaveProperty(
      'deletedBy',
    )

    await call('DELETE', `/api/customer/${id}`, 'staff')
    const mover = `users:${context.who.staff.id}`
    // An edit of the trashed record, by someone else, sending another name: the mover stays.
    await call('PATCH', `/api/customer/${id}?trash=true`, 'staffAdmin', {
      deletedBy: forged,
      name: 'Renamed in the trash',
    })
    expect(await deletedBy('customer', id)).toBe(mover)

    const restored = await call('PATCH', `/api/customer/${id}?trash=true`, 'staffAdmin', {
      deletedAt: null,
      deletedBy: forged,
    })
    expect(restored.status).toBe(200)
    expect(restored.body.doc).not.toHaveProperty('deletedBy')
    expect(await deletedBy('customer', id)).toBeNull()
  })

  it("a dealer reads its trash's movers: a person by name, an API client only as one", async () => {
    const { payload } = context.service
    const dealer = await staffUser(payload, 'dealer', 'com_demo_sunset')
    const lead = async () =>
      (
        await payload.create({
          collection: 'lead',
          data: { lastName: 'Binned', location: 'loc_demo_sunset_la' },
        })
      ).id
    const byStaff = await lead()
    const byClient = await lead()
    await call('DELETE', `/api/lead/${byStaff}`, 'staff')
    await call('DELETE', `/api/lead/${byClient}`, 'clientAdmin')
    const asDealer = async (id: number | string) =>
      (
        await sendJson(context.service, 'GET', `/api/lead/${id}?trash=true`, {
          headers: dealer.headers,
        })
      ).body
    expect(await asDealer(byStaff)).toMatchObject({
      deletedBy: `Staff user ${context.who.staff.id}`,
    })
    expect(await asDealer(byClient)).toMatchObject({ deletedBy: 'an API client' })
    expect(
      (await call('GET', `/api/lead/${byClient}?trash=true`, 'staffAdmin')).body.deletedBy,
    ).toMatch(/\(API client\)$/)
    // A dealer's edit of the trashed lead, which it read masked, keeps the stored mover.
    const stored = await deletedBy('lead', byClient)
    expect(stored).toMatch(/^api-clients:\d+$/)
    const edited = await sendJson(context.service, 'PATCH', `/api/lead/${byClient}?trash=true`, {
      body: { deletedBy: 'an API client', firstName: 'Edited' },
      headers: dealer.headers,
    })
    expect(edited.status).toBe(200)
    expect(await deletedBy('lead', byClient)).toBe(stored)
    // A filter sees references, not names: a client's name is not found through it.
    const guessed = await sendJson(
      context.service,
      'GET',
      `/api/lead?trash=true&where[deletedBy][like]=admin&where[id][equals]=${byClient}`,
      { headers: dealer.headers },
    )
    expect(guessed.body.docs ?? []).toEqual([])
  })

  it('names a user who calls themselves an API client as the user they are', async () => {
    const { payload } = context.service
    const staffId = context.who.staff.id!
    await payload.update({
      collection: 'users',
      data: { name: 'Storefront (API client)' },
      id: staffId,
    })
    const dealer = await staffUser(payload, 'dealer', 'com_demo_sunset')
    const id = (
      await payload.create({
        collection: 'lead',
        data: { lastName: 'Spoofed', location: 'loc_demo_sunset_la' },
      })
    ).id
    await call('DELETE', `/api/lead/${id}`, 'staff')
    const read = await sendJson(context.service, 'GET', `/api/lead/${id}?trash=true`, {
      headers: dealer.headers,
    })
    expect(read.body.deletedBy).toBe('Storefront (API client)')
    expect(await deletedBy('lead', id)).toBe(`users:${staffId}`)
    await payload.update({ collection: 'users', data: { name: null }, id: staffId })
  })
})

describe('who sees the trash', () => {
  it('?trash=true on a read is 403 for integrators and lead agents, 401 without credentials', async () => {
    const app = await newCreditApp(await newPreApproval())
    await call('DELETE', `/api/credit-app/${app}`, 'staffAdmin')
    const lead = (
      await context.service.payload.create({
        collection: 'lead',
        data: { firstName: 'Tess', lastName: 'Trashed' },
      })
    ).id
    await call('DELETE', `/api/lead/${lead}`, 'staff')
    const reads: [PrincipalName, string][] = [
      ['integrator', '/api/credit-app'],
      ['integrator', `/api/credit-app/${app}`],
      ['integrator', '/api/credit-app/count'],
      ['leadAgent', '/api/lead'],
      ['leadAgent', `/api/lead/${lead}`],
      ['leadAgent', '/api/lead/count'],
    ]
    for (const [caller, path] of reads) {
      const refused = await call('GET', `${path}?trash=true`, caller)
      expect([path, refused.status]).toEqual([path, 403])
      // Without it, the same caller reads as before (a trashed record is not found).
      const plain = await call('GET', path, caller)
      expect([path, plain.status]).toEqual([
        path,
        path.endsWith(String(app)) || path.endsWith(String(lead)) ? 404 : 200,
      ])
    }
    expect((await call('GET', '/api/credit-app?trash=true', 'anonymous')).status).toBe(401)
    // Nor may they write through it (a restore).
    expect(
      (await call('PATCH', `/api/lead/${lead}?trash=true`, 'leadAgent', { deletedAt: null }))
        .status,
    ).toBe(403)
    expect(await deletedAt('lead', lead)).toBeInstanceOf(Date)
  })

  it('staff users, staff admins, admin API clients and dealers read it', async () => {
    const id = await newCustomer()
    await call('DELETE', `/api/customer/${id}`, 'staff')
    for (const caller of ['staff', 'staffAdmin', 'clientAdmin'] as PrincipalName[]) {
      const listed = await call('GET', `/api/customer?trash=true&where[id][equals]=${id}`, caller)
      expect(listed.body.docs).toEqual([expect.objectContaining({ id })])
      expect((await call('GET', `/api/customer/${id}?trash=true`, caller)).status).toBe(200)
      const counted = await call(
        'GET',
        `/api/customer/count?trash=true&where[id][equals]=${id}`,
        caller,
      )
      expect(counted.body).toEqual({ totalDocs: 1 })
    }
  })

  it("a dealer sees its own company's trash, and no other company's", async () => {
    const { payload } = context.service
    await addDealership(payload, {
      company: 'com_test_trash_b',
      location: 'loc_test_trash_b',
      name: 'Trash B',
    })
    const dealer = await staffUser(payload, 'dealer', 'com_demo_sunset')
    const lead = async (location: string) =>
      (await payload.create({ collection: 'lead', data: { lastName: 'Binned', location } })).id
    const own = await lead('loc_demo_sunset_la')
    const other = await lead('loc_test_trash_b')
    for (const id of [own, other]) await call('DELETE', `/api/lead/${id}`, 'staff')
    const asDealer = (path: string) =>
      sendJson(context.service, 'GET', path, { headers: dealer.headers })
    const trash = await asDealer('/api/lead?trash=true&where[deletedAt][exists]=true&limit=100')
    expect(trash.status).toBe(200)
    const ids = trash.body.docs.map((doc: { id: number }) => doc.id)
    expect(ids).toContain(own)
    expect(ids).not.toContain(other)
    expect((await asDealer(`/api/lead/${own}?trash=true`)).status).toBe(200)
    expect((await asDealer(`/api/lead/${other}?trash=true`)).status).toBe(404)
    const counted = await asDealer(`/api/lead/count?trash=true&where[id][in]=${own},${other}`)
    expect(counted.body).toEqual({ totalDocs: 1 })
  })
})

describe('credit data in the trash', () => {
  it('staff cannot trash credit data; an admin can, and the values stay encrypted', async () => {
    const app = await newCreditApp(await newPreApproval())
    expect((await call('DELETE', `/api/credit-app/${app}`, 'staff')).status).toBe(403)
    const now = new Date().toISOString()
    expect(
      (await call('PATCH', `/api/credit-app/${app}`, 'staff', { deletedAt: now })).status,
    ).toBe(403)
    expect(
      (await call('PATCH', `/api/credit-app/${app}`, 'staffAdmin', { deletedAt: now })).status,
    ).toBe(200)
    const stored = await client.query('SELECT ssn, birth_date FROM credit_app WHERE id = $1', [app])
    expect(stored.rows[0].ssn).toMatch(/^enc:v1:/)
    expect(stored.rows[0].birth_date).toMatch(/^enc:v1:/)
    const versions = await client.query(
      'SELECT version_ssn, version_deleted_at FROM _credit_app_v WHERE parent_id = $1',
      [app],
    )
    expect(versions.rows.some((row) => row.version_deleted_at)).toBe(true)
    for (const row of versions.rows) expect(row.version_ssn).toMatch(/^enc:v1:/)
    const listed = await call(
      'GET',
      `/api/credit-app?trash=true&where[id][equals]=${app}`,
      'staffAdmin',
    )
    expect(listed.body.docs[0]).toMatchObject({ birthDate: '1990-02-03', ssn: '***-**-3333' })
  })
})

describe('records others require', () => {
  it('are refused on the way into the trash (409), by DELETE and by PATCH', async () => {
    // The demo company's locations name it (location.companyId is required).
    const refused = await call('DELETE', '/api/company/com_demo_sunset', 'staff')
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toMatch(
      /^Still used by \d+ location record\(s\) \(companyId\): change or delete those first\.$/,
    )
    const patched = await call('PATCH', '/api/company/com_demo_sunset', 'staff', {
      deletedAt: new Date().toISOString(),
    })
    expect(patched.status).toBe(409)
    const bulk = await call('DELETE', '/api/company?where[id][equals]=com_demo_sunset', 'staff')
    expect(bulk.status).toBe(400)
    expect(bulk.body.errors[0].message).toMatch(/^Still used by \d+ location record/)
    expect(await deletedAt('company', 'com_demo_sunset')).toBeNull()
  })

  it('follow their trashed dependants into the trash, but are not emptied before them', async () => {
    const trash = (path: string) =>
      call('PATCH', path, 'staffAdmin', { deletedAt: new Date().toISOString() })
    const preApproval = await newPreApproval()
    const app = await newCreditApp(preApproval)
    expect((await trash(`/api/pre-approval/${preApproval}`)).status).toBe(409)
    expect((await trash(`/api/credit-app/${app}`)).status).toBe(200)
    expect((await trash(`/api/pre-approval/${preApproval}`)).status).toBe(200)
    const early = await call('DELETE', `/api/pre-approval/${preApproval}?trash=true`, 'staffAdmin')
    expect(early.status).toBe(409)
    expect(early.body.errors[0].message).toMatch(/^Still used by 1 credit-app record/)
    expect((await call('DELETE', `/api/credit-app/${app}?trash=true`, 'staffAdmin')).status).toBe(
      200,
    )
    expect(
      (await call('DELETE', `/api/pre-approval/${preApproval}?trash=true`, 'staffAdmin')).status,
    ).toBe(200)
  })
})

describe('demo data on a later start', () => {
  it('leaves trashed demo records in the trash, neither recreated nor a failed start', async () => {
    const { payload } = context.service
    const leads = await payload.find({ collection: 'lead', depth: 0, limit: 1, sort: 'id' })
    const lead = leads.docs[0].id
    const leadCount = (await payload.count({ collection: 'lead', trash: true })).totalDocs
    expect((await call('DELETE', '/api/customer/cus_demo_maria', 'staff')).status).toBe(200)
    expect((await call('DELETE', `/api/lead/${lead}`, 'staff')).status).toBe(200)
    try {
      await seedDemoData(payload)
      expect(await deletedAt('customer', 'cus_demo_maria')).not.toBeNull()
      expect(await deletedAt('lead', lead)).not.toBeNull()
      expect((await payload.count({ collection: 'lead', trash: true })).totalDocs).toBe(leadCount)
    } finally {
      const restore = { deletedAt: null }
      await call('PATCH', '/api/customer/cus_demo_maria?trash=true', 'staff', restore)
      await call('PATCH', `/api/lead/${lead}?trash=true`, 'staff', restore)
    }
  })
})

describe('commerce reads leave trashed records out', () => {
  it('by id (404) and in lists (not counted), compiled as Payload reads them', async () => {
    const company = await context.service.payload.create({
      collection: 'company',
      data: { name: `Trashed company ${++serial}` },
    })
    const before = await call('GET', '/api/companies?limit=1', 'integrator')
    const served = compiledReads.served
    await call('DELETE', `/api/company/${company.id}`, 'staff')
    const after = await call('GET', '/api/companies?limit=1', 'integrator')
    expect(after.body.totalCount).toBe(before.body.totalCount - 1)
    const filtered = await call(
      'GET',
      `/api/companies?where[name][equals]=${encodeURIComponent(company.name)}`,
      'integrator',
    )
    expect(filtered.body).toMatchObject({ data: [], totalCount: 0 })
    expect((await call('GET', `/api/facilitators/${company.id}`, 'integrator')).status).toBe(404)
    expect(compiledReads.served).toBeGreaterThan(served)
  })

  it('a deal embeds a trashed customer as null, as Payload does', async () => {
    const customer = await newCustomer()
    const deal = await context.service.payload.create({
      collection: 'deal',
      data: {
        customer,
        dealer: { location: 'loc_demo_sunset_la' },
        vehicle: '4T1B11HK7NU000123',
      } as never,
    })
    await call('DELETE', `/api/customer/${customer}`, 'staff')
    const read = await call('GET', `/api/deals/${deal.id}?depth=1`, 'integrator')
    expect(read.status).toBe(200)
    expect(read.body.data.customer).toBeNull()
    const flat = await call('GET', `/api/deals/${deal.id}?depth=0`, 'integrator')
    expect(flat.body.data.customer).toBe(customer)
    // The deal is still saved whole (as the admin UI sends it), naming its trashed customer.
    const saved = await call('PATCH', `/api/deal/${deal.id}?depth=0`, 'staff', {
      ...flat.body.data,
      currentBidPrice: 1000,
    })
    expect(saved.status).toBe(200)
    expect(saved.body.doc).toMatchObject({ currentBidPrice: 1000, customer })
  })
})
