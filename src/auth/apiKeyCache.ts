import crypto from 'node:crypto'

import { LRUCache } from 'lru-cache'
import type { AuthStrategy, AuthStrategyResult, Payload } from 'payload'

import { poolOf, tableNameOf } from '@/db/adapter'
import { changeChannel } from '@/db/changeNotices'

const SLUG = 'api-clients'
/** How Payload reads an API client's key from `Authorization`. */
export const API_KEY_PREFIX = `${SLUG} API-Key `
/** How long a looked-up client is reused; a change to it ends that at once (clientChanges.ts). */
export const API_KEY_CACHE_MS = 5_000

type Client = NonNullable<AuthStrategyResult['user']>

const clients = new LRUCache<string, Client>({ max: 1_000, ttl: API_KEY_CACHE_MS })

/** A client was changed or deleted (here or on another instance): its next request looks it up. */
const forgetClient = (id: string): void => {
  for (const [key, client] of clients.entries())
    if (String(client.id) === String(id)) clients.delete(key)
}

const forgetAllClients = (): void => clients.clear()

/**
 * Changes to API clients (announced by clientChanges.ts): every process forgets the client a
 * notice names, and uses no cached client while it does not hear them.
 */
export const clientChanges = changeChannel('api_clients_changed', {
  changed: forgetClient,
  reset: forgetAllClients,
})

/**
 * A key as Payload stores it: its HMAC under the secret (sha256; keys saved before Payload 3.46
 * were indexed with sha1, which its strategy still tries). test/unit/payloadSeam.test.ts checks
 * that Payload's strategy still reads keys this way.
 */
const keyIndex = (secret: string, key: string, algorithm: 'sha1' | 'sha256' = 'sha256') =>
  crypto.createHmac(algorithm, secret).update(key).digest('hex')

const BUILT_IN = `${SLUG}-api-key`
const CACHED = `${SLUG}-api-key-cached`

/** Payload's own key strategy of each instance, once it is asked only through the cached one. */
const builtInOf = new WeakMap<Payload, AuthStrategy>()

const builtIn = (payload: Payload) =>
  builtInOf.get(payload) ?? payload.authStrategies.find((strategy) => strategy.name === BUILT_IN)

/**
 * At start (onInit): Payload's key strategy is taken out of its list and asked only by the cached
 * one. Payload asks every strategy in turn until one finds a user, so a key nobody has was looked
 * up twice, by the cached strategy and then by Payload's own (and with the table locked, the
 * request waited out the query timeout twice).
 */
export const askBuiltInKeyStrategyOnce = (payload: Payload): void => {
  const strategies = payload.authStrategies
  const at = strategies.findIndex((strategy) => strategy.name === BUILT_IN)
  if (at === -1 || !strategies.some((strategy) => strategy.name === CACHED)) return
  builtInOf.set(payload, strategies[at])
  strategies.splice(at, 1)
}

/**
 * Payload's own API-key strategy, remembered for a few seconds by the key's HMAC: a keyed request
 * is authenticated by the credential gate and again by Payload's request handler, and each was
 * one query. Only found clients are kept (a key created a moment ago works at once), and only
 * while changes from every instance are being heard.
 */
export const cachedApiKeyStrategy: AuthStrategy = {
  name: CACHED,
  authenticate: async (args) => {
    const header = args.headers.get('authorization')
    const strategy = builtIn(args.payload)
    if (!header?.startsWith(API_KEY_PREFIX) || !strategy) return { user: null }
    const key = keyIndex(args.payload.secret, header.slice(API_KEY_PREFIX.length))
    const known = clientChanges.heard() ? clients.get(key) : undefined
    // A copy: hooks may add to req.user, and the next request must not see it.
    if (known) return { user: { ...known } }
    const result = await strategy.authenticate(args)
    if (result.user && clientChanges.heard()) clients.set(key, { ...result.user })
    return result
  },
}

/**
 * Whether a key is stored (enabled or not), asked of the primary directly. Payload's strategy
 * answers "no user" when its lookup fails; this throws instead, so a caller can tell a key that
 * is unknown from one that could not be looked up. Both of Payload's key indexes are tried.
 */
export const apiKeyStored = async (payload: Payload, key: string): Promise<boolean> => {
  const indexes = [keyIndex(payload.secret, key), keyIndex(payload.secret, key, 'sha1')]
  const { rows } = await poolOf(payload).query(
    `select 1 from ${tableNameOf(payload, SLUG)} where api_key_index = any($1) limit 1`,
    [indexes],
  )
  return rows.length > 0
}
