import type {
  CollectionBeforeChangeHook,
  CollectionSlug,
  FieldHook,
  PayloadRequest,
  TypeWithID,
} from 'payload'

import { isStaffAdminUser } from '../access/isStaffAdmin'
import { REVEAL_FOR_PROVIDER } from '../src/providers/submit'
import { decryptValue, encryptValue, isEncrypted } from '../src/security/fieldCipher'
import { recordAudit } from './audit'

const MASKED_SSN = /^\*\*\*-\*\*-\d{4}$/

export const maskSsn = (ssn: string): string =>
  `***-**-${ssn.replace(/\D/g, '').slice(-4).padStart(4, '*')}`

/**
 * The full SSN is shown only to a staff admin who asks for it: `?reveal=ssn` on a REST read
 * (the admin UI's "Reveal SSN" link does this), and to the provider job, which sends it on
 * (a context flag no request can set). Every such read is audited.
 */
export const revealsSsn = (req: PayloadRequest): boolean =>
  req.context?.[REVEAL_FOR_PROVIDER] === true ||
  (isStaffAdminUser(req.user) && String(req.query?.reveal ?? '') === 'ssn')

/** The row as stored (ciphertexts), read once per request, bypassing every hook. */
const storedRow = async (
  req: PayloadRequest,
  collection: CollectionSlug,
  id: number | string,
): Promise<null | Record<string, unknown>> => {
  const cache = (req.context.storedRows ??= {})
  cache[`${collection}:${id}`] ??= req.payload.db.findOne<Record<string, unknown> & TypeWithID>({
    collection,
    req,
    where: { id: { equals: id } },
  })
  return cache[`${collection}:${id}`]
}

/**
 * Encrypts the sensitive values of a write, after validation has seen them in clear (a collection
 * hook: field hooks run before validation). A masked SSN sent back unchanged (the admin form, a
 * PATCH echoing a read) keeps the stored ciphertext.
 */
export const encryptSensitive =
  (names: string[]): CollectionBeforeChangeHook =>
  async ({ collection, data, originalDoc, req }) => {
    const slug = collection.slug
    const given = names.filter(
      (name) => ![undefined, null, ''].includes(data[name]) && !isEncrypted(data[name]),
    )
    // Only a write carrying a sensitive value needs the stored row.
    if (!given.length) return data
    const stored = originalDoc?.id !== undefined ? await storedRow(req, slug, originalDoc.id) : null
    for (const name of given) {
      const value = data[name]
      // Collection hooks run before field validation: an invalid value stays in clear, so that
      // validation rejects it (naming the field) and nothing is stored.
      const field = collection.fields.find((item) => 'name' in item && item.name === name) as
        undefined | { validate?: (value: unknown, options: object) => unknown }
      // The options Payload's own validators read (`req`, the field's settings, the data).
      const options = { ...field, data, req, siblingData: data }
      if (field?.validate && (await field.validate(value, options)) !== true) continue
      if (typeof value === 'string' && MASKED_SSN.test(value) && stored?.[name]) {
        data[name] = stored[name]
        continue
      }
      const storedValue = stored?.[name]
      const previous = typeof storedValue === 'string' ? decryptValue(storedValue, name) : null
      if (previous !== String(value)) {
        const changes = (req.context.sensitiveChanges ??= {})
        ;(changes[slug] ??= []).push(name)
      }
      data[name] = encryptValue(String(value), name)
    }
    return data
  }

/** Decrypts on every read; SSNs are then masked unless revealed (see revealsSsn). */
export const decryptSensitive =
  (kind: 'date' | 'ssn'): FieldHook =>
  async ({ collection, data, field, req, value }) => {
    if (typeof value !== 'string' || !value) return value
    const name = (field as { name: string }).name
    let plain: string
    try {
      plain = decryptValue(value, name)
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
  }
