import type { FieldHook, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

import { callerAccess } from '../access/callerAccess'
import type { Address, Location } from '../payload-types'

type StateRef = string | { code?: string; id?: string }
type CityInput = string | { id?: string; name?: string; state?: StateRef }

const stateCode = (state: StateRef | undefined): string | undefined => {
  const code = typeof state === 'string' ? state : (state?.code ?? state?.id)
  return typeof code === 'string' && code.trim() ? code.trim().toUpperCase() : undefined
}

const invalid = (path: string, message: string, req: PayloadRequest) =>
  new ValidationError({ errors: [{ message, path }] }, req.t)

/**
 * A `city` relation accepts a city id, a city object, or an inline `{name, state}` that is found
 * (same state, same name) or created. The state must already exist.
 */
export const resolveCity: FieldHook<Address | Location, CityInput | null | undefined> = async ({
  path,
  req,
  value: input,
}) => {
  if (input === undefined || input === null || typeof input === 'string') return input
  if (input.id) return input.id
  const field = path.join('.')
  const name = typeof input.name === 'string' ? input.name.trim() : ''
  const code = stateCode(input.state)
  if (!name || !code) throw invalid(field, 'an inline city needs both name and state', req)
  const state = await req.payload.find({
    collection: 'state',
    depth: 0,
    limit: 1,
    ...callerAccess(req),
    where: { id: { equals: code } },
  })
  if (!state.docs.length) throw invalid(`${field}.state`, `unknown state code`, req)
  const found = await req.payload.find({
    collection: 'city',
    depth: 0,
    limit: 1,
    ...callerAccess(req),
    where: { and: [{ state: { equals: code } }, { name: { equals: name } }] },
  })
  if (found.docs[0]) return found.docs[0].id
  const created = await req.payload.create({
    collection: 'city',
    data: { name, state: code },
    depth: 0,
    ...callerAccess(req),
  })
  return created.id
}
