import type { RequestHandler } from 'express'
import { LRUCache } from 'lru-cache'
import { executeAuthStrategies, type Payload } from 'payload'

import { API_KEY_PREFIX } from '@/auth/apiKeyCache'
import { hasReadReplicas, readFromPrimaryForAWhile } from '@/db/replicas'
import { messages } from '@/errors'

import { callerFor, credentialHash } from './caller'
import { databaseReachable } from './health'
import { answerUnavailable, refuse } from './input/refuse'
import type { CredentialFailures } from './rateLimit'

/**
 * Payload treats a request whose credential it cannot match as anonymous. Here a request that
 * sends an `Authorization` header must authenticate with it, or it is refused with 401 before
 * any handler runs: a mistyped, revoked or disabled key never quietly becomes "no key".
 *
 * The interface shows the header's value as the bare key, so a value without a scheme is read
 * as an API-client key. The authenticated caller is left on the request (./caller.ts).
 *
 * A credential that matches no one cost a database lookup; a client address that sent too many
 * (RATE_LIMIT_CREDENTIAL_FAILURES in its window) is answered 429 without one, unless what it sends
 * now authenticated someone lately: clients behind the same address keep working. A known but
 * disabled key is not counted (its client is cached: ../auth/apiKeyCache.ts).
 */
export const credentialGate = (payload: Payload, failures: CredentialFailures): RequestHandler => {
  /** Credentials that authenticated someone lately, by hash: they pass an address's spent budget. */
  const recentlyGood = new LRUCache<string, true>({ max: 10_000, ttl: 15 * 60_000 })
  return async (req, res, next) => {
    const header = req.headers.authorization?.trim()
    if (header === undefined) return next()
    const address = req.ip ?? ''
    const credential = credentialHash(header)
    const wait = recentlyGood.has(credential) ? 0 : await failures.wait(address)
    if (wait > 0) {
      res.set({ Connection: 'close', 'Retry-After': String(Math.ceil(wait / 1000)) })
      return refuse(req, res, 429, messages.tooManyRequests)
    }
    if (header && !/\s/.test(header)) req.headers.authorization = API_KEY_PREFIX + header
    let known = false
    try {
      const headers = new Headers({ authorization: req.headers.authorization! })
      let { user } = await executeAuthStrategies({ headers, payload })
      if (!user && hasReadReplicas(payload)) {
        // A key or session made a moment ago on another node may not be on the replica yet.
        readFromPrimaryForAWhile(payload)
        ;({ user } = await executeAuthStrategies({ headers, payload }))
      }
      known = Boolean(user)
      const disabled = user?.collection === 'api-clients' && user.enabled === false
      if (user && !disabled) {
        recentlyGood.set(credential, true)
        res.locals.caller = callerFor(user)
        return next()
      }
    } catch (error) {
      payload.logger.debug({ err: error }, 'credential check failed')
    }
    // Payload's strategies answer "no user" when the lookup itself failed: a key is only
    // unknown if the database could be asked. A client told 401 would drop a valid key.
    if (!(await databaseReachable(payload))) return answerUnavailable(req, res)
    // A revoked key or an ended session no longer passes a spent budget.
    recentlyGood.delete(credential)
    if (!known) await failures.count(address)
    // The body was never read: close the connection rather than leave it half-consumed.
    res.set('Connection', 'close')
    refuse(req, res, 401, messages.unauthorized)
  }
}
