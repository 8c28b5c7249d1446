/** SSNs and birth dates: encrypted at rest, masked by role, never filterable, audited. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { sendJson } from '../helpers/http'
import type { PrincipalName } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
const call = (method: string, path: string, caller: PrincipalName, body?: unknown) =>
  sendJson(context.service, method, path, { body, headers: context.who[caller].headers })

const SSN = '123-45-6789'
const CO_SSN = '123-45-6790'
const BIRTH = '1985-03-14'
const CO_BIRTH = '1987-11-02'
let consumerId: string
let creditAppId: string
let client: pg.Client

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  // The service drops its database when it closes, ending this connection.
  client.on('error', () => {})
  await client.connect()
  const consumer = await call('POST', '/api/consumers?depth=0', 'integrator', {
    birthDate: BIRTH,
    firstName: 'Ada',
    lastName: 'Byron',
    phoneNumber: '(646) 555-0100',
    ssn: SSN,
  })
  consumerId = consumer.body.data.id
  const app = await call('POST', '/api/creditapps?depth=0', 'integrator', {
    birthDate: BIRTH,
    coApplicantBirthDate: CO_BIRTH,
    coApplicantSSN: CO_SSN,
    consumer: consumerId,
    preApproval: 'pre_demo_maria',
    ssn: SSN,
    vehicle: 'JTMRWRFV4LD000321',
  })
  creditAppId = app.body.data.id
})
afterAll(async () => {
  await client?.end()
})

describe('at rest', () => {
  it('no text column of the database holds an SSN or birth date in clear', async () => {
    const { rows: columns } = await client.query(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'date')",
    )
    expect(columns.length).toBeGreaterThan(50)
    const secrets = [
      SSN,
      SSN.replace(/-/g, ''),
      CO_SSN,
      CO_SSN.replace(/-/g, ''),
      BIRTH,
      CO_BIRTH,
      '987-65-4321',
      '987-65-4322',
      '987-65-4323',
    ]
    const found: string[] = []
    for (const { column_name: column, table_name: table } of columns) {
      const { rows } = await client.query(
        `SELECT "${column}"::text AS value FROM "${table}" WHERE "${column}" IS NOT NULL`,
      )
      for (const { value } of rows)
        for (const secret of secrets)
          if (String(value).includes(secret)) found.push(`${table}.${column}`)
    }
    expect(found).toEqual([])
    const { rows } = await client.query('SELECT ssn, birth_date FROM consumer WHERE id = $1', [
      consumerId,
    ])
    expect(rows[0].ssn).toMatch(/^enc:v1:[\w-]+:[\w-]+:[\w-]+:[\w-]+$/)
    expect(rows[0].birth_date).toMatch(/^enc:v1:/)
  })
})

describe('on read', () => {
  it('the commerce API shows SSNs masked and birth dates in full', async () => {
    const response = await call('GET', `/api/creditapps/${creditAppId}?depth=1`, 'integrator')
    expect(response.body.data).toMatchObject({
      birthDate: BIRTH,
      coApplicantBirthDate: CO_BIRTH,
      coApplicantSSN: '***-**-6790',
      ssn: '***-**-6789',
    })
    expect(response.body.data.consumer).toMatchObject({ birthDate: BIRTH, ssn: '***-**-6789' })
  })

  it.each([
    ['integrator', false],
    ['clientAdmin', false],
    ['staff', false],
    ['staffAdmin', true],
  ] as [PrincipalName, boolean][])(
    '%s with ?reveal=ssn sees the full SSN: %s',
    async (caller, full) => {
      const plain = await call('GET', `/api/consumer/${consumerId}`, caller)
      expect(plain.body.ssn).toBe('***-**-6789')
      const revealed = await call('GET', `/api/consumer/${consumerId}?reveal=ssn`, caller)
      expect(revealed.body.ssn).toBe(full ? SSN : '***-**-6789')
      expect(revealed.body.birthDate).toBe(BIRTH)
    },
  )

  it('lists are masked too', async () => {
    const response = await call('GET', '/api/credit-app?limit=100', 'staffAdmin')
    for (const doc of response.body.docs)
      if (doc.ssn) expect(doc.ssn).toMatch(/^\*\*\*-\*\*-\d{4}$/)
  })
})

describe('queries', () => {
  it.each([
    ['/api/consumer?where[ssn][equals]=123-45-6789', 'ssn'],
    ['/api/consumer?where[or][0][birthDate][like]=1985', 'birthDate'],
    ['/api/consumer?sort=-ssn', 'ssn'],
    ['/api/credit-app?where[consumer.ssn][like]=6789', 'consumer.ssn'],
    ['/api/credit-app?where[coApplicantSSN][exists]=true', 'coApplicantSSN'],
  ])('%s is refused', async (path, field) => {
    const response = await call('GET', path, 'staffAdmin')
    expect(response.status).toBe(400)
    expect(response.body.errors[0].message).toBe(`Filtering or sorting on ${field} is not allowed`)
  })
})

describe('writes', () => {
  it('a masked SSN sent back keeps the stored one; a new one replaces it', async () => {
    await call('PATCH', `/api/consumer/${consumerId}`, 'staffAdmin', {
      firstName: 'Augusta',
      ssn: '***-**-6789',
    })
    expect(
      (await call('GET', `/api/consumer/${consumerId}?reveal=ssn`, 'staffAdmin')).body.ssn,
    ).toBe(SSN)
    await call('PATCH', `/api/consumer/${consumerId}`, 'staffAdmin', { ssn: '123-45-0000' })
    expect(
      (await call('GET', `/api/consumer/${consumerId}?reveal=ssn`, 'staffAdmin')).body.ssn,
    ).toBe('123-45-0000')
  })

  it('a bad SSN is a 400 naming the field without echoing the value', async () => {
    const response = await call('POST', '/api/consumers', 'integrator', {
      birthDate: BIRTH,
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '(646) 555-0100',
      ssn: '12-345-67890',
    })
    expect(response.status).toBe(400)
    expect(response.body.error.details).toEqual([{ field: 'ssn', message: expect.any(String) }])
    expect(JSON.stringify(response.body)).not.toContain('12-345-67890')
  })
})

describe('audit trail', () => {
  const entries = async (recordId: string) =>
    (
      await context.service.payload.find({
        collection: 'audit-log',
        limit: 100,
        overrideAccess: true,
        sort: 'createdAt',
        where: { recordId: { equals: recordId } },
      })
    ).docs

  it('records creates, updates (field names only) and reveals, with who and the request id', async () => {
    const log = await entries(consumerId)
    expect(log[0]).toMatchObject({
      action: 'create',
      actor: `api-clients:${context.who.integrator.id}`,
      collection: 'consumer',
      requestId: expect.any(String),
    })
    expect(log[0].fields).toEqual(expect.arrayContaining(['birthDate', 'firstName', 'ssn']))
    expect(log.filter((entry) => entry.action === 'reveal').length).toBeGreaterThanOrEqual(3)
    expect(log.find((entry) => entry.action === 'reveal')).toMatchObject({
      actor: `users:${context.who.staffAdmin.id}`,
      fields: ['ssn'],
    })
    const updates = log.filter((entry) => entry.action === 'update')
    expect(updates.map((entry) => entry.fields)).toEqual([['firstName'], ['ssn']])
    expect(JSON.stringify(log)).not.toContain('6789')
    expect((await entries(creditAppId))[0]).toMatchObject({
      action: 'create',
      collection: 'credit-app',
    })
  })

  it('records credit report changes and deletes', async () => {
    const report = await context.service.payload.create({
      collection: 'credit-report',
      data: { creditScore: 640 },
    })
    await call('PATCH', `/api/creditreports/${report.id}`, 'integrator', { creditScore: 700 })
    await call('DELETE', `/api/credit-report/${report.id}`, 'staffAdmin')
    expect((await entries(String(report.id))).map((entry) => [entry.action, entry.fields])).toEqual(
      [
        ['create', ['creditScore']],
        ['update', ['creditScore']],
        ['delete', []],
      ],
    )
  })

  it('nobody changes or deletes an entry through the API, and the database refuses too', async () => {
    const [entry] = await entries(consumerId)
    for (const caller of ['staffAdmin', 'clientAdmin'] as const) {
      expect(
        (await call('PATCH', `/api/audit-log/${entry.id}`, caller, { action: 'delete' })).status,
      ).toBe(403)
      expect((await call('DELETE', `/api/audit-log/${entry.id}`, caller)).status).toBe(403)
      expect(
        (
          await call('POST', '/api/audit-log', caller, {
            action: 'create',
            actor: 'x',
            collection: 'consumer',
            recordId: 'x',
          })
        ).status,
      ).toBe(403)
    }
    await expect(
      client.query('UPDATE audit_log SET actor = $1 WHERE id = $2', ['someone', entry.id]),
    ).rejects.toThrow('audit entries cannot be changed or deleted')
    await expect(client.query('DELETE FROM audit_log WHERE id = $1', [entry.id])).rejects.toThrow(
      'audit entries cannot be changed or deleted',
    )
  })

  it('staff admins read and filter it; nobody else does', async () => {
    const response = await call(
      'GET',
      `/api/audit-log?where[action][equals]=reveal&where[recordId][equals]=${consumerId}`,
      'staffAdmin',
    )
    expect(response.status).toBe(200)
    expect(response.body.docs.every((doc: { action: string }) => doc.action === 'reveal')).toBe(
      true,
    )
    for (const caller of ['staff', 'integrator', 'clientAdmin', 'leadAgent'] as const)
      expect((await call('GET', '/api/audit-log', caller)).status).toBe(403)
  })
})
