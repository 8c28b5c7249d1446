/**
 * History of records over REST: every save is a version holding who and what; staff read
 * versions, staff admins restore one (through the same hooks and audit as an edit); API clients
 * see none; versions hold credit data only encrypted.
 */
import { describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const call = (method: string, path: string, who: keyof typeof context.who, body?: unknown) =>
  sendJson(context.service, method, path, { body, headers: context.who[who].headers })

const versionsOf = async (slug: string, id: string) =>
  (
    await call(
      'GET',
      `/api/${slug}/versions?where[parent][equals]=${id}&sort=-updatedAt&depth=0`,
      'staff',
    )
  ).body.docs

describe('versions', () => {
  it('keep each save of a deal, with who made it', async () => {
    const before = (await versionsOf('deal', 'deal_demo_camry')).length
    const edit = await call('PATCH', '/api/deal/deal_demo_camry', 'staff', {
      currentBidPrice: 21_500,
    })
    expect(edit.status).toBe(200)
    const versions = await versionsOf('deal', 'deal_demo_camry')
    expect(versions).toHaveLength(before + 1)
    expect(versions[0].version).toMatchObject({
      currentBidPrice: 21_500,
      lastModifiedBy: context.who.staff.id,
    })
  })

  it('keep the newest 100 saves of a record: an update drops the oldest beyond them', async () => {
    const { payload } = context.service
    const contact = await payload.create({ collection: 'contact', data: { firstName: 'Save 0' } })
    for (let save = 1; save <= 101; save += 1)
      await payload.update({
        collection: 'contact',
        data: { firstName: `Save ${save}` },
        id: contact.id,
      })
    const { docs, totalDocs } = await payload.findVersions({
      collection: 'contact',
      limit: 200,
      sort: '-updatedAt',
      where: { parent: { equals: contact.id } },
    })
    expect(totalDocs).toBe(100)
    expect(docs[0].version.firstName).toBe('Save 101')
    expect(docs.at(-1)?.version.firstName).toBe('Save 2')
  })

  it('are not for API clients', async () => {
    for (const who of ['integrator', 'leadAgent', 'clientAdmin'] as const) {
      const response = await call('GET', '/api/deal/versions', who)
      expect(response.status).toBe(403)
    }
  })

  it('are restored by staff admins only, as an edit (audited for credit data)', async () => {
    const consumer = await call('POST', '/api/consumers?depth=0', 'integrator', {
      birthDate: '1971-04-05',
      firstName: 'Hedy',
      lastName: 'Versioned',
      phoneNumber: '2135550111',
      ssn: '321-54-9876',
    })
    const id = consumer.body.data.id
    expect(
      (await call('PATCH', `/api/consumer/${id}`, 'staff', { firstName: 'Heddy' })).status,
    ).toBe(200)
    const [, original] = await versionsOf('consumer', id)
    expect(original.version.firstName).toBe('Hedy')
    expect((await call('POST', `/api/consumer/versions/${original.id}`, 'staff')).status).toBe(403)
    const restored = await call('POST', `/api/consumer/versions/${original.id}`, 'staffAdmin')
    expect(restored.status).toBe(200)
    const now = await call('GET', `/api/consumer/${id}`, 'staffAdmin')
    expect(now.body).toMatchObject({
      birthDate: '1971-04-05',
      firstName: 'Hedy',
      ssn: '***-**-9876',
    })
    const audit = await call(
      'GET',
      `/api/audit-log?where[recordId][equals]=${id}&sort=-createdAt`,
      'staffAdmin',
    )
    expect(audit.body.docs[0]).toMatchObject({
      action: 'update',
      actor: `users:${context.who.staffAdmin.id}`,
    })
  })

  it('hold SSNs and birth dates encrypted, as the records do', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    try {
      const { rows } = await client.query(
        'SELECT version_ssn, version_birth_date FROM _consumer_v WHERE version_ssn IS NOT NULL',
      )
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) {
        expect(row.version_ssn).toMatch(/^enc:v1:/)
        expect(row.version_birth_date).toMatch(/^enc:v1:/)
      }
    } finally {
      await client.end()
    }
  })
})
