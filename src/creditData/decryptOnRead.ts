import type { FieldHook } from 'payload'

import { safeToCompile } from '@/lib/safeToCompile'

import { recordAudit } from './audit'
import { openStored } from './consumerKeys'
import { maskSsn } from './mask'
import { revealsSsn } from './reveal'

/**
 * Decrypts field `name` on every read; SSNs are then masked unless revealed (see revealsSsn).
 * It reads only the value, the record's id and the request, so compiled reads run it as is,
 * except on a read that reveals SSNs: that one audits each record it reveals, once.
 */
export const decryptSensitive = (name: string, kind: 'date' | 'ssn'): FieldHook =>
  safeToCompile<FieldHook>(
    async ({ collection, data, req, value }) => {
      if (typeof value !== 'string' || !value) return value
      let plain: string
      try {
        plain = await openStored(req, value, name)
      } catch (error) {
        req.payload.logger.error(
          {
            collection: collection?.slug,
            err: error instanceof Error ? error.message : String(error),
            field: name,
          },
          'a credit-data value could not be decrypted',
        )
        return null
      }
      if (kind === 'date') return plain
      if (!revealsSsn(req)) return maskSsn(plain)
      await recordAudit(req, {
        action: 'reveal',
        collection: collection!.slug,
        fields: [name],
        recordId: String(data?.id ?? ''),
      })
      return plain
    },
    { unless: revealsSsn },
  )
