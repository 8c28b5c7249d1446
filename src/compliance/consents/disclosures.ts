/**
 * Disclosure texts, versioned: each consent stores the disclosure it was shown with, its version
 * and the SHA-256 of its text at capture. A text some consent names is what that person agreed
 * to, so it is never changed or deleted afterwards: new wording is a new version.
 */
import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import {
  type CollectionBeforeChangeHook,
  type CollectionBeforeDeleteHook,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import { transactionDb } from '@/db/transaction'
import { ClientError } from '@/errors'

import type { Disclosure } from '../../../payload-types'
import { CONSENT_KINDS } from './kinds'

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
 * Locks a disclosure's row until the request's transaction ends: `FOR UPDATE` before it is
 * changed or deleted, `FOR SHARE` while a consent naming it is recorded. So a consent and a change
 * of its text never pass each other: whichever comes second waits and then sees the first.
 */
export const lockDisclosure = async (
  req: PayloadRequest,
  id: number,
  mode: 'share' | 'update',
): Promise<void> => {
  const db = await transactionDb(req)
  await db.execute(
    mode === 'update'
      ? sql`SELECT id FROM disclosures WHERE id = ${id} FOR UPDATE`
      : sql`SELECT id FROM disclosures WHERE id = ${id} FOR SHARE`,
  )
}

const refuseIfNamed = async (
  req: PayloadRequest,
  disclosure: Pick<Disclosure, 'id' | 'kind' | 'version'>,
  verb: 'change' | 'go',
) => {
  await lockDisclosure(req, disclosure.id, 'update')
  const naming = await consentsNaming(req, disclosure.id)
  if (naming)
    throw new ClientError(
      `Disclosure ${disclosure.kind} version ${disclosure.version} is named by ${naming} consent(s): the text they were shown cannot ${verb}. Add a new version instead.`,
      409,
    )
}

/** beforeDelete on disclosures: one a consent names stays (409). */
export const keepNamedDisclosure: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const disclosure = await req.payload.findByID({
    collection: 'disclosures',
    depth: 0,
    disableErrors: true,
    id: Number(id),
    overrideAccess: true,
    req,
  })
  if (disclosure) await refuseIfNamed(req, disclosure, 'go')
}

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
  const existing = operation === 'update' ? originalDoc?.id : undefined
  if (existing && originalDoc) await refuseIfNamed(req, originalDoc, 'change')
  const kind = data.kind ?? originalDoc?.kind
  const version = data.version ?? originalDoc?.version
  // A kind that is none is left to the field's own check (400 naming kind).
  if (kind && version && CONSENT_KINDS.includes(kind)) {
    // Two saves of one kind and version at once: the second waits, then counts the first.
    const db = await transactionDb(req)
    await db.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`disclosure ${kind} ${version}`}, 0))`,
    )
    const { totalDocs } = await req.payload.count({
      collection: 'disclosures',
      overrideAccess: true,
      req,
      where: {
        and: [
          { kind: { equals: kind } },
          { version: { equals: version } },
          ...(existing ? [{ id: { not_equals: existing } }] : []),
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
