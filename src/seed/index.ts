import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type { CollectionSlug, Payload } from 'payload'

import type { ClientRole } from '../../access/roles'
import { logger } from '../lib/logger'
import { dataDir } from '../lib/paths'
import { settings } from '../lib/settings'
import * as demo from './demoData'

/** Demo data loads by default in local mode only; SEED_DEMO_DATA=true|false decides otherwise. */
export const shouldSeed = (local: boolean): boolean => settings('service').SEED_DEMO_DATA ?? local

type DemoClient = { name: string; role: ClientRole }

const demoClients: DemoClient[] = [
  { name: 'Demo storefront (integrator)', role: 'integrator' },
  { name: 'Demo lead desk (lead-agent)', role: 'lead-agent' },
]

const demoStaff = { email: 'sam.rivera@example.com', name: 'Sam Rivera', role: 'staff' as const }

const credentialsFile = (): string => path.join(dataDir(), 'demo-credentials.json')

type Credentials = Record<string, string>

const readCredentials = (): Credentials => {
  try {
    return JSON.parse(fs.readFileSync(credentialsFile(), 'utf8')) as Credentials
  } catch {
    return {}
  }
}

/** Creates each record whose id is not there yet; returns how many it created. */
const ensureById = async (
  payload: Payload,
  collection: CollectionSlug,
  records: { id?: string; code?: string; vin?: string }[],
) => {
  let created = 0
  for (const record of records) {
    const id = record.id ?? record.code ?? record.vin
    const existing = await payload.findByID({ collection, depth: 0, disableErrors: true, id: id! })
    if (existing) continue
    await payload.create({ collection, data: record as never, depth: 0 })
    created++
  }
  return created
}

/** Lead-side records have numeric ids: they are found by a natural key instead. */
const ensureLeadSide = async (payload: Payload): Promise<number> => {
  let created = 0
  const leadIds: number[] = []
  for (const lead of demo.leads) {
    const found = await payload.find({
      collection: 'lead',
      depth: 0,
      limit: 1,
      where: { email: { equals: lead.email } },
    })
    if (found.docs[0]) {
      leadIds.push(found.docs[0].id)
      continue
    }
    leadIds.push(
      (
        await payload.create({
          collection: 'lead',
          data: {
            ...lead,
            consumer: lead.email.startsWith('maria') ? 'con_demo_maria' : 'con_demo_james',
          },
        })
      ).id,
    )
    created++
  }
  const vinIds: number[] = []
  for (const vin of demo.vins) {
    const found = await payload.find({
      collection: 'vin',
      depth: 0,
      limit: 1,
      where: { vin: { equals: vin } },
    })
    const vehicle = await payload.findByID({
      collection: 'vehicle',
      depth: 0,
      disableErrors: true,
      id: vin,
    })
    vinIds.push(
      found.docs[0]?.id ??
        (await payload.create({ collection: 'vin', data: { vehicle: vehicle?.id, vin } })).id,
    )
    if (!found.docs[0]) created++
  }
  const [maria, james] = leadIds
  if (
    (await payload.count({ collection: 'leadEvents', where: { lead: { equals: maria } } }))
      .totalDocs === 0
  ) {
    const events = [
      {
        lead: maria,
        nextSteps: 'Send three matching vehicles by e-mail.',
        status: 'Intake Form Submitted',
        type: 'Lead Created',
      },
      {
        lead: maria,
        nextSteps: 'Follow up on the Camry LE.',
        status: 'Customer Provided Options',
        type: 'Outbound Email',
      },
      {
        currentStatusFor: maria,
        lead: maria,
        nextSteps: 'Book a test drive for Saturday.',
        status: 'Had Conversation',
        type: 'Customer Answered',
      },
      {
        currentStatusFor: james,
        lead: james,
        nextSteps: 'Try again tomorrow morning.',
        status: 'First Communication Attempt (phone and text)',
        type: 'Outbound Phone Call Not Answered',
      },
    ] as const
    for (const event of events) await payload.create({ collection: 'leadEvents', data: event })
    created += events.length
  }
  if (
    (await payload.count({ collection: 'vdpEmails', where: { lead: { equals: maria } } }))
      .totalDocs === 0
  ) {
    await payload.create({ collection: 'vdpEmails', data: { lead: maria, vins: vinIds } })
    created++
  }
  created += await ensureById(payload, 'account', [
    {
      anonymousIds: ['anon-7f3c9a', 'anon-b41e02'],
      consumer: 'con_demo_maria',
      id: 'acc_demo_maria',
      lead: String(maria),
    } as never,
  ])
  created += await ensureById(payload, 'web-event', [
    { account: 'acc_demo_maria', anonymousId: 'anon-7f3c9a', id: 'wev_demo_1', name: 'vdp_viewed' },
    {
      account: 'acc_demo_maria',
      anonymousId: 'anon-7f3c9a',
      id: 'wev_demo_2',
      name: 'prequal_started',
    },
    {
      account: 'acc_demo_maria',
      anonymousId: 'anon-b41e02',
      id: 'wev_demo_3',
      name: 'credit_app_submitted',
    },
  ] as never)
  for (const listing of demo.listings) {
    if (
      (await payload.count({ collection: 'listing', where: { vin: { equals: listing.vin } } }))
        .totalDocs > 0
    )
      continue
    await payload.create({ collection: 'listing', data: listing })
    created++
  }
  if (
    (await payload.count({ collection: 'errors', where: { digest: { equals: 'demo-1' } } }))
      .totalDocs === 0
  ) {
    await payload.create({
      collection: 'errors',
      data: {
        digest: 'demo-1',
        message: "TypeError: Cannot read properties of undefined (reading 'price')",
        source: 'storefront',
        url: 'https://shop.example.com/vehicles/4T1B11HK7NU000123',
      },
    })
    created++
  }
  return created
}

