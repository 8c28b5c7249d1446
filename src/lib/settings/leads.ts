/** Settings of the lead side: ADF intake, the lead desk (duplicates, first contact, escalation) and the lead mailbox. */
import { z } from 'zod'

import { choiceListSetting, numberSetting, textSetting } from '../envSchema'

/** The duplicate rules of leads (src/leadDesk/matchKeys.ts), as `LEAD_DUPLICATE_RULES` names them. */
export const DUPLICATE_RULES = ['email', 'name-phone', 'similar-name-phone'] as const

export const adf = z.object({
  /** Largest ADF document taken (bytes), over HTTP or by mail: 413 above it. */
  ADF_MAX_BYTES: numberSetting(1024 * 1024, { integer: true, max: 16 * 1024 * 1024, min: 1024 }),
  /** Deepest nesting of elements in an ADF document (ADF itself needs 5). */
  ADF_MAX_DEPTH: numberSetting(16, { integer: true, max: 64, min: 6 }),
  /** Most prospects in one ADF document: a larger one would hold its dealerships' rota rows for long. */
  ADF_MAX_PROSPECTS: numberSetting(200, { integer: true, max: 5000, min: 1 }),
})

export const leadDesk = z.object({
  /** How many days back a new lead is matched against its location's leads. */
  LEAD_DUPLICATE_DAYS: numberSetting(30, { integer: true, min: 1 }),
  /** Which duplicate rules are on (src/leadDesk/matchKeys.ts). */
  LEAD_DUPLICATE_RULES: choiceListSetting(DUPLICATE_RULES, DUPLICATE_RULES),
  /** Business minutes (of the lead's location) a new lead may wait for a first contact. */
  LEAD_CONTACT_MINUTES: numberSetting(30, { min: 0 }),
  /** How often the job runner looks for leads to escalate. */
  LEAD_ESCALATION_CHECK_SECONDS: numberSetting(60, { min: 1 }),
})

export const mailbox = z.object({
  LEADS_IMAP_FAILED_FOLDER: textSetting('Failed'),
  /** How often the lead mailbox is read (seconds); a mailbox that cannot be read is retried with backoff. */
  LEADS_IMAP_POLL_SECONDS: numberSetting(60, { max: 86_400, min: 1 }),
  LEADS_IMAP_PROCESSED_FOLDER: textSetting('Processed'),
  /** imap://user:password@host:port/INBOX (imaps:// for TLS from the start); unset: no mailbox. */
  LEADS_IMAP_URL: z
    .string()
    .refine((value) => value === '' || (/^imaps?:\/\/[^/]+/.test(value) && URL.canParse(value)), {
      error: 'an imap:// or imaps:// address',
    })
    .optional()
    .transform((value) => value || undefined),
})
