import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import { simpleParser } from 'mailparser'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { redactSsnsFor } from '@/creditData/ssnFields'
import { transactionDb, withTransaction } from '@/db/transaction'

import type { MailboxMessage } from '../../../payload-types'
import { AdfError, ingestAdf } from '../ingest'
import { adfDocuments } from './documents'
import type { MailboxUser } from './principal'

/** What became of one message. */
export type Outcome =
  /** Its leads were saved now. */
  | { kind: 'processed'; leads: number[]; messageId: string }
  /** It makes no lead, and why is recorded. */
  | { kind: 'failed'; messageId: string; reason: string }
  /** Recorded before (the same Message-ID again, or a message whose move was cut off). */
  | { kind: 'seen'; messageId: string; status: MailboxMessage['status'] }
  /** Another poller is reading it right now: left alone. */
  | { kind: 'busy'; messageId: string }

type Facts = Pick<MailboxMessage, 'from' | 'messageId' | 'sentAt' | 'subject'>

const withoutSsns = (text: string) => redactSsnsFor('mailbox-message.subject, reason')(text).text

/** The message's key: its Message-ID, else a hash of its bytes (the same message, the same key). */
export const messageKey = (messageId: string | undefined, raw: Buffer): string =>
  messageId?.trim() || `sha256:${crypto.createHash('sha256').update(raw).digest('hex')}`

/**
 * Holds the message's lock until the transaction ends: at once (`wait`) or not at all. Every
 * poller claims a message this way before it looks for its row, so of pollers reading the same
 * mailbox one saves it and the others find it recorded.
 */
const claim = async (req: PayloadRequest, messageId: string, wait: boolean): Promise<boolean> => {
  const db = await transactionDb(req)
  const key = `lead mailbox ${messageId}`
  if (wait) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
    return true
  }
  const { rows } = await db.execute(
    sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) AS locked`,
  )
  return Boolean((rows[0] as { locked?: boolean } | undefined)?.locked)
}

const recorded = async (req: PayloadRequest, messageId: string) =>
  (
    await req.payload.find({
      collection: 'mailbox-message',
      depth: 0,
      limit: 1,
      pagination: false,
      req,
      select: { status: true },
      where: { messageId: { equals: messageId } },
    })
  ).docs[0]

const record = (
  req: PayloadRequest,
  data: Omit<MailboxMessage, 'createdAt' | 'id' | 'updatedAt'>,
) =>
  req.payload.create({
    collection: 'mailbox-message',
    data,
    depth: 0,
    req,
    select: { status: true },
  })

/** Records a message that makes no lead, in a transaction of its own (nothing else is saved). */
const recordFailure = async (
  payload: Payload,
  user: MailboxUser,
  facts: Facts,
  refusal: string,
): Promise<Outcome> => {
  // A refusal may quote a value of the document.
  const reason = withoutSsns(refusal)
  const req = await createLocalReq({ user }, payload)
  // Nothing is written when the message is seen already: committing then releases the claim only.
  return withTransaction(req, async (): Promise<Outcome> => {
    await claim(req, facts.messageId, true)
    const seen = await recorded(req, facts.messageId)
    if (seen) return { kind: 'seen', messageId: facts.messageId, status: seen.status }
    await record(req, { ...facts, reason, receivedAt: new Date().toISOString(), status: 'failed' })
    return { kind: 'failed', messageId: facts.messageId, reason }
  })
}

/**
 * One raw message of the mailbox, read into leads as POST /api/leads/adf would (ingestAdf, origin
 * `mailbox`), as `user`: its row and its leads are saved in one transaction, under the message's
 * lock, so a message is read once however many pollers see it and whatever stops them. A message
 * without ADF, or whose ADF is refused, is recorded as failed with the reason, and nothing else is
 * saved. Any other error (database gone, …) is thrown: the message stays for the next poll.
 */
export const readMessage = async (
  payload: Payload,
  user: MailboxUser,
  raw: Buffer,
  /** Why the message is refused before it is read (only its headers are given then). */
  refused?: string,
): Promise<Outcome> => {
  const mail = await simpleParser(raw, {
    skipHtmlToText: true,
    skipImageLinks: true,
    skipTextLinks: true,
    skipTextToHtml: true,
  })
  const facts: Facts = {
    from: mail.from?.text?.slice(0, 500) || undefined,
    messageId: messageKey(mail.messageId, raw),
    sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : undefined,
    subject: withoutSsns(mail.subject?.slice(0, 500) ?? '') || undefined,
  }
  const found = refused ? { reason: refused } : adfDocuments(mail)
  if ('reason' in found) return recordFailure(payload, user, facts, found.reason)
  const req = await createLocalReq({ user }, payload)
  try {
    return await withTransaction(req, async (): Promise<Outcome> => {
      if (!(await claim(req, facts.messageId, false)))
        return { kind: 'busy', messageId: facts.messageId }
      const seen = await recorded(req, facts.messageId)
      if (seen) return { kind: 'seen', messageId: facts.messageId, status: seen.status }
      const leads: number[] = []
      for (const xml of found.documents) {
        const result = await ingestAdf({ origin: 'mailbox', req, xml })
        leads.push(...result.leads.map((lead) => lead.id))
      }
      await record(req, {
        ...facts,
        leads,
        receivedAt: new Date().toISOString(),
        status: 'processed',
      })
      return { kind: 'processed', leads, messageId: facts.messageId }
    })
  } catch (error) {
    if (error instanceof AdfError) return recordFailure(payload, user, facts, error.message)
    throw error
  }
}