/** The commerce records, in dependency order. */
const commerceRecords: [CollectionSlug, { id?: string; code?: string; vin?: string }[]][] = [
  ['state', demo.states],
  ['address', demo.addresses],
  ['credit-band', demo.creditBands],
  ['consumer', demo.consumers],
  ['vehicle-spec', demo.vehicleSpecs],
  ['vehicle', demo.vehicles],
  ['pre-approval', demo.preApprovals],
  ['credit-report', demo.creditReports],
  ['credit-app', demo.creditApps],
  ['company', demo.companies],
  ['location', demo.locations],
  ['contact', demo.contacts],
  ['customer', demo.customers],
  ['deal', demo.deals],
]

/**
 * Loads the demo data set. Idempotent: every record is looked up by its natural key first, so
 * running it again changes nothing. Generated passwords and API keys of demo accounts are kept
 * in DATA_DIR/demo-credentials.json (owner-only), never in the repository.
 */
export const seedDemoData = async (
  payload: Payload,
): Promise<{ created: number; credentialsFile: string }> => {
  const credentials = readCredentials()
  let created = 0

  const staff = await payload.find({
    collection: 'users',
    limit: 1,
    where: { email: { equals: demoStaff.email } },
  })
  if (staff.totalDocs === 0) {
    const password = crypto.randomBytes(12).toString('base64url')
    await payload.create({ collection: 'users', data: { ...demoStaff, password } })
    credentials[demoStaff.email] = password
    created++
  }

  for (const client of demoClients) {
    const found = await payload.find({
      collection: 'api-clients',
      limit: 1,
      where: { name: { equals: client.name } },
    })
    if (found.totalDocs > 0) continue
    const apiKey = crypto.randomUUID()
    await payload.create({
      collection: 'api-clients',
      data: { ...client, apiKey, enableAPIKey: true },
    })
    credentials[client.name] = `api-clients API-Key ${apiKey}`
    created++
  }

  for (const [collection, records] of commerceRecords)
    created += await ensureById(payload, collection, records)
  created += await ensureLeadSide(payload)

  if (created > 0) {
    fs.mkdirSync(dataDir(), { recursive: true })
    fs.writeFileSync(credentialsFile(), `${JSON.stringify(credentials, null, 2)}\n`, {
      mode: 0o600,
    })
  }
  logger.info({ created, credentials: credentialsFile() }, 'demo data loaded')
  return { created, credentialsFile: credentialsFile() }
}
