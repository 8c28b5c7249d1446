import type { RequestHandler } from 'express'
import { executeAuthStrategies, type Payload } from 'payload'

import { API_KEY_PREFIX, apiKeyStored } from '@/auth/apiKeyCache'
import { keepResolvedCredential } from '@/auth/resolvedCredential'
import { bearerToken, sessionStored } from '@/auth/sessionStored'
import { hasReadReplicas, readFromPrimaryForAWhile } from '@/db/replicas'
import { messages } from '@/errors'

import { callerFor } from './caller'
import { databaseReachable, withinReadyTimeout } from './health'
import { answerUnavailable, refuse } from './input/refuse'
import type { CredentialFailures } from './rateLimit'

/**
 * Payload's strategies answer "no user" when the lookup itself failed, and a client told 401
 * would drop a valid credential: it is only unknown if the database could be asked. A key, or a
 * staff token that is signed and unexpired, is asked for again directly (found, failed or past
 * the readiness timeout: the lookup failed); for anything else, the database must at least
 * answer now.
 */
const lookupFailed = async (payload: Payload, authorization: string): Promise<boolean> => {
  const token = bearerToken(payload, authorization)
  const stored = authorization.startsWith(API_KEY_PREFIX)
    ? apiKeyStored(payload, authorization.slice(API_KEY_PREFIX.length))
    : token && sessionStored(payload, token)
  if (!stored) return !(await databaseReachable(payload))
  const answer = await withinReadyTimeout(stored, undefined)
  if (answer === undefined) payload.logger.warn('a credential could not be looked up: answered 503')
  return answer !== false
}

/**
 * Payload treats a request whose credential it cannot match as anonymous. Here a request that
 * sends an `Authorization` header must authenticate with it, or it is refused with 401 before
 * any handler runs: a mistyped, revoked or disabled key never quietly becomes "no key".
 *
 * The interface shows the header's value as the bare key, so a value without a scheme is read
 * as an API-client key. The authenticated caller is left on the request (./caller.ts).
 *
 * Credentials that match no one are counted per client address (RATE_LIMIT_CREDENTIAL_FAILURES
 * in its window); once an address has sent too many, the next that fails is answered 429 with
 * Retry-After instead of 401. Every credential is still looked up, so one that authenticates
 * always passes, whatever others at its address sent: clients behind one NAT cannot lock each
 * other out, nor can anyone lock out a key just issued. The lookup is one indexed query by the
 * key's HMAC (a known client is cached: ../auth/apiKeyCache.ts; a token is checked by its
 * signature first; a miss is looked up once more, above). A known but disabled key is not
 * counted, and stays a 401.
 */
export const credentialGate =
  (payload: Payload, failures: CredentialFailures): RequestHandler =>
  async (req, res, next) => {
    const header = req.headers.authorization?.trim()
    if (header === undefined) return next()
    const address = req.ip ?? ''
    if (header && !/\s/.test(header)) req.headers.authorization = API_KEY_PREFIX + header
    let known = false
    try {
      const headers = new Headers({ authorization: req.headers.authorization! })
      // As Payload's REST handler asks, so a strategy that would set headers says so here too.
      const asked = { canSetHeaders: true, headers, payload }
      let { responseHeaders, user } = await executeAuthStrategies(asked)
      if (!user && hasReadReplicas(payload)) {
        // A key or session made a moment ago on another node may not be on the replica yet.
        readFromPrimaryForAWhile(payload)
        ;({ responseHeaders, user } = await executeAuthStrategies(asked))
      }
      known = Boolean(user)
      const disabled = user?.collection === 'api-clients' && user.enabled === false
      if (user && !disabled) {
        res.locals.caller = callerFor(user)
        // A read is answered with this finding; headers a strategy wanted set come from
        // Payload's own run, so such a finding is not kept (src/auth/resolvedCredential.ts).
        if (req.method === 'GET' && !responseHeaders)
          keepResolvedCredential(req.headers.authorization!, user)
        return next()
      }
    } catch (error) {
      payload.logger.debug({ err: error }, 'credential check failed')
    }
    // A known client was found, so it is disabled; otherwise the lookup may have failed.
    if (!known && (await lookupFailed(payload, req.headers.authorization!)))
      return answerUnavailable(req, res)
    // The body was never read: close the connection rather than leave it half-consumed.
    res.set('Connection', 'close')
    if (known) return refuse(req, res, 401, messages.unauthorized)
    const wait = await failures.wait(address)
    await failures.count(address)
    if (wait > 0) {
      res.set('Retry-After', String(Math.ceil(wait / 1000)))
      return refuse(req, res, 429, messages.tooManyRequests)
    }
    refuse(req, res, 401, messages.unauthorized)
  }
