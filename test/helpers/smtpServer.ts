import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

export type Mail = { from: string; raw: string; to: string[] }

export type SmtpCapture = {
  close: () => Promise<void>
  mails: Mail[]
  url: string
  /** Resolves with the first mail to `to` (rejects after `ms`). */
  waitFor: (to: string, ms?: number) => Promise<Mail>
}

/** A real SMTP server on 127.0.0.1 that takes every message (with any credentials) and keeps it. */
export const startSmtpCapture = async (): Promise<SmtpCapture> => {
  const mails: Mail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    close: () => new Promise((resolve) => server.close(() => resolve())),
    mails,
    url: `smtp://mailer:secret@127.0.0.1:${port}`,
    waitFor: async (to, ms = 20_000) => {
      const deadline = Date.now() + ms
      for (;;) {
        const mail = mails.find((item) => item.to.includes(to))
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
  }
}

/** The first link of a mail's body (quoted-printable soft breaks undone). */
export const firstLink = (mail: Mail): string => {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = body.match(/https?:\/\/[^\s"<>]+/)
  if (!match) throw new Error(`no link in the mail:\n${body.slice(0, 2000)}`)
  return match[0]
}
