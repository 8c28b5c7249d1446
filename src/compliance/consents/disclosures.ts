/**
 * Disclosure texts, versioned: each consent stores the disclosure it was shown with, its version
 * and the SHA-256 of its text at capture. A text some consent names is what that person agreed
 * to, so it is never changed or deleted afterwards: new wording is a new version.
 */
import crypto from 'node:crypto'

import { type CollectionBeforeChangeHook, type PayloadRequest, ValidationError } from 'payload'

import { ClientError } from '@/errors'

import type { Disclosure } from '../../../payload-types'

/** The SHA-256 of a disclosure's text, hex: over the text's UTF-8 bytes exactly as stored. */
export const sha256Of = (text: string): string =>
  crypto.createHash('sha256').update(text, 'utf8').digest('hex')

/** How many consents name this disclosure. */
export const consentsNaming = async (req: PayloadRequest, disclosure: number): Promise<number> =>
  (
    await req.payload.count({
      collection: 'consents',
      overrideAccess: true,
      req,
      where: { disclosure: { equals: disclosure } },
    })
  ).totalDocs

/**
 * beforeChange on disclosures: the text's hash is worked out here, never taken from a caller; a
 * kind may hold each version once; and a disclosure any consent names is not changed (409).
 */
export const keepDisclosure: CollectionBeforeChangeHook<Disclosure> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation === 'update' && originalDoc) {
    const naming = await consentsNaming(req, originalDoc.id)
    if (naming)
      throw new ClientError(
        `Disclosure ${originalDoc.kind} version ${originalDoc.version} is named by ${naming} consent(s): the text they were shown cannot change. Add a new version instead.`,
        409,
      )
  }
  const kind = data.kind ?? originalDoc?.kind
  const version = data.version ?? originalDoc?.version
  if (kind && version) {
    const { totalDocs } = await req.payload.count({
      collection: 'disclosures',
      overrideAccess: true,
      req,
      where: {
        and: [
          { kind: { equals: kind } },
          { version: { equals: version } },
          ...(originalDoc ? [{ id: { not_equals: originalDoc.id } }] : []),
        ],
      },
    })
    if (totalDocs)
      throw new ValidationError({
        collection: 'disclosures',
        errors: [
          { message: 'this kind already has a disclosure of this version', path: 'version' },
        ],
        req,
      })
  }
  const text = data.text ?? originalDoc?.text
  return { ...data, sha256: typeof text === 'string' ? sha256Of(text) : null }
}
