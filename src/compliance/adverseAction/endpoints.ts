/**
 * GET /api/adverse-action-notice/:id/print: the notice as a printable HTML page.
 * POST /api/adverse-action-notice/:id/deliver `{method, to?}`: records how the notice reached the
 * applicant — `email` sends it through the configured SMTP server first (to `to`, else the
 * applicant's e-mail), `mail` (printed and mailed) and `in_person` record what staff did.
 */
import { sql } from '@payloadcms/db-postgres'
import { addDataAndFileToRequest, APIError, type Endpoint, type PayloadRequest } from 'payload'

import { refusalFor } from '@/api/refusal'
import { transactionDb, withTransaction } from '@/db/transaction'
import { ClientError } from '@/errors'
import { isRecord } from '@/lib/isRecord'
import { settings } from '@/lib/settings'

import { ROLE_SETS } from '../../../access/policy'
import { checkRole } from '../../../access/roles'
import { actorOf, invalid } from '../endpointParts'
import { missingCreditor, NOTICES, withCreditor } from './notices'
import { noticeHtml, noticeSubject } from './render'

export const deliveryMethods = ['email', 'mail', 'in_person'] as const
type Method = (typeof deliveryMethods)[number]

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The notice as the caller may read it (404 for an id that is none, 403 without read access). */
const readNotice = (req: PayloadRequest) =>
  req.payload.findByID({
    collection: NOTICES,
    depth: 0,
    id: String(req.routeParams?.id),
    overrideAccess: false,
    req,
  })

/**
 * Why a notice without its creditor is not delivered (Reg B names the creditor, 1002.9(a)(2)):
 * the settings to add are named to admins, who can add them.
 */
const creditorMissing = (req: PayloadRequest, missing: string[]): string => {
  const settingNames = missing.map((part) => `CREDITOR_${part.toUpperCase()}`).join(', ')
  const who = checkRole(req.user, ROLE_SETS.admins)
    ? `set ${settingNames} and deliver it again`
    : "ask an administrator to configure the creditor's name and address"
  return `This notice does not name the creditor's ${missing.join(' and ')}, which Regulation B requires: ${who}.`
}

export const printNoticeEndpoint: Endpoint = {
  handler: async (req) => {
    const refused = refusalFor(req, 'house')
    if (refused) return refused
    const notice = withCreditor(await readNotice(req))
    return new Response(noticeHtml(notice), {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    })
  },
  method: 'get',
  path: '/:id/print',
}

export const deliverNoticeEndpoint: Endpoint = {
  handler: async (req) => {
    const refused = refusalFor(req, 'house')
    if (refused) return refused
    await addDataAndFileToRequest(req)
    const body = isRecord(req.data) ? req.data : {}
    const method = body.method as Method
    if (!deliveryMethods.includes(method))
      throw invalid('method', `method must be one of ${deliveryMethods.join(', ')}`)
    if (body.to !== undefined && (typeof body.to !== 'string' || !EMAIL.test(body.to)))
      throw invalid('to', 'to must be an e-mail address')
    // Two deliveries at once: the second waits for the first's row lock, then finds it delivered.
    const doc = await withTransaction(req, async () => {
      const { id } = await readNotice(req)
      const db = await transactionDb(req)
      await db.execute(sql`SELECT id FROM adverse_action_notice WHERE id = ${id} FOR UPDATE`)
      const notice = withCreditor(await readNotice(req))
      // The first delivery is the proof the notice went out in time: it is never written over.
      if (notice.deliveredAt)
        throw new ClientError(
          `This notice was delivered already (${notice.deliveryMethod}, ${notice.deliveredAt}, by ${notice.deliveredBy}).`,
          409,
        )
      if (notice.withdrawnAt)
        throw new ClientError(
          `This notice is no longer owed: ${notice.withdrawnReason ?? 'it was withdrawn.'}`,
          409,
        )
      const missing = missingCreditor(notice)
      if (missing.length) throw new ClientError(creditorMissing(req, missing), 409)
      let deliveredTo: null | string = notice.applicantAddress ?? null
      if (method === 'mail' && !deliveredTo)
        throw invalid('method', 'the applicant has no mailing address: deliver it another way')
      if (method === 'email') {
        deliveredTo = (body.to as string | undefined) ?? notice.applicantEmail ?? null
        if (!deliveredTo) throw invalid('to', 'the applicant has no e-mail address: name one in to')
        // Without a mail server nothing would go out: never recorded as delivered.
        if (!settings('email').SMTP_URL)
          throw new APIError(
            'No mail server is configured (SMTP_URL): the notice cannot be e-mailed. Deliver it by mail or in person.',
            503,
            null,
            true,
          )
        // A message the server does not take is a 503 (src/email/adapter.ts) and records nothing.
        await req.payload.sendEmail({
          html: noticeHtml(notice),
          subject: noticeSubject(notice),
          to: deliveredTo,
        })
      }
      if (method === 'in_person') deliveredTo = notice.applicantName ?? null
      return req.payload.update({
        collection: NOTICES,
        data: {
          // The creditor it went out under, if it was made before the creditor was configured.
          creditorAddress: notice.creditorAddress,
          creditorName: notice.creditorName,
          creditorPhone: notice.creditorPhone,
          deliveredAt: new Date().toISOString(),
          deliveredBy: actorOf(req),
          deliveredTo,
          deliveryMethod: method,
        },
        depth: 0,
        id: notice.id,
        overrideAccess: true,
        req,
      })
    })
    return Response.json({ doc, message: 'Delivery recorded.' })
  },
  method: 'post',
  path: '/:id/deliver',
}
