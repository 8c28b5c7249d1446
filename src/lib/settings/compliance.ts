/** Settings of the compliance features: adverse-action notices, consents, retention and consumer requests, sanctions screening. */
import { z } from 'zod'

import { flagSetting, numberSetting, textSetting, wholeAtLeastOne } from '../envSchema'

/** Adverse-action notices (src/compliance/adverseAction, docs/compliance.md §4). */
export const adverseAction = z.object({
  /** How often the job runner looks for counteroffers left unaccepted (seconds): daily. */
  ADVERSE_ACTION_CHECK_SECONDS: wholeAtLeastOne(86_400),
  /** Days after a decision within which its notice is due (12 CFR 1002.9(a)(1)). */
  ADVERSE_ACTION_DUE_DAYS: wholeAtLeastOne(30),
  /** Days a counteroffer may stay unaccepted before it gets its own notice (1002.9(a)(1)(iv)). */
  COUNTEROFFER_ACCEPT_DAYS: wholeAtLeastOne(90),
  /** The creditor named on each notice; a notice is not delivered until both are set. */
  CREDITOR_ADDRESS: textSetting(''),
  CREDITOR_NAME: textSetting(''),
  CREDITOR_PHONE: textSetting(''),
})

export const consents = z.object({
  /** false: credit apps go to their provider without an authorization on file (src/compliance/consents). */
  CREDIT_AUTHORIZATION_REQUIRED: flagSetting(true),
  /** How many days before a submission a credit-report authorization may have been captured. */
  CREDIT_AUTHORIZATION_WINDOW_DAYS: numberSetting(30, { integer: true, min: 1 }),
})

export const compliance = z.object({
  /** Months without activity after which a consumer's data is disposed of (src/compliance/retention). */
  RETENTION_INACTIVE_MONTHS: numberSetting(24, { integer: true, min: 1 }),
  /** Days to confirm receipt of a consumer data request (11 CCR 7021(a)). */
  CONSUMER_REQUEST_CONFIRM_DAYS: numberSetting(10, { integer: true, min: 1 }),
  /** Days to answer a consumer data request (Cal. Civ. Code 1798.130(a)(2)). */
  CONSUMER_REQUEST_ANSWER_DAYS: numberSetting(45, { integer: true, min: 1 }),
  /** Months a consumer data request record is kept (11 CCR 7101(a)). */
  CONSUMER_REQUEST_KEEP_MONTHS: numberSetting(24, { integer: true, min: 1 }),
})

/** Sanctions screening (src/compliance/sanctions, docs/compliance.md §7). */
export const sanctions = z.object({
  /** Lowest name score (0–100, after birth date and address adjustments) kept as a possible match. */
  SANCTIONS_MATCH_THRESHOLD: numberSetting(80, { integer: true, max: 100, min: 50 }),
  /** Lowest score at which clearing a match takes a staff admin or two staff users. */
  SANCTIONS_SECOND_REVIEW_SCORE: numberSetting(90, { integer: true, max: 100, min: 50 }),
})
