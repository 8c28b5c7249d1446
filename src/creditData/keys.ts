/**
 * Keys of the credit-data encryption (SSNs, birth dates), separate from PAYLOAD_SECRET.
 * CREDIT_DATA_KEYS = "id1:base64key1,id2:base64key2": 32-byte keys, the first encrypts, all
 * decrypt (so a retired key stays listed until `npm run rotate-keys` has re-encrypted its values).
 * In local mode a key is generated once into DATA_DIR/secrets.json (owner-only); production
 * refuses to start without CREDIT_DATA_KEYS.
 */
import { localSecret } from '@/lib/localSecrets'
import { isProduction } from '@/lib/settings'

export type KeyRing = { current: string; keys: Map<string, Buffer> }

const parse = (value: string): KeyRing => {
  const keys = new Map<string, Buffer>()
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [id, material] = entry.split(':')
    const key = Buffer.from(material ?? '', 'base64')
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id ?? '') || key.length !== 32) {
      throw new Error(
        'CREDIT_DATA_KEYS must be "id:base64-of-32-bytes" entries separated by commas (ids: letters, digits, _ or -)',
      )
    }
    keys.set(id, key)
  }
  if (!keys.size) throw new Error('CREDIT_DATA_KEYS lists no key')
  return { current: keys.keys().next().value!, keys }
}

let cached: { ring: KeyRing; source: string } | null = null

export const keyRing = (): KeyRing => {
  const configured = process.env.CREDIT_DATA_KEYS
  const source = configured ?? ''
  if (cached && cached.source === source) return cached.ring
  if (!configured && isProduction() && !process.env.CREDIT_DATA_LOCAL) {
    throw new Error(
      'CREDIT_DATA_KEYS is required in production: SSNs and birth dates are encrypted with it (see docs/credit-data.md)',
    )
  }
  const ring = parse(
    configured || `local:${Buffer.from(localSecret('creditDataKey'), 'hex').toString('base64')}`,
  )
  cached = { ring, source }
  return ring
}

/** Called at start: production without CREDIT_DATA_KEYS (and not on the embedded database) refuses to start. */
export const resolveCreditDataKeys = ({ local }: { local: boolean }): void => {
  if (local) process.env.CREDIT_DATA_LOCAL = 'true'
  keyRing()
}
