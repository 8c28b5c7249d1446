/**
 * The consent ledger's hooks: a consent is recorded once and kept as recorded. What it covers is
 * checked per kind, the disclosure's version and hash are copied at capture, and who recorded it
 * comes from the request, never from the body.
 */
import { sql } from '@payloadcms/db-postgres'
import { type CollectionBeforeChangeHook, type PayloadRequest, ValidationError } from 'payload'

import { transactionDb } from '@/db/transaction'
import { relationId } from '@/lib/relationId'

import { companyOf, isDealer } from '../../../access/dealer'
import { recorderOf } from '../../../hooks/appendOnly'
import type { Consent } from '../../../payload-types'
import { holdsSsn } from '../requests/noSsn'
import { lockDisclosure } from './disclosures'
import { CO_APPLICANT_FIELDS, CONSENT_KINDS, contactKeyOf, hasCoApplicant } from './kinds'

/** The refusal of any update or delete of a consent (403; hooks/appendOnly.ts, `sealed`). */
export const APPEND_ONLY =
  'Consents are append-only: a recorded consent is never changed or deleted, not even by an admin. Record a revocation as a new consent (action "revoke").'

/** The free-text fields of a consent: none of them may carry an SSN. */
const FREE_TEXT = ['note', 'userAgent'] as const

type Problem = { message: string; path: string }

/** A credit-report authorization: whose it is, from the credit app when it names one. */
const checkAuthorization = async (
  req: PayloadRequest,
  data: Partial<Consent>,
  problems: Problem[],
) => {
  if (!data.role)
    problems.push({
      message: 'is required for a credit-report authorization: applicant or co-applicant',
      path: 'role',
    })
  const appId = relationId(data.creditApp)
  const consumer = relationId(data.consumer)
  if (!appId) {
    if (!consumer)
      problems.push({
        message: 'is required for a credit-report authorization without a credit app',
        path: 'consumer',
      })
    return
  }
  const app = await req.payload.findByID({
    collection: 'credit-app',
    depth: 0,
    disableErrors: true,
    id: String(appId),
    overrideAccess: true,
    req,
    // Every field hasCoApplicant reads, so the hold and this check agree on who is asked.
    select: {
      ...Object.fromEntries(CO_APPLICANT_FIELDS.map((field) => [field, true])),
      coApplicantConsumer: true,
      consumer: true,
    },
    trash: true,
  })
  if (!app || !data.role) return
  const own =
    data.role === 'applicant' ? relationId(app.consumer) : relationId(app.coApplicantConsumer)
  if (data.role === 'co-applicant' && !own && !hasCoApplicant(app)) {
    problems.push({ message: 'the credit app has no co-applicant', path: 'role' })
    return
  }
  if (consumer && own && consumer !== own)
    problems.push({ message: `must be the credit app's ${data.role}`, path: 'consumer' })
  if (!consumer && own) data.consumer = String(own)
}

/** Copies the disclosure's kind check, version and text hash onto a grant. */
const snapshotDisclosure = async (
  req: PayloadRequest,
  data: Partial<Consent>,
  problems: Problem[],
) => {
  const id = relationId(data.disclosure)
  if (!id) {
    if (data.action === 'grant')
      problems.push({
        message: 'is required: the disclosure the person was shown',
        path: 'disclosure',
      })
    return
  }
  // Its text cannot change or go until this consent is saved (src/compliance/consents/disclosures.ts).
  if (Number.isSafeInteger(Number(id))) await lockDisclosure(req, Number(id), 'share')
  const disclosure = await req.payload.findByID({
    collection: 'disclosures',
    depth: 0,
    disableErrors: true,
    id: Number(id),
    overrideAccess: true,
    req,
  })
  if (!disclosure) return
  if (CONSENT_KINDS.includes(data.kind!) && disclosure.kind !== data.kind) {
    problems.push({ message: `must be a disclosure of kind ${data.kind}`, path: 'disclosure' })
    return
  }
  data.disclosureVersion = disclosure.version
  data.disclosureSha256 = disclosure.sha256
}

/**
 * Holds, until the transaction ends, the lock of one phone number or e-mail address: a consent
 * being recorded for it and an outbound lead event being checked against it take turns.
 */
export const holdContact = async (req: PayloadRequest, key: string) => {
  const db = await transactionDb(req)
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`consent ${key}`}, 0))`)
}

/**
 * A dealer records consent for its own company only, since the checks read every consent of a
 * person: an authorization names the credit app it is for (one for the person would release
 * another company's apps of theirs), a texting consent names the dealer's company as its seller,
 * and the kinds that name no company (e-mail, electronic records) are the house's to record.
 */
const dealersOwn = (req: PayloadRequest, data: Partial<Consent>, problems: Problem[]) => {
  if (!isDealer(req.user)) return
  if (data.kind === 'credit-report-authorization' && !relationId(data.creditApp))
    problems.push({
      message: 'is required when a dealer records an authorization: the app it is for',
      path: 'creditApp',
    })
  else if (
    data.kind === 'calls-and-texts' &&
    data.seller &&
    relationId(data.seller) !== companyOf(req.user)
  )
    problems.push({ message: "must be the dealer's own company", path: 'seller' })
  else if (data.kind === 'e-mail-marketing' || data.kind === 'electronic-records')
    problems.push({
      message:
        'is recorded by house staff: a dealer records credit-report authorizations and calls-and-texts consents',
      path: 'kind',
    })
}

/**
 * beforeChange on consents (creates only: changes are refused before this). A `capturedAt` ahead
 * of the service's clock was refused or made now by keepAppendOnly, which runs first.
 */
export const recordConsent: CollectionBeforeChangeHook<Consent> = async ({ data, req }) => {
  const problems: Problem[] = []
  dealersOwn(req, data, problems)
  for (const field of FREE_TEXT)
    if (holdsSsn(data[field]))
      problems.push({ message: 'must not hold a social security number', path: field })
  switch (data.kind) {
    case 'credit-report-authorization':
      await checkAuthorization(req, data, problems)
      break
    case 'calls-and-texts':
      if (!data.phoneNumber)
        problems.push({
          message: 'is required for calls and texts: the number consented for',
          path: 'phoneNumber',
        })
      if (!data.seller)
        problems.push({
          message: 'is required for calls and texts: the seller the person consented to',
          path: 'seller',
        })
      break
    case 'e-mail-marketing':
      if (!data.email)
        problems.push({
          message: 'is required for e-mail marketing: the address consented for',
          path: 'email',
        })
      break
    case 'electronic-records':
      if (!data.consumer)
        problems.push({ message: 'is required for electronic records', path: 'consumer' })
      break
  }
  await snapshotDisclosure(req, data, problems)
  if (problems.length) throw new ValidationError({ collection: 'consents', errors: problems, req })
  const recorder = recorderOf(req.user)
  const contactKey = contactKeyOf(data.kind, data.phoneNumber, data.email)
  if (contactKey) await holdContact(req, contactKey)
  return {
    ...data,
    capturedAt: data.capturedAt ?? new Date().toISOString(),
    contactKey,
    recordedBy: recorder.name,
    recordedByAccount: recorder.account,
  }
}
