import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'

import type { ClientRole } from '../../access/roles'
import { logger } from '../lib/logger'
import { dataDir } from '../lib/paths'

/** Demo data loads by default in local mode only; SEED_DEMO_DATA=true|false decides otherwise. */
export const shouldSeed = (local: boolean): boolean =>
  process.env.SEED_DEMO_DATA ? process.env.SEED_DEMO_DATA === 'true' : local

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

/**
 * Loads the demo data set. Idempotent: every record is looked up by its natural key first, so
 * running it again changes nothing. Generated passwords and API keys of demo accounts are kept
 * in DATA_DIR/demo-credentials.json (owner-only), never in the repository.
 */
export const seedDemoData = async (payload: Payload): Promise<{ created: number; credentialsFile: string }> => {
  const credentials = readCredentials()
  let created = 0

  const staff = await payload.find({ collection: 'users', limit: 1, where: { email: { equals: demoStaff.email } } })
  if (staff.totalDocs === 0) {
    const password = crypto.randomBytes(12).toString('base64url')
    await payload.create({ collection: 'users', data: { ...demoStaff, password } })
    credentials[demoStaff.email] = password
    created++
  }

  for (const client of demoClients) {
    const found = await payload.find({ collection: 'api-clients', limit: 1, where: { name: { equals: client.name } } })
    if (found.totalDocs > 0) continue
    const apiKey = crypto.randomUUID()
    await payload.create({ collection: 'api-clients', data: { ...client, apiKey, enableAPIKey: true } })
    credentials[client.name] = `api-clients API-Key ${apiKey}`
    created++
  }

  if (created > 0) {
    fs.mkdirSync(dataDir(), { recursive: true })
    fs.writeFileSync(credentialsFile(), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  }
  logger.info({ created, credentials: credentialsFile() }, 'demo data loaded')
  return { created, credentialsFile: credentialsFile() }
}
