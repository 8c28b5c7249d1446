import type { RequestHandler } from 'express'
import { executeAuthStrategies, type Payload } from 'payload'

import { API_KEY_PREFIX } from '../auth/apiKeyCache'
import { hasReadReplicas, readFromPrimaryForAWhile } from '../db/replicas'
import { databaseReachable } from './health'
import { answerUnavailable, refuse } from './input/refuse'

/**
 * Payload treats a request whose credential it cannot match as anonymous. Here a request that
 * sends an `Authorization` header must authenticate with it, or it is refused with 401 before
 * any handler runs: a mistyped, revoked or disabled key never quietly becomes "no key".
 *
 * The interface shows the header's value as the bare key, so a value without a scheme is read
 * as an API-client key. The authenticated principal is left in `res.locals.principal` (the rate
 * limiter's key).
 */
export const credentialGate =
  (payload: Payload): RequestHandler =>
  async (req, res, next) => {
    const header = req.headers.authorization?.trim()
    if (header === undefined) return next()
    if (header && !/\s/.test(header)) req.headers.authorization = API_KEY_PREFIX + header
    try {
      const headers = new Headers({ authorization: req.headers.authorization! })
      let { user } = await executeAuthStrategies({ headers, payload })
      if (!user && hasReadReplicas(payload)) {
        // A key or session made a moment ago on another node may not be on the replica yet.
        readFromPrimaryForAWhile(payload)
        ;({ user } = await executeAuthStrategies({ headers, payload }))
      }
      const disabled = user?.collection === 'api-clients' && user.enabled === false
      if (user && !disabled) {
        res.locals.principal = `${user.collection}:${user.id}`
        return next()
      }
    } catch (error) {
      payload.logger.debug({ err: error }, 'credential check failed')
    }
    // Payload's strategies answer "no user" when the lookup itself failed: a key is only
    // unknown if the database could be asked. A client told 401 would drop a valid key.
    if (!(await databaseReachable(payload))) return answerUnavailable(req, res)
    // The body was never read: close the connection rather than leave it half-consumed.
    res.set('Connection', 'close')
    refuse(req, res, 401, 'Unauthorized')
  }
