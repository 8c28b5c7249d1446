import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type { CollectionSlug, Payload, RequiredDataFromCollectionSlug, Where } from 'payload'
import { z } from 'zod'

import { logger } from '@/lib/logger'
import { dataDir } from '@/lib/paths'
import { settings } from '@/lib/settings'

import type { ClientRole } from '../../access/roles'
import * as demo from './demoData'

/** Demo data loads by default in local mode only; SEED_DEMO_DATA=true|false decides otherwise. */
export const shouldSeed = (local: boolean): boolean => settings('service').SEED_DEMO_DATA ?? local

type DemoClient = { name: string; role: ClientRole }

/** The examples in docs/ send an admin key (ADF leads, webhook endpoints): the demo has one. */
const demoClients: DemoClient[] = [
  { name: 'Demo admin (admin)', role: 'admin' },
  { name: 'Demo storefront (integrator)', role: 'integrator' },
  { name: 'Demo lead desk (lead-agent)', role: 'lead-agent' },
]

type DemoStaff = RequiredDataFromCollectionSlug<'users'> & { email: string }

const demoStaff: DemoStaff = { email: 'sam.rivera@example.com', name: 'Sam Rivera', role: 'staff' }

/** Staff of the Sunset Motors company only (its records are the demo's dealer side). */
const demoDealer: DemoStaff = {
  company: 'com_demo_sunset',
  email: 'alex.kim@example.com',
  name: 'Alex Kim',
  role: 'dealer',
}

/** The location whose lead desk the demo staff user works. */
const DESK_LOCATION = 'loc_demo_sunset_la'

const credentialsFile = (): string => path.join(dataDir(), 'demo-credentials.json')

const Credentials = z.record(z.string(), z.string())

const readCredentials = (): z.infer<typeof Credentials> => {
  try {
    return Credentials.parse(JSON.parse(fs.readFileSync(credentialsFile(), 'utf8')))
  } catch {
    return {}
  }
}

/**
 * Creates each record whose id is not there yet; returns how many it created. A record in the
 * trash is there (its id is taken): it stays in the trash.
 */
const ensureById = async <Slug extends CollectionSlug>(
  payload: Payload,
  collection: Slug,
  records: (RequiredDataFromCollectionSlug<Slug> & { id?: string; code?: string; vin?: string })[],
) => {
  let created = 0
  for (const record of records) {
    const id = record.id ?? record.code ?? record.vin
    const existing = await payload.findByID({
      collection,
      depth: 0,
      disableErrors: true,
      id: id!,
      trash: true,
    })
    if (existing) continue
    await payload.create({ collection, data: record, depth: 0 })
    created++
  }
  return created
}

/**
 * The id of each item's record, found by `where` or created from `data`, and how many were
 * created: records with numeric ids are known by a natural key instead.
 */
const findOrCreateAll = async <Slug extends 'lead' | 'vin', T>(
  payload: Payload,
  collection: Slug,
  items: readonly T[],
  where: (item: T) => Where,
  data: (
    item: T,
  ) => Promise<RequiredDataFromCollectionSlug<Slug>> | RequiredDataFromCollectionSlug<Slug>,
): Promise<{ created: number; ids: number[] }> => {
  const ids: number[] = []
  let created = 0
  for (const item of items) {
    const found = await payload.find({
      collection,
      depth: 0,
      limit: 1,
      trash: true,
      where: where(item),
    })
    if (found.docs[0]) {
      ids.push(found.docs[0].id)
      continue
    }
    ids.push((await payload.create({ collection, data: await data(item) })).id)
    created++
  }
  return { created, ids }
}

/** Creates `records` unless `where` already matches a record; returns how many it created. */
const createUnlessAny = async <Slug extends CollectionSlug>(
  payload: Payload,
  collection: Slug,
  where: Where,
  records: RequiredDataFromCollectionSlug<Slug>[],
): Promise<number> => {
  if ((await payload.count({ collection, trash: true, where })).totalDocs > 0) return 0
  for (const data of records) await payload.create({ collection, data })
  return records.length
}

const vinRecord = async (payload: Payload, vin: string) => ({
  vehicle: (
    await payload.findByID({ collection: 'vehicle', depth: 0, disableErrors: true, id: vin })
  )?.id,
  vin,
})

/** The demo staff user on the rota of the demo location's lead desk, unless it has one. */
const ensureRota = async (payload: Payload): Promise<number> => {
  const location = await payload.findByID({ collection: 'location', depth: 0, id: DESK_LOCATION })
  if (location.desk?.rota?.length) return 0
  const { docs } = await payload.find({
    collection: 'users',
    depth: 0,
    limit: 1,
    where: { email: { equals: demoStaff.email } },
  })
  if (!docs[0]) return 0
  await payload.update({
    collection: 'location',
    data: { desk: { ...location.desk, rota: [docs[0].id] } },
    id: DESK_LOCATION,
  })
  return 1
}

