import crypto from 'node:crypto'

import type { Payload } from 'payload'

import type { ClientRole, StaffRole } from '../../access/roles'

export type PrincipalName =
  | 'anonymous'
  | 'clientAdmin'
  | 'disabledClient'
  | 'integrator'
  | 'leadAgent'
  | 'staff'
  | 'staffAdmin'

export type Principal = {
  headers: Record<string, string>
  id?: number | string
  key?: string
  login?: { email: string; password: string }
}

/** A staff user of `role` (a dealer with the id of their `company`), signed in. */
export const staffUser = async (
  payload: Payload,
  role: StaffRole,
  company?: string,
): Promise<Principal> => {
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@example.com`
  const password = crypto.randomBytes(12).toString('hex')
  const user = await payload.create({
    collection: 'users',
    data: { company, email, password, role },
  })
  const { token } = await payload.login({ collection: 'users', data: { email, password } })
  return { headers: { Authorization: `JWT ${token}` }, id: user.id, login: { email, password } }
}

export const apiClient = async (
  payload: Payload,
  role: ClientRole,
  enabled = true,
): Promise<Principal> => {
  const key = crypto.randomBytes(32).toString('hex')
  const client = await payload.create({
    collection: 'api-clients',
    data: { apiKey: key, enableAPIKey: true, enabled, name: `${role} ${key.slice(0, 6)}`, role },
  })
  return { headers: { Authorization: `api-clients API-Key ${key}` }, id: client.id, key }
}

/** One of every kind of caller, with the headers that authenticate it. Created side by side, so
 * the password hashing overlaps: about 0.52 s a file instead of 0.63 s one after another. */
export const createPrincipals = async (
  payload: Payload,
): Promise<Record<PrincipalName, Principal>> => {
  const [clientAdmin, disabledClient, integrator, leadAgent, staff, staffAdmin] = await Promise.all(
    [
      apiClient(payload, 'admin'),
      apiClient(payload, 'integrator', false),
      apiClient(payload, 'integrator'),
      apiClient(payload, 'lead-agent'),
      staffUser(payload, 'staff'),
      staffUser(payload, 'admin'),
    ],
  )
  return {
    anonymous: { headers: {} },
    clientAdmin,
    disabledClient,
    integrator,
    leadAgent,
    staff,
    staffAdmin,
  }
}
