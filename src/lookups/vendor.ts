/**
 * The optional upstream vehicle-data vendor: configured by VEHICLE_DATA_URL and
 * VEHICLE_DATA_KEY. Answers are cached in PostgreSQL (lookup-cache) for
 * VEHICLE_DATA_CACHE_TTL_SECONDS; each call is bounded by VEHICLE_DATA_TIMEOUT_MS; after
 * VEHICLE_DATA_FAILURES consecutive failures a circuit breaker skips the vendor for
 * VEHICLE_DATA_COOLDOWN_SECONDS, then lets one call through to probe it (cockatiel's timeout and
 * breaker).
 */
import {
  BrokenCircuitError,
  circuitBreaker,
  ConsecutiveBreaker,
  handleAll,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
} from 'cockatiel'
import type { Payload } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { settings } from '@/lib/settings'

export type VendorKind = 'listing' | 'tco'
export type VendorAnswer =
  { cached: boolean; ok: true; value: Record<string, unknown> } | { ok: false; reason: string }

type Config = {
  baseUrl: string
  cooldownMs: number
  failures: number
  key: string
  timeoutMs: number
  ttlSeconds: number
}

export const vendorConfig = (): Config | null => {
  const env = settings('vendor')
  if (!env.VEHICLE_DATA_URL) return null
  return {
    baseUrl: env.VEHICLE_DATA_URL,
    cooldownMs: env.VEHICLE_DATA_COOLDOWN_SECONDS * 1000,
    failures: env.VEHICLE_DATA_FAILURES,
    key: env.VEHICLE_DATA_KEY,
    timeoutMs: env.VEHICLE_DATA_TIMEOUT_MS,
    ttlSeconds: env.VEHICLE_DATA_CACHE_TTL_SECONDS,
  }
}

/** Each call bounded by the timeout; a timeout counts as a failure of the breaker around it. */
const buildGuard = ({ cooldownMs, failures, timeoutMs }: Config) =>
  wrap(
    circuitBreaker(handleAll, {
      breaker: new ConsecutiveBreaker(failures),
      halfOpenAfter: cooldownMs,
    }),
    timeout(timeoutMs, TimeoutStrategy.Aggressive),
  )

/** The guard in force, and the settings it was built from (read on every call, as all settings). */
let guard: { policy: ReturnType<typeof buildGuard>; settings: string } | null = null

const guardFor = (config: Config) => {
  const settings = `${config.failures}/${config.cooldownMs}/${config.timeoutMs}`
  if (guard?.settings !== settings) guard = { policy: buildGuard(config), settings }
  return guard.policy
}

export const resetVendorBreaker = (): void => {
  guard = null
}

/** An answer that counts against the vendor; its message is the reason the caller is told. */
class VendorFailure extends Error {}

const reasonOf = (error: unknown, timeoutMs: number): string => {
  if (error instanceof BrokenCircuitError)
    return 'unavailable (circuit open after repeated failures)'
  if (error instanceof TaskCancelledError) return `timed out after ${timeoutMs} ms`
  if (error instanceof VendorFailure) return error.message
  return 'unreachable'
}

/** A vendor answer we can pass on: the 2.17 or 2.18 shape (optionally inside `data`). */
const usable = (kind: VendorKind, body: unknown): null | Record<string, unknown> => {
  const value = isRecord(body) && isRecord(body.data) ? body.data : body
  if (!isRecord(value) || !isRecord(value.vehicle)) return null
  if (kind === 'tco')
    return isRecord(value.tco) && isRecord(value.tco.total) && isRecord(value.tco.years)
      ? value
      : null
  return value
}

const cacheKey = (kind: VendorKind, vin: string, zip?: string) =>
  `vendor:${kind}:${vin}${zip ? `:${zip}` : ''}`

const readCache = async (
  payload: Payload,
  key: string,
): Promise<null | Record<string, unknown>> => {
  const { docs } = await payload.find({
    collection: 'lookup-cache',
    limit: 1,
    overrideAccess: true,
    pagination: false,
    where: {
      and: [{ key: { equals: key } }, { expiresAt: { greater_than: new Date().toISOString() } }],
    },
  })
  const value = docs[0]?.value
  return isRecord(value) ? value : null
}

const writeCache = async (
  payload: Payload,
  key: string,
  value: Record<string, unknown>,
  ttlSeconds: number,
): Promise<void> => {
  const data = { expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString(), key, value }
  try {
    const { docs } = await payload.find({
      collection: 'lookup-cache',
      limit: 1,
      overrideAccess: true,
      pagination: false,
      where: { key: { equals: key } },
    })
    if (docs[0])
      await payload.update({
        id: docs[0].id,
        collection: 'lookup-cache',
        data,
        overrideAccess: true,
      })
    else await payload.create({ collection: 'lookup-cache', data, overrideAccess: true })
  } catch (error) {
    // A concurrent lookup of the same VIN wrote it first; the answer is served all the same.
    payload.logger.debug({ err: error, key }, 'vendor cache write skipped')
  }
}

const vendorUrl = (baseUrl: string, kind: VendorKind, vin: string, zip?: string) =>
  `${baseUrl}/${kind === 'tco' ? 'tco' : 'listings'}/${encodeURIComponent(vin)}${zip ? `?zip=${encodeURIComponent(zip)}` : ''}`

/** The vendor's usable answer, or null for "no data for this VIN"; throws on any failure. */
const fetchAnswer = async (
  config: Config,
  kind: VendorKind,
  url: string,
  signal: AbortSignal,
): Promise<null | Record<string, unknown>> => {
  const response = await fetch(url, {
    headers: {
      accept: 'application/json',
      ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
    },
    signal,
  })
  // The vendor answering "unknown VIN" is a healthy vendor.
  if (response.status === 404) return null
  if (!response.ok) throw new VendorFailure(`answered ${response.status}`)
  const value = usable(kind, await response.json().catch(() => null))
  if (!value) throw new VendorFailure('answered in an unexpected shape')
  return value
}

/**
 * Asks the vendor (or its cached answer). Never throws: every failure is `{ok: false, reason}`,
 * for the caller to fall back to the service's own data and say why.
 */
export const askVendor = async (
  payload: Payload,
  kind: VendorKind,
  vin: string,
  zip?: string,
): Promise<VendorAnswer> => {
  const config = vendorConfig()
  if (!config) return { ok: false, reason: 'not configured' }
  const key = cacheKey(kind, vin, zip)
  const cached = await readCache(payload, key)
  if (cached) return { cached: true, ok: true, value: cached }
  const url = vendorUrl(config.baseUrl, kind, vin, zip)
  try {
    const value = await guardFor(config).execute(({ signal }) =>
      fetchAnswer(config, kind, url, signal),
    )
    if (!value) return { ok: false, reason: 'no data for this VIN' }
    await writeCache(payload, key, value, config.ttlSeconds)
    return { cached: false, ok: true, value }
  } catch (error) {
    return { ok: false, reason: reasonOf(error, config.timeoutMs) }
  }
}