/** Leads, the VINs they look at, and what hangs on them. */
const ensureLeadSide = async (payload: Payload): Promise<number> => {
  // New leads are assigned from the rota: it comes first.
  const rota = await ensureRota(payload)
  const leads = await findOrCreateAll(
    payload,
    'lead',
    demo.leads(Date.now()),
    (lead) => ({ email: { equals: lead.email } }),
    (lead) => lead,
  )
  const vins = await findOrCreateAll(
    payload,
    'vin',
    demo.vins,
    (vin) => ({ vin: { equals: vin } }),
    (vin) => vinRecord(payload, vin),
  )
  const [maria, james] = leads.ids
  const ofMaria = { lead: { equals: maria } }
  let created = rota + leads.created + vins.created
  created += await createUnlessAny(payload, 'leadEvents', ofMaria, demo.leadEvents(maria, james))
  created += await createUnlessAny(payload, 'vdpEmails', ofMaria, [{ lead: maria, vins: vins.ids }])
  created += await ensureById(payload, 'account', [demo.account(maria)])
  created += await ensureById(payload, 'web-event', demo.webEvents)
  for (const listing of demo.listings)
    created += await createUnlessAny(payload, 'listing', { vin: { equals: listing.vin } }, [
      listing,
    ])
  for (const record of demo.errorRecords)
    created += await createUnlessAny(payload, 'errors', { digest: { equals: record.digest } }, [
      record,
    ])
  return created
}

/** The demo disclosures and consents, once each (consents are never changed). */
const ensureConsents = async (payload: Payload): Promise<number> => {
  let created = 0
  for (const disclosure of demo.disclosures) {
    const where: Where = {
      and: [{ kind: { equals: disclosure.kind } }, { version: { equals: disclosure.version } }],
    }
    created += await createUnlessAny(payload, 'disclosures', where, [disclosure])
  }
  const [authorization] = (
    await payload.find({
      collection: 'disclosures',
      depth: 0,
      limit: 1,
      where: { kind: { equals: 'credit-report-authorization' } },
    })
  ).docs
  const ofMaria: Where = { consumer: { equals: 'con_demo_maria' } }
  return (
    created + (await createUnlessAny(payload, 'consents', ofMaria, demo.consents(authorization.id)))
  )
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

type Seeded = { created: number; credentialsFile: string }

/**
 * The demo's accounts: its staff users, its API clients and the dealer (with the dealer's
 * company), their generated passwords and keys written to DATA_DIR/demo-credentials.json
 * (owner-only), never to the repository. A handful of records: the start runs it before the
 * service answers, so the file it names is there by the time anything says ready. Idempotent.
 */
export const seedDemoAccounts = async (payload: Payload): Promise<Seeded> => {
  const credentials = readCredentials()
  let created = 0

  /** A demo staff user, with a generated password kept among the credentials. */
  const ensureStaff = async (person: DemoStaff) => {
    const found = await payload.count({
      collection: 'users',
      where: { email: { equals: person.email } },
    })
    if (found.totalDocs > 0) return
    const password = crypto.randomBytes(12).toString('base64url')
    await payload.create({ collection: 'users', data: { ...person, password } })
    credentials[person.email] = password
    created++
  }

  await ensureStaff(demoStaff)

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

  // A dealer names their company: the demo's companies first.
  created += await ensureById(payload, 'company', demo.companies)
  await ensureStaff(demoDealer)

  if (created > 0) {
    fs.mkdirSync(dataDir(), { recursive: true })
    fs.writeFileSync(credentialsFile(), `${JSON.stringify(credentials, null, 2)}\n`, {
      mode: 0o600,
    })
  }
  return { created, credentialsFile: credentialsFile() }
}

/**
 * Loads the demo data set: the accounts (seedDemoAccounts), then the records. Idempotent: every
 * record is looked up by its natural key first, so running it again changes nothing.
 */
export const seedDemoData = async (payload: Payload): Promise<Seeded> => {
  let { created } = await seedDemoAccounts(payload)
  for (const [collection, records] of commerceRecords)
    created += await ensureById(payload, collection, records)
  created += await ensureLeadSide(payload)
  created += await ensureConsents(payload)
  logger.info({ created, credentials: credentialsFile() }, 'demo data loaded')
  return { created, credentialsFile: credentialsFile() }
}
