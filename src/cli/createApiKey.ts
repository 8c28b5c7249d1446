/**
 * npm run create-api-key -- --role <integrator|lead-agent|lead-source|admin> [--name <name>]
 * The last stdout line is {"id","role","apiKey","authorization"}; the key is shown only here.
 */
import './cliEnv'

import crypto from 'node:crypto'

import { keyColumn, roleSummary } from '../../access/policy'
import { clientRoles } from '../../access/roles'
import { cliOptions, runTask, UsageError } from './run'

/** Each role with what it may do, from the policy table (C create, R read, U update, D delete). */
const roles = clientRoles.map((role) => `  ${role}: ${roleSummary(keyColumn(role))}`).join('\n')

const usage = `usage: npm run create-api-key -- --role <${clientRoles.join('|')}> [--name <name>]\nroles (C create, R read, U update, D delete; small letters: some records):\n${roles}`

await runTask(
  () => {
    const values = cliOptions({ name: { type: 'string' }, role: { type: 'string' } }, usage)
    const role = clientRoles.find((known) => known === values.role)
    if (!role) throw new UsageError(`--role must be one of ${clientRoles.join(', ')}\n${usage}`)
    return {
      name: values.name?.trim() || `${role} client ${new Date().toISOString().slice(0, 10)}`,
      role,
    }
  },
  async (payload, { name, role }) => {
    const apiKey = crypto.randomBytes(32).toString('hex')
    const client = await payload.create({
      collection: 'api-clients',
      data: { apiKey, enableAPIKey: true, name, role },
    })
    return { id: client.id, role, apiKey, authorization: `api-clients API-Key ${apiKey}` }
  },
)
