/**
 * Adverse-action notices as records (collection `adverse-action-notice`): one is made when a
 * credit app's outcome is adverse (noteAdverseAction, an afterChange hook of `credit-app`), and
 * one more when a counteroffer stays unaccepted past COUNTEROFFER_ACCEPT_DAYS (the job runner's
 * daily sweep). Each is due ADVERSE_ACTION_DUE_DAYS after the decision (12 CFR 1002.9(a)(1)).
 */
import {
  type CollectionAfterChangeHook,
  createLocalReq,
  type Payload,
  type PayloadRequest,
  type Where,
} from 'payload'

import { withTransaction } from '@/db/transaction'
import { isRecord } from '@/lib/isRecord'
import { relationId } from '@/lib/relationId'
import { settings } from '@/lib/settings'

import type { AdverseActionNotice, CreditApp } from '../../../payload-types'
import { type AdverseDecision, adverseDecisionOf } from './decision'

const DAY_MS = 86_400_000

export const NOTICES = 'adverse-action-notice'

const addDays = (from: string | Date, days: number) =>
  new Date(new Date(from).getTime() + days * DAY_MS).toISOString()

type Doc = Record<string, unknown>
const text = (value: unknown): null | string =>
  typeof value === 'string' && value.trim() ? value.trim() : null

/** "500 Congress Ave, Suite 200, Austin, TX 78701" from an address read at depth 2. */
export const mailingAddress = (address: unknown): null | string => {
  if (!isRecord(address)) return null
  const { city, line1, line2, zip } = address
  const cityDoc: Doc = isRecord(city) ? city : {}
  const state = isRecord(cityDoc.state) ? cityDoc.state.code : cityDoc.state
  const place = [text(cityDoc.name), [text(state), text(zip)].filter(Boolean).join(' ')]
  return [text(line1), text(line2), ...place].filter(Boolean).join(', ') || null
}

/** The applicant's name, e-mail and mailing address: the app's values, else its consumer's. */
const applicantOf = async (req: PayloadRequest, app: CreditApp) => {
  const consumerId = relationId(app.consumer)
  const consumer = consumerId
    ? await req.payload.findByID({
        collection: 'consumer',
        depth: 2,
        disableErrors: true,
        id: consumerId,
        overrideAccess: true,
        req,
      })
    : null
  const name = [
    text(app.firstName) ?? text(consumer?.firstName),
    text(app.lastName) ?? text(consumer?.lastName),
  ]
    .filter(Boolean)
    .join(' ')
  return {
    applicantAddress: mailingAddress(consumer?.addresses?.[0]),
    applicantEmail: text(app.email) ?? text(consumer?.email),
    applicantName: name || null,
  }
}

/** Notices still owed to their applicant: neither delivered nor withdrawn. */
export const owedNotices: Where = {
  and: [{ deliveredAt: { exists: false } }, { withdrawnAt: { exists: false } }],
}

type Creditor = {
  creditorAddress: null | string
  creditorName: null | string
  creditorPhone: null | string
}
type CreditorFields = { [Key in keyof Creditor]?: unknown }

/** The creditor as configured now; an unset setting is null (never a placeholder in a letter). */
const creditor = (): Creditor => {
  const { CREDITOR_ADDRESS, CREDITOR_NAME, CREDITOR_PHONE } = settings('adverseAction')
  return {
    creditorAddress: text(CREDITOR_ADDRESS),
    creditorName: text(CREDITOR_NAME),
    creditorPhone: text(CREDITOR_PHONE),
  }
}

/**
 * The notice with the creditor it will be sent under: its own, else (made while the creditor was
 * not configured) the one configured now. Its stored values are never replaced.
 */
export const withCreditor = <T extends CreditorFields>(
  notice: T,
): Omit<T, keyof Creditor> & Creditor => {
  const now = creditor()
  return {
    ...notice,
    creditorAddress: text(notice.creditorAddress) ?? now.creditorAddress,
    creditorName: text(notice.creditorName) ?? now.creditorName,
    creditorPhone: text(notice.creditorPhone) ?? now.creditorPhone,
  }
}

/** What Regulation B requires of the creditor (1002.9(a)(2)) that the notice lacks. */
export const missingCreditor = (notice: CreditorFields): string[] =>
  [
    text(notice.creditorName) ? null : 'name',
    text(notice.creditorAddress) ? null : 'address',
  ].filter((part): part is string => part !== null)

const decisionFields = (decision: AdverseDecision) => ({
  bureau: decision.bureau,
  counteroffer: decision.counteroffer,
  keyFactors: decision.keyFactors.map((factor) => ({ factor })),
  score: decision.score,
  scoreDate: decision.scoreDate,
  scoreRangeHigh: decision.scoreRange?.high ?? null,
  scoreRangeLow: decision.scoreRange?.low ?? null,
})

/**
 * Makes the notice an adverse outcome calls for, once per app and decision time. An app not
 * placed again (sent again and failing again) is the same action on the same application: the
 * notice that stands for it, owed or delivered, covers it; only a withdrawn one makes room.
 */
