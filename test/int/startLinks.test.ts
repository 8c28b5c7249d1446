/**
 * What `npm start` hands a person: the API link its last line prints answers with a page (`/api`
 * itself is a JSON index), and the demo credentials file holds every key the examples in docs/
 * send, an admin key among them, each authenticating with its role.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { ADF_EXAMPLE } from '@/adf/example'
import { seedDemoAccounts, seedDemoData } from '@/seed'
import { apiBanner, loginBanner } from '@/start/firstAdmin'

import { useTestService } from '../helpers/service'

const context = useTestService()

/** The demo credentials, as the seed wrote them to a folder of this file's own. */
let credentials: Record<string, string>
/** The same file as it stood after the accounts alone, which the start loads before answering. */
let accountsOnly: { consumers: number; credentials: Record<string, string>; file: string }
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'start-links-'))

beforeAll(async () => {
  // Other files seed at the same time: this one's file is written where only it looks.
  const before = process.env.DATA_DIR
  process.env.DATA_DIR = folder
  try {
    const { payload } = context.service
    const accounts = await seedDemoAccounts(payload)
    accountsOnly = {
      consumers: (await payload.count({ collection: 'consumer' })).totalDocs,
      credentials: JSON.parse(fs.readFileSync(accounts.credentialsFile, 'utf8')),
      file: accounts.credentialsFile,
    }
    const { credentialsFile } = await seedDemoData(payload)
    expect(path.dirname(credentialsFile)).toBe(folder)
    credentials = JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as Record<string, string>
  } finally {
    if (before === undefined) delete process.env.DATA_DIR
    else process.env.DATA_DIR = before
  }
}, 180_000)

afterAll(() => fs.rmSync(folder, { force: true, recursive: true }))

describe('the start banner', () => {
  it('prints an API link that answers with a page', async () => {
    const url = 'http://localhost:3000'
    const banner = apiBanner(url)
    // The browser tests wait for this line.
    expect(banner).toMatch(/^API:\s+http/m)
    const link = banner.trim().split(/\s+/)[1]
    expect(link.startsWith(`${url}/api`)).toBe(true)
    const response = await context.service.api(link.slice(url.length))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    // The bare /api is an index for programs (JSON), which is why the link is not it.
    const index = await context.service.api('/api')
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toContain('application/json')
  })
})

describe('the demo credentials file', () => {
  it('is written with every account by the accounts alone, which the start loads before it answers, and named in the login banner', () => {
    expect(accountsOnly.consumers).toBe(0)
    expect(accountsOnly.credentials).toEqual(credentials)
    expect(Object.keys(credentials).sort()).toEqual([
      'Demo admin (admin)',
      'Demo lead desk (lead-agent)',
      'Demo storefront (integrator)',
      'alex.kim@example.com',
      'sam.rivera@example.com',
    ])
    const banner = loginBanner('http://localhost:3000', null, 'on', accountsOnly.file)
    expect(banner).toContain(`Demo accounts and API keys: ${accountsOnly.file}`)
    expect(
      loginBanner('http://localhost:3000', null, 'on', path.join(folder, 'none.json')),
    ).not.toContain('Demo accounts')
  })

  it.each([
    ['Demo admin (admin)', 'admin'],
    ['Demo storefront (integrator)', 'integrator'],
    ['Demo lead desk (lead-agent)', 'lead-agent'],
  ])('holds %s, a key of role %s that authenticates', async (name, role) => {
    expect(credentials[name]).toMatch(/^api-clients API-Key \S+$/)
    const me = await context.service.api('/api/api-clients/me', {
      headers: { Authorization: credentials[name] },
    })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { user: { name: string; role: string } }).user).toMatchObject({
      name,
      role,
    })
  })

  it("lets the admin key send the ADF example of docs/adf-leads.md (201, the lead's id and its receipt)", async () => {
    const page = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../docs/adf-leads.md'),
      'utf8',
    )
    expect(page).toContain(ADF_EXAMPLE.trim())
    const response = await context.service.api('/api/leads/adf', {
      body: ADF_EXAMPLE,
      headers: {
        Authorization: credentials['Demo admin (admin)'],
        'Content-Type': 'application/xml',
      },
      method: 'POST',
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({
      data: { leads: [{ id: expect.any(Number), receipt: expect.any(Number) }] },
      success: true,
    })
  })

  it('holds the demo staff users’ passwords', () => {
    expect(credentials['sam.rivera@example.com']).toEqual(expect.any(String))
    expect(credentials['alex.kim@example.com']).toEqual(expect.any(String))
  })
})
