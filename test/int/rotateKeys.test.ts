/**
 * npm run rotate-keys: every credit-data value (and two-factor secret) re-encrypted under the
 * first key; old keys can then go.
 */
import crypto from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { decryptValue, encryptValue } from '@/creditData/cipher'
import { seedDemoData } from '@/seed'

import { lastLine, runCli } from '../helpers/cli'
import { createTestDatabase } from '../helpers/database'
import { sendJson } from '../helpers/http'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'

const key = (id: string) => `${id}:${crypto.randomBytes(32).toString('base64')}`
const KEY_A = key('a')
const KEY_B = key('b')
const SSNS = ['123-45-6701', '123-45-6702', '123-45-6703']
const MFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: TestService
let who: Record<PrincipalName, Principal>
let client: pg.Client
const previousKeys = process.env.CREDIT_DATA_KEYS
const consumerIds: string[] = []

const stored = async () =>
  (
    await client.query(
      "SELECT 'consumer' AS t, ssn AS value FROM consumer UNION ALL SELECT 'consumer', birth_date FROM consumer UNION ALL SELECT 'credit_app', ssn FROM credit_app UNION ALL SELECT 'credit_app', co_applicant_s_s_n FROM credit_app UNION ALL SELECT 'credit_app', birth_date FROM credit_app",
    )
  ).rows
    .map((row) => row.value as null | string)
    .filter(Boolean) as string[]

const revealed = async (id: string) =>
  (
    await sendJson(service, 'GET', `/api/consumer/${id}?reveal=ssn`, {
      headers: who.staffAdmin.headers,
    })
  ).body

beforeAll(async () => {
  process.env.CREDIT_DATA_KEYS = KEY_A
  database = await createTestDatabase()
  service = await startTestService({ databaseUrl: database.url })
  who = await createPrincipals(service.payload)
  // The demo data brings credit apps with applicant and co-applicant values.
  await seedDemoData(service.payload)
  for (const [index, ssn] of SSNS.entries()) {
    const consumer = await service.payload.create({
      collection: 'consumer',
      data: {
        birthDate: `1980-01-0${index + 1}`,
        firstName: 'Rota',
        lastName: `Tion${index}`,
        phoneNumber: '(646) 555-0100',
        ssn,
      },
    })
    consumerIds.push(String(consumer.id))
  }
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
  // A value stored before encryption existed: in clear.
  await client.query("UPDATE consumer SET ssn = '123-45-6799' WHERE id = $1", [consumerIds[2]])
  // A staff admin's two-factor secret is encrypted with the same keys.
  await client.query('UPDATE users SET mfa_secret = $1 WHERE id = $2', [
    encryptValue(MFA_SECRET, 'mfaSecret'),
    who.staffAdmin.id,
  ])
}, 120_000)

afterAll(async () => {
  process.env.CREDIT_DATA_KEYS = previousKeys
  if (previousKeys === undefined) delete process.env.CREDIT_DATA_KEYS
  await client?.end()
  await service?.close()
  await database?.drop()
})

describe('npm run rotate-keys', () => {
  it('re-encrypts every value under the new first key, encrypts clear ones, and reports progress', async () => {
    expect(
      (await stored()).every((value) => value.startsWith('enc:v1:a:') || value === '123-45-6799'),
    ).toBe(true)
    const result = await runCli('rotate-keys', [], {
      CREDIT_DATA_KEYS: `${KEY_B},${KEY_A}`,
      DATABASE_URL: database.url,
    })
    expect(result.code).toBe(0)
    const summary = JSON.parse(lastLine(result.stdout))
    const { rows } = await client.query(
      'SELECT (SELECT count(*) FROM consumer)::int AS consumers, (SELECT count(*) FROM credit_app)::int AS apps, (SELECT count(*) FROM users)::int AS users',
    )
    expect(summary).toMatchObject({
      key: 'b',
      reencrypted: rows[0].consumers + rows[0].apps + 1,
      scanned: rows[0].consumers + rows[0].apps + rows[0].users,
    })
    expect(result.stderr).toContain(
      `users: ${rows[0].users}/${rows[0].users} scanned, 1 re-encrypted`,
    )
    const { rows: secrets } = await client.query('SELECT mfa_secret FROM users WHERE id = $1', [
      who.staffAdmin.id,
    ])
    expect(secrets[0].mfa_secret).toMatch(/^enc:v1:b:/)
    process.env.CREDIT_DATA_KEYS = KEY_B
    expect(decryptValue(secrets[0].mfa_secret, 'mfaSecret')).toBe(MFA_SECRET)
    process.env.CREDIT_DATA_KEYS = KEY_A
    expect(result.stderr).toContain(
      `consumer: ${rows[0].consumers}/${rows[0].consumers} scanned, ${rows[0].consumers} re-encrypted`,
    )
    expect(result.stderr).toContain(
      `credit-app: ${rows[0].apps}/${rows[0].apps} scanned, ${rows[0].apps} re-encrypted`,
    )
    expect(rows[0].apps).toBeGreaterThan(0)
    const values = await stored()
    expect(values.length).toBeGreaterThan(10)
    expect(values.every((value) => value.startsWith('enc:v1:b:'))).toBe(true)
    // The consumers' own data keys are re-wrapped under the new key too.
    const { rows: keys } = await client.query('SELECT wrapped FROM consumer_data_keys')
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.every((key: { wrapped: string }) => key.wrapped.startsWith('enc:v1:b:'))).toBe(true)
    expect(summary.dataKeys).toEqual({ rewrapped: keys.length, scanned: keys.length })
  })

  it('after rotation the old key can be removed: everything still decrypts', async () => {
    process.env.CREDIT_DATA_KEYS = KEY_B
    expect((await revealed(consumerIds[0])).ssn).toBe(SSNS[0])
    expect((await revealed(consumerIds[1])).birthDate).toBe('1980-01-02')
    expect((await revealed(consumerIds[2])).ssn).toBe('123-45-6799')
    const app = (
      await sendJson(service, 'GET', '/api/credit-app/crapp_demo_james?reveal=ssn', {
        headers: who.staffAdmin.headers,
      })
    ).body
    expect(app).toMatchObject({ coApplicantSSN: '987-65-4323', ssn: '987-65-4322' })
  })

  it('a second run finds nothing to do', async () => {
    const result = await runCli('rotate-keys', [], {
      CREDIT_DATA_KEYS: KEY_B,
      DATABASE_URL: database.url,
    })
    expect(result.code).toBe(0)
    expect(JSON.parse(lastLine(result.stdout))).toMatchObject({
      reencrypted: 0,
      scanned: expect.any(Number),
    })
  })

  it('a value under a key no longer configured stops the run, naming the key', async () => {
    const result = await runCli('rotate-keys', [], {
      CREDIT_DATA_KEYS: key('c'),
      DATABASE_URL: database.url,
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('credit data key "b" is not configured (CREDIT_DATA_KEYS)')
    expect((await stored()).every((value) => value.startsWith('enc:v1:b:'))).toBe(true)
  })

  it('refuses arguments it does not know', async () => {
    const result = await runCli('rotate-keys', ['--all'], {
      CREDIT_DATA_KEYS: KEY_B,
      DATABASE_URL: database.url,
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('usage: npm run rotate-keys')
  })
})