export const createNoticeFor = async (
  req: PayloadRequest,
  app: CreditApp,
): Promise<AdverseActionNotice | null> => {
  const decision = adverseDecisionOf(app)
  if (!decision) return null
  const decidedAt = app.providerSubmission?.completedAt ?? new Date().toISOString()
  const same: Where =
    decision.kind === 'not_placed'
      ? { and: [{ kind: { equals: 'not_placed' } }, { withdrawnAt: { exists: false } }] }
      : { decidedAt: { equals: decidedAt } }
  const { totalDocs } = await req.payload.count({
    collection: NOTICES,
    overrideAccess: true,
    req,
    where: { and: [{ creditApp: { equals: app.id } }, same] },
  })
  if (totalDocs) return null
  return req.payload.create({
    collection: NOTICES,
    data: {
      ...(await applicantOf(req, app)),
      ...creditor(),
      ...decisionFields(decision),
      creditApp: app.id,
      decidedAt,
      dueAt: addDays(decidedAt, settings('adverseAction').ADVERSE_ACTION_DUE_DAYS),
      kind: decision.kind,
      // The provider's own refusal is a reason the applicant may read; why the service's sending
      // failed (its configuration, a network error) is not, and the letter then offers a statement.
      reason:
        decision.kind === 'not_placed' && app.providerSubmission?.status === 'rejected'
          ? (app.providerSubmission.message ?? null)
          : null,
    },
    depth: 0,
    overrideAccess: true,
    req,
  })
}

/**
 * An app placed with a lender after all (sent again once its provider was configured, say) is
 * owed no notice of not being placed: such notices not yet delivered are withdrawn, saying why.
 * One delivered already stays as it went out.
 */
const withdrawNotPlaced = async (req: PayloadRequest, app: CreditApp): Promise<void> => {
  const at = app.providerSubmission?.completedAt ?? new Date().toISOString()
  const provider = app.provider === 'provider_b' ? 'Provider B' : 'Provider A'
  const { errors } = await req.payload.update({
    collection: NOTICES,
    data: {
      withdrawnAt: new Date().toISOString(),
      withdrawnReason: `The app was placed with ${provider} on ${at.slice(0, 10)}, after this notice was made: it is not owed.`,
    },
    depth: 0,
    overrideAccess: true,
    req,
    where: {
      and: [{ creditApp: { equals: app.id } }, { kind: { equals: 'not_placed' } }, owedNotices],
    },
  })
  // Still owed, so still on the to-do list: a person sees it there; the log says why.
  for (const { id, message } of errors)
    req.payload.logger.error({ app: app.id, notice: id }, `notice not withdrawn: ${message}`)
}

/**
 * afterChange of `credit-app`: when the submission's outcome changes to an adverse one, the
 * notice is recorded in the same transaction; when the app reaches a lender, an earlier notice of
 * not placing it is withdrawn.
 */
export const noteAdverseAction: CollectionAfterChangeHook<CreditApp> = async ({
  doc,
  previousDoc,
  req,
}) => {
  const status = doc.providerSubmission?.status
  const changed =
    status !== previousDoc?.providerSubmission?.status ||
    doc.providerSubmission?.completedAt !== previousDoc?.providerSubmission?.completedAt
  if (changed && status === 'accepted') await withdrawNotPlaced(req, doc)
  if (changed && ['accepted', 'failed', 'rejected'].includes(String(status)))
    await createNoticeFor(req, doc)
  return doc
}

/**
 * The daily sweep: each counteroffer not accepted within COUNTEROFFER_ACCEPT_DAYS gets its own
 * notice (1002.9(a)(1)(iv)), due at once; the counteroffer's notice is marked lapsed in the same
 * transaction, so no sweep makes a second. Returns the new notices' ids.
 */
export const noticeLapsedCounteroffers = async (
  payload: Payload,
  now = new Date(),
): Promise<number[]> => {
  const days = settings('adverseAction').COUNTEROFFER_ACCEPT_DAYS
  const { docs } = await payload.find({
    collection: NOTICES,
    depth: 0,
    limit: 500,
    overrideAccess: true,
    pagination: false,
    where: {
      and: [
        { kind: { equals: 'counteroffer' } },
        { counterofferAcceptedAt: { exists: false } },
        { counterofferLapsedAt: { exists: false } },
        { decidedAt: { less_than_equal: addDays(now, -days) } },
      ],
    },
  })
  const made: number[] = []
  for (const offer of docs) {
    const req = await createLocalReq({}, payload)
    const notice = await withTransaction(req, async () => {
      const lapsedAt = addDays(offer.decidedAt ?? offer.createdAt, days)
      const { createdAt: _c, id: _id, updatedAt: _u, ...kept } = offer
      const created = await payload.create({
        collection: NOTICES,
        data: {
          ...kept,
          counteroffer: offer.counteroffer,
          counterofferAcceptedAt: null,
          decidedAt: lapsedAt,
          deliveredAt: null,
          deliveredBy: null,
          deliveredTo: null,
          deliveryMethod: null,
          dueAt: lapsedAt,
          follows: offer.id,
          kind: 'counteroffer_not_accepted',
          keyFactors: (offer.keyFactors ?? []).map(({ factor }) => ({ factor })),
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await payload.update({
        collection: NOTICES,
        data: { counterofferLapsedAt: lapsedAt },
        depth: 0,
        id: offer.id,
        overrideAccess: true,
        req,
      })
      return created
    })
    made.push(notice.id)
  }
  return made
}
