/**
 * The notice as a letter: one HTML document, sent as the e-mail's body and served as the
 * printable page. What it says follows Regulation B's model form C-1 and FCRA 615(a):
 * the action taken and its principal reasons, the credit score used with its range, date and up
 * to four key factors, the bureau's name, address and toll-free number, the rights to a free
 * report within 60 days and to dispute it, and the ECOA notice naming the FTC.
 */
import type { AdverseActionNotice } from '../../../payload-types'
import { bureaus } from './bureaus'

const escape = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** 12 CFR 1002.9(b)(1): the ECOA notice, naming the agency over this creditor (the FTC for dealers). */
export const ECOA_NOTICE =
  'The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant’s income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The Federal agency that administers compliance with this law concerning this creditor is the Federal Trade Commission, Consumer Response Center, Washington, DC 20580.'

const ACTIONS: Record<AdverseActionNotice['kind'], string> = {
  counteroffer:
    'We are unable to offer you credit on the terms you requested. We can offer you credit on the terms below.',
  counteroffer_not_accepted:
    'You did not accept the credit we offered in place of the terms you requested. Your application for credit on the terms you requested is denied.',
  declined: 'We have declined your application for credit.',
  not_placed:
    'We were unable to place your application with a lender, so we cannot extend the credit you applied for.',
}

const day = (value: null | string | undefined) =>
  value ? new Date(value).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : ''

export const noticeSubject = (notice: AdverseActionNotice) =>
  notice.creditorName
    ? `Your credit application with ${notice.creditorName}`
    : 'Your credit application'

/** Printed above a letter that may not be sent: Reg B names the creditor (1002.9(a)(2)). */
const unfit = (notice: AdverseActionNotice) =>
  notice.creditorName && notice.creditorAddress
    ? ''
    : `<p data-unfit role="alert" style="border:2px solid #b00;padding:0.75rem;color:#b00">Not ready to send: this letter does not name the creditor's name and address, which Regulation B requires. An administrator must configure them first.</p>`

const scoreSection = (notice: AdverseActionNotice): string[] => {
  if (notice.score === null || notice.score === undefined)
    return [
      '<h2>Your credit score</h2>',
      '<p>No credit score was used in making this decision.</p>',
    ]
  const factors = (notice.keyFactors ?? []).map(({ factor }) => `<li>${escape(factor)}</li>`)
  return [
    '<h2>Your credit score</h2>',
    '<p>A credit score is a number that reflects the information in your credit report. It can change, depending on how the information in your credit report changes.</p>',
    `<p>Your credit score: <strong data-score>${escape(notice.score)}</strong>${notice.scoreDate ? `, as of ${escape(day(notice.scoreDate))}` : ''}.</p>`,
    notice.scoreRangeLow !== null && notice.scoreRangeLow !== undefined
      ? `<p>Scores range from a low of ${escape(notice.scoreRangeLow)} to a high of ${escape(notice.scoreRangeHigh)}.</p>`
      : '',
    factors.length
      ? `<p>Key factors that adversely affected your credit score:</p><ol data-key-factors>${factors.join('')}</ol>`
      : '',
  ]
}

const bureauSection = (notice: AdverseActionNotice): string[] => {
  const bureau = notice.bureau ? bureaus[notice.bureau] : null
  if (!bureau) return []
  return [
    '<h2>Your right to your credit report</h2>',
    '<p>Our decision was based in whole or in part on information obtained in a report from the consumer reporting agency listed below. You have a right under the Fair Credit Reporting Act to know the information contained in your credit file at the consumer reporting agency. The reporting agency played no part in our decision and is unable to supply specific reasons why we have taken this action.</p>',
    `<address data-bureau>${escape(bureau.name)}<br>${escape(bureau.address)}<br>Toll-free: ${escape(bureau.phone)}<br>${escape(bureau.website)}</address>`,
    '<p>You have a right to a free copy of your report from the reporting agency, if you request it no later than 60 days after you receive this notice. In addition, if you find that any information contained in the report you receive is inaccurate or incomplete, you have the right to dispute the matter with the reporting agency.</p>',
  ]
}

/** The whole letter, as a standalone HTML document (inline styles only: it is also an e-mail). */
export const noticeHtml = (notice: AdverseActionNotice): string => {
  const reasons = [notice.reason, ...(notice.keyFactors ?? []).map(({ factor }) => factor)].filter(
    (reason): reason is string => Boolean(reason),
  )
  const body = [
    unfit(notice),
    `<p>${escape(notice.creditorName)}<br>${escape(notice.creditorAddress)}${notice.creditorPhone ? `<br>${escape(notice.creditorPhone)}` : ''}</p>`,
    `<p>${escape(day(notice.createdAt))}</p>`,
    `<p>${escape(notice.applicantName ?? 'Applicant')}${notice.applicantAddress ? `<br>${escape(notice.applicantAddress)}` : ''}</p>`,
    `<h1>Notice of action taken on your application for credit</h1>`,
    `<p data-action>${escape(ACTIONS[notice.kind])}</p>`,
    notice.counteroffer ? `<p data-counteroffer>Our offer: ${escape(notice.counteroffer)}</p>` : '',
    reasons.length
      ? `<h2>Principal reasons</h2><ul>${reasons.map((reason) => `<li>${escape(reason)}</li>`).join('')}</ul>`
      : `<p>You have the right to a statement of specific reasons for this action. To get one, contact us at the address above within 60 days of this notice; we will give you the statement within 30 days of your request.</p>`,
    ...scoreSection(notice),
    ...bureauSection(notice),
    '<h2>Notice</h2>',
    `<p data-ecoa>${escape(ECOA_NOTICE)}</p>`,
  ]
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escape(noticeSubject(notice))}</title>`,
    '<style>body{font-family:Georgia,serif;max-width:42rem;margin:2rem auto;line-height:1.45;color:#111}h1{font-size:1.3rem}h2{font-size:1.05rem;margin-top:1.5rem}address{font-style:normal;margin:0.5rem 0 0.5rem 1rem}@media print{body{margin:0}}</style>',
    '</head><body>',
    ...body.filter(Boolean),
    '</body></html>',
  ].join('\n')
}
