/**
 * E-mails as lead sources send them, for the lead mailbox's tests and benchmark: ADF in the text
 * body, as the whole message (text/xml), or attached; and appending them to an IMAP mailbox.
 */
import crypto from 'node:crypto'

import { ImapFlow } from 'imapflow'

import type { ImapServer } from './imapServer'

type Headers = { date?: string; messageId?: string | null; subject?: string }

const headerLines = ({ date, messageId, subject = 'New lead' }: Headers): string[] => [
  'From: Example Leads <leads@leads.example.com>',
  'To: leads@dealer.example.com',
  `Subject: ${subject}`,
  `Date: ${date ?? 'Thu, 26 Nov 2026 15:30:20 -0800'}`,
  ...(messageId === null ? [] : [`Message-ID: ${messageId ?? newMessageId()}`]),
  'MIME-Version: 1.0',
]

export const newMessageId = (): string =>
  `<${crypto.randomBytes(8).toString('hex')}@leads.example.com>`

/** ADF as the text/plain body, quoted-printable, with a note before it and a signature after. */
export const bodyMessage = (xml: string, headers: Headers = {}): string =>
  [
    ...headerLines(headers),
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'A new lead from Example Leads:',
    '',
    quotedPrintable(xml),
    '',
    '-- ',
    'Example Leads, support@leads.example.com',
    '',
  ].join('\r\n')

/** The whole message is the document (text/xml). */
export const xmlMessage = (xml: string, headers: Headers = {}): string =>
  [
    ...headerLines(headers),
    'Content-Type: text/xml; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(xml),
    '',
  ].join('\r\n')

/** A short note, and the document attached as `filename` (base64). */
export const attachmentMessage = (
  xml: string,
  filename = 'lead.xml',
  headers: Headers = {},
  type = 'application/octet-stream',
): string => {
  const boundary = `b-${crypto.randomBytes(6).toString('hex')}`
  return [
    ...headerLines(headers),
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'A new lead is attached.',
    `--${boundary}`,
    `Content-Type: ${type}; name="${filename}"`,
    `Content-Disposition: attachment; filename="${filename}"`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(xml),
    `--${boundary}--`,
    '',
  ].join('\r\n')
}

/** A message with no ADF at all. */
export const plainMessage = (text: string, headers: Headers = {}): string =>
  [...headerLines(headers), 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n')

const base64Lines = (text: string): string =>
  (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n')

/** Quoted-printable: `=` and non-ASCII escaped, lines wrapped at 76 with soft breaks. */
const quotedPrintable = (text: string): string =>
  text
    .split('\n')
    .map((line) => {
      const tokens = [...line].flatMap((c) =>
        c === '=' || c.charCodeAt(0) > 126
          ? [...Buffer.from(c, 'utf8')].map(
              (b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`,
            )
          : [c],
      )
      const lines: string[] = []
      let current = ''
      for (const token of tokens) {
        if (current.length + token.length > 75) {
          lines.push(`${current}=`)
          current = ''
        }
        current += token
      }
      lines.push(current)
      return lines.join('\r\n')
    })
    .join('\r\n')

/** A signed-in client of the test's mailbox, to append and count messages. */
export const mailboxClient = async (server: ImapServer): Promise<ImapFlow> => {
  const client = new ImapFlow({
    auth: { pass: server.pass, user: server.user },
    disableAutoIdle: true,
    host: '127.0.0.1',
    logger: false,
    port: server.port,
    secure: false,
  })
  client.on('error', () => {})
  await client.connect()
  return client
}

/** Appends messages to the server's INBOX. */
export const appendMessages = async (server: ImapServer, messages: string[]): Promise<void> => {
  const client = await mailboxClient(server)
  try {
    for (const message of messages) await client.append('INBOX', message)
  } finally {
    await client.logout()
  }
}

/** How many messages each folder holds (0 for one that does not exist yet). */
export const folderCounts = async (
  server: ImapServer,
  folders: string[] = ['INBOX', 'Processed', 'Failed'],
): Promise<Record<string, number>> => {
  const client = await mailboxClient(server)
  try {
    const counts: Record<string, number> = {}
    for (const folder of folders) {
      counts[folder] = await client
        .status(folder, { messages: true })
        .then((status) => (status ? (status.messages ?? 0) : 0))
        .catch(() => 0)
    }
    return counts
  } finally {
    await client.logout()
  }
}
