/**
 * The lead mailbox against a real IMAP server (the test's own dovecot): ADF in a body or an
 * attachment becomes leads as POST /api/leads/adf makes them, a message without usable ADF goes to
 * the failed folder with its reason and saves nothing, a message is read once across duplicates,
 * concurrent pollers and restarts, and a server that goes away is logged once and read again
 * when it is back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'

import {
  type MailboxConfig,
  mailboxConfig,
  type MailboxPoller,
  pollOnce,
  startMailboxPoller,
} from '@/adf/mailbox'
import { logger } from '@/lib/logger'

import { sampleAdf } from '../helpers/adf'
import { type ImapServer, noImapServer, startImapServer } from '../helpers/imapServer'
import {
  appendMessages,
  attachmentMessage,
  bodyMessage,
  folderCounts,
  newMessageId,
  plainMessage,
  xmlMessage,
} from '../helpers/leadMail'
import { captureLog } from '../helpers/logCapture'
import { useTestService } from '../helpers/service'

const skipped = noImapServer('mailbox.test')
if (skipped) process.stderr.write(`${skipped}\n`)
const describeWithImap = skipped ? describe.skip : describe

const context = useTestService({ seed: true })

// The mailbox's own tests: several messages carry one person (duplicates: adf.test.ts).
beforeAll(() => {
  process.env.LEAD_DUPLICATE_RULES = 'none'
})
afterAll(() => {
  delete process.env.LEAD_DUPLICATE_RULES
})
let server: ImapServer
let config: MailboxConfig

const payload = () => context.service.payload

const leadsNamed = async (lastName: string) =>
  (
    await payload().find({
      collection: 'lead',
      depth: 0,
      limit: 100,
      where: { lastName: { equals: lastName } },
    })
  ).docs

const rowOf = async (messageId: string) =>
  (
    await payload().find({
      collection: 'mailbox-message',
      depth: 0,
      where: { messageId: { equals: messageId } },
    })
  ).docs

/** Waits (polling, never timing anything) until `check` holds, for at most `ms`. */
const until = async (check: () => Promise<boolean>, ms = 60_000) => {
  for (const deadline = Date.now() + ms; !(await check());) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describeWithImap('the lead mailbox', () => {
  beforeAll(async () => {
    server = await startImapServer()
    process.env.LEADS_IMAP_URL = server.url
    config = mailboxConfig() as MailboxConfig
  })

  afterAll(async () => {
    delete process.env.LEADS_IMAP_URL
    await server?.close()
  })

  beforeEach(async () => {
    // Every test starts from an empty inbox.
    expect((await folderCounts(server, ['INBOX'])).INBOX).toBe(0)
  })

  it('makes a lead of ADF in a text body, as POST /api/leads/adf does, and files the message', async () => {
    const messageId = newMessageId()
    const xml = sampleAdf([{ lastName: 'Bodyline' }])
    await appendMessages(server, [bodyMessage(xml, { messageId, subject: 'Lead: Jane Bodyline' })])
    const before = await folderCounts(server)
    const result = await pollOnce(payload(), config)
    expect(result).toMatchObject({ failed: 0, processed: 1 })
    const leads = await leadsNamed('Bodyline')
    expect(leads).toHaveLength(1)
    expect(leads[0]).toMatchObject({
      email: 'jane.doe@example.com',
      firstName: 'Jane',
      source: 'Example Leads',
    })
    // The document as the body carried it: the note before it and the signature after it left out.
    expect(leads[0].adf?.document).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<\?ADF/)
    expect(leads[0].adf?.document).toMatch(/<\/adf>$/)
    expect(leads[0].adf).toMatchObject({
      origin: 'mailbox',
      vendorName: 'Sunset Motors',
    })
    const [row] = await rowOf(messageId)
    expect(row).toMatchObject({
      from: '"Example Leads" <leads@leads.example.com>',
      leads: [leads[0].id],
      status: 'processed',
      subject: 'Lead: Jane Bodyline',
    })
    expect(row.reason ?? null).toBeNull()
    const after = await folderCounts(server)
    expect(after).toEqual({ ...before, INBOX: 0, Processed: before.Processed + 1 })
  })

  it('makes leads of an .xml attachment and of a text/xml message', async () => {
    const attached = newMessageId()
    const whole = newMessageId()
    await appendMessages(server, [
      attachmentMessage(sampleAdf([{ lastName: 'Attachee' }]), 'lead.xml', { messageId: attached }),
      attachmentMessage(sampleAdf([{ lastName: 'Adfile' }]), 'lead.adf', {}, 'text/plain'),
      xmlMessage(sampleAdf([{ lastName: 'Wholexml' }]), { messageId: whole }),
    ])
    expect(await pollOnce(payload(), config)).toMatchObject({ failed: 0, processed: 3 })
    for (const name of ['Attachee', 'Adfile', 'Wholexml']) {
      const leads = await leadsNamed(name)
      expect(leads).toHaveLength(1)
      expect(leads[0].adf?.origin).toBe('mailbox')
    }
    expect((await rowOf(attached))[0].leads).toEqual([(await leadsNamed('Attachee'))[0].id])
    expect((await rowOf(whole))[0].status).toBe('processed')
  })

  it('moves a message without ADF, or with ADF refused, to the failed folder with the reason, saving nothing', async () => {
    const garbage = newMessageId()
    const broken = newMessageId()
    const unknownVendor = newMessageId()
    const leadsBefore = (await payload().count({ collection: 'lead' })).totalDocs
    const before = await folderCounts(server)
    await appendMessages(server, [
      plainMessage('Hello, please call me back about the blue Accord.', { messageId: garbage }),
      attachmentMessage('<adf><prospect><customer>', 'lead.xml', { messageId: broken }),
      bodyMessage(
        sampleAdf([
          { lastName: 'Firstgood' },
          { lastName: 'Nowhere', vendorName: 'No Such Motors' },
        ]),
        { messageId: unknownVendor },
      ),
    ])
    expect(await pollOnce(payload(), config)).toMatchObject({ failed: 3, processed: 0 })
    expect((await rowOf(garbage))[0]).toMatchObject({
      leads: [],
      reason: expect.stringMatching(/^no ADF document/),
      status: 'failed',
    })
    expect((await rowOf(broken))[0]).toMatchObject({
      reason: expect.stringMatching(/^Invalid ADF document: /),
      status: 'failed',
    })
    expect((await rowOf(unknownVendor))[0]).toMatchObject({
      reason: expect.stringContaining(
        'unknown vendor: no dealership has the name "No Such Motors"',
      ),
      status: 'failed',
    })
    // The document's good prospect was not saved either: a document is taken whole or not at all.
    expect(await leadsNamed('Firstgood')).toHaveLength(0)
    expect((await payload().count({ collection: 'lead' })).totalDocs).toBe(leadsBefore)
    expect(await folderCounts(server)).toEqual({
      ...before,
      Failed: before.Failed + 3,
      INBOX: 0,
    })
  })

  it('reads a Message-ID once: the same message appended twice makes one lead', async () => {
    const messageId = newMessageId()
    const message = bodyMessage(sampleAdf([{ lastName: 'Twicesent' }]), { messageId })
    await appendMessages(server, [message, message])
    const before = await folderCounts(server)
    expect(await pollOnce(payload(), config)).toMatchObject({ processed: 1, seen: 1 })
    expect(await leadsNamed('Twicesent')).toHaveLength(1)
    expect(await rowOf(messageId)).toHaveLength(1)
    // Both copies leave the inbox, to the processed folder.
    expect(await folderCounts(server)).toEqual({
      ...before,
      INBOX: 0,
      Processed: before.Processed + 2,
    })
  })

  it('keys a message without Message-ID by a hash of its bytes', async () => {
    const message = bodyMessage(sampleAdf([{ lastName: 'Noheader' }]), { messageId: null })
    await appendMessages(server, [message, message])
    expect(await pollOnce(payload(), config)).toMatchObject({ processed: 1, seen: 1 })
    const leads = await leadsNamed('Noheader')
    expect(leads).toHaveLength(1)
    const rows = await payload().find({
      collection: 'mailbox-message',
      where: { leads: { equals: leads[0].id } },
    })
    expect(rows.docs.map((row) => row.messageId)).toEqual([
      expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    ])
  })

  it('two pollers at once over 20 messages make each lead once; a restarted poller reads none again', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `Crowd${String.fromCharCode(97 + i)}`)
    const messages = names.map((lastName) => ({
      id: newMessageId(),
      lastName,
    }))
    const raw = messages.map(({ id, lastName }) =>
      bodyMessage(sampleAdf([{ lastName }]), { messageId: id }),
    )
    await appendMessages(server, raw)
    const pollers: MailboxPoller[] = [
      startMailboxPoller(payload(), { config, pollMs: 50 }) as MailboxPoller,
      startMailboxPoller(payload(), { config, pollMs: 50 }) as MailboxPoller,
    ]
    try {
      await until(async () => (await folderCounts(server, ['INBOX'])).INBOX === 0)
    } finally {
      await Promise.all(pollers.map((poller) => poller.stop()))
    }
    for (const lastName of names) expect(await leadsNamed(lastName)).toHaveLength(1)
    for (const { id } of messages) expect(await rowOf(id)).toHaveLength(1)

    // A new poller (as after a restart) over the same messages again: filed, no lead made.
    await appendMessages(server, raw)
    const result = await pollOnce(payload(), config)
    expect(result).toMatchObject({ failed: 0, processed: 0, seen: 20 })
    for (const lastName of names) expect(await leadsNamed(lastName)).toHaveLength(1)
    expect((await folderCounts(server, ['INBOX'])).INBOX).toBe(0)
  })

  it('logs an IMAP server that went away once, keeps the service up, and reads the mailbox when it is back', async () => {
    // The tests' LOG_LEVEL is warn; the line saying the mailbox is read again is info.
    const level = logger.level
    logger.level = 'info'
    const log = captureLog()
    const poller = startMailboxPoller(payload(), {
      config,
      maxBackoffMs: 400,
      pollMs: 100,
    }) as MailboxPoller
    try {
      await server.stop()
      const failures = () =>
        log.lines().filter((line) => String(line.msg).startsWith('lead mailbox: cannot read'))
      await until(async () => failures().length > 0)
      expect(String(failures()[0].msg)).toContain(`127.0.0.1:${server.port}/INBOX`)
      // Refused, or reset when it went away mid-poll: the socket's own words.
      expect(String(failures()[0].msg)).toMatch(/\(\w[\w ]*: ECONN(REFUSED|RESET)\b/)
      // Several tries later (the backoff is capped at 400 ms here), still one line.
      const tries = Date.now()
      await until(async () => Date.now() - tries > 1500)
      expect(failures()).toHaveLength(1)
      // The service still answers.
      expect((await context.service.api('/api/lead?limit=1')).status).toBe(401)

      await server.start()
      const messageId = newMessageId()
      await appendMessages(server, [
        bodyMessage(sampleAdf([{ lastName: 'Comeback' }]), { messageId }),
      ])
      await until(async () => (await leadsNamed('Comeback')).length === 1)
      await until(async () => log.lines().some((line) => line.msg === 'lead mailbox: read again'))
      expect(failures()).toHaveLength(1)
    } finally {
      await poller.stop()
      log.restore()
      logger.level = level
    }
  }, 180_000)
})
