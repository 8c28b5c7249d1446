/**
 * Who is calling, worked out once per request and kept on it (`res.locals.caller`): the
 * credential gate sets it for an `Authorization` header (./credentialGate.ts); a session cookie
 * is resolved the first time a check needs it (the preferences gate, an idempotent create), and
 * never again for the same request. Rate limits, idempotency keys and the preferences gate read
 * it from here. Read-your-writes, which runs on every request before any of that, keys a caller
 * without a lookup (`unauthenticatedKey`).
 */
import crypto from 'node:crypto'

import type { Request, Response } from 'express'
import { executeAuthStrategies, type Payload, type TypedUser } from 'payload'

import { databaseReachable } from './health'

export type Caller =
  /** No credential, or a cookie that signs in no one. */
  | { kind: 'anonymous' }
  /** A session cookie could not be checked: the database is away. */
  | { kind: 'unknown' }
  /** A staff user (`users`) or an API client (`api-clients`), by `collection:id`. */
  | { id: string; kind: 'client' | 'staff'; user: TypedUser }

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express types its locals so
  namespace Express {
    interface Locals {
      /** The request's body as read by the body guard (./input/bodyGuard.ts). */
      body?: Buffer
      caller?: Caller
    }
  }
}

/** The caller a user authenticates as. */
export const callerFor = (user: TypedUser): Caller => ({
  id: `${user.collection}:${user.id}`,
  kind: user.collection === 'users' ? 'staff' : 'client',
  user,
})

/** The request's caller: the credential gate's, else its session cookie's (checked once). */
export const callerOf = async (payload: Payload, req: Request, res: Response): Promise<Caller> => {
  if (res.locals.caller) return res.locals.caller
  let caller: Caller = { kind: 'anonymous' }
  if (req.headers.cookie) {
    const headers = new Headers({ cookie: req.headers.cookie })
    const { user } = await executeAuthStrategies({ headers, payload })
    // The strategies answer "no user" when the lookup itself failed, as for API keys.
    if (user) caller = callerFor(user)
    else if (!(await databaseReachable(payload))) caller = { kind: 'unknown' }
  }
  res.locals.caller = caller
  return caller
}

/**
 * A caller's key known without a lookup: the credential's hash, else the client address (a
 * cookie session, or none: the admin UI's sign-in is a write from that address).
 */
export const unauthenticatedKey = (req: Request): string => {
  const credential = req.headers.authorization
  return credential ? `key:${credentialHash(credential)}` : `address:${req.ip}`
}

/** A credential as it may be kept: its SHA-256. */
export const credentialHash = (credential: string): string =>
  crypto.createHash('sha256').update(credential).digest('base64url')
