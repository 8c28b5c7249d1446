/**
 * E-mail (password resets, first-user and verification messages). With SMTP_URL set
 * (`smtp://user:password@host:587`, or `smtps://…` for TLS from the first byte) messages are
 * sent through that server; a message that cannot be handed over is a 503, never a silent loss.
 * Without it nothing is sent: in local mode (no DATABASE_URL) the message's links are logged, so
 * a local user can still reset a password; elsewhere only its recipient and subject are, as a
 * reset link in a production log would be a credential.
 */
import type { Transporter } from 'nodemailer'
import { APIError, type EmailAdapter } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { settings } from '@/lib/settings'

export const EMAIL_UNAVAILABLE = 'The e-mail could not be sent. Try again later.'

const transporters = new Map<string, Transporter>()

/**
 * One transport per SMTP_URL (read when a message is sent, so it may change while running).
 * nodemailer is loaded with the first message: most processes send none, and it is about 40
 * modules on every start.
 */
const transporterFor = async (url: string): Promise<Transporter> => {
  let transporter = transporters.get(url)
  if (!transporter) {
    const { default: nodemailer } = await import('nodemailer')
    const timeout = settings('email').SMTP_TIMEOUT_MS
    const parsed = new URL(url)
    const secure = parsed.protocol === 'smtps:'
    transporter = nodemailer.createTransport({
      auth: parsed.username
        ? {
            pass: decodeURIComponent(parsed.password),
            user: decodeURIComponent(parsed.username),
          }
        : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      host: parsed.hostname,
      port: Number(parsed.port) || (secure ? 465 : 587),
      secure,
      socketTimeout: timeout,
    })
    transporters.set(url, transporter)
  }
  return transporter
}

const linksIn = (html: unknown): string[] =>
  typeof html === 'string' ? [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]) : []

export const emailAdapter: EmailAdapter = ({ payload }) => ({
  defaultFromAddress: settings('service').EMAIL_FROM,
  defaultFromName: 'Commerce service',
  name: 'smtp',
  sendEmail: async (message) => {
    const { SMTP_URL } = settings('email')
    if (!SMTP_URL) {
      const local = !process.env.DATABASE_URL
      payload.logger.warn(
        {
          subject: message.subject,
          to: message.to,
          ...(local ? { links: linksIn(message.html) } : {}),
        },
        'e-mail not sent: no mail transport is configured (SMTP_URL)',
      )
      return
    }
    try {
      return await (
        await transporterFor(SMTP_URL)
      ).sendMail({
        from: message.from ?? `"Commerce service" <${settings('service').EMAIL_FROM}>`,
        ...message,
      })
    } catch (error) {
      payload.logger.error(
        { code: isRecord(error) ? error.code : undefined, subject: message.subject },
        'e-mail could not be sent',
      )
      throw new APIError(EMAIL_UNAVAILABLE, 503)
    }
  },
})
