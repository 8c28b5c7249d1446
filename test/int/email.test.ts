/**
 * E-mail through a real SMTP server on 127.0.0.1: a password reset is sent and its link's token
 * resets the password; with the server down the request is a 503, not a silent success.
 */
import crypto from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { EMAIL_UNAVAILABLE } from '@/email/adapter'

import { sendJson } from '../helpers/http'
import { signInOverRest } from '../helpers/restSignIn'
import { useTestService } from '../helpers/service'
import { firstLink, type SmtpCapture, startSmtpCapture } from '../helpers/smtpServer'

// Read when the service starts.
process.env.EMAIL_FROM = 'desk@commerce.example'
const context = useTestService()
let smtp: SmtpCapture

beforeAll(async () => {
  smtp = await startSmtpCapture()
  process.env.SMTP_URL = smtp.url
  // Links in e-mails point at SERVER_URL (read when a mail is written).
  process.env.SERVER_URL = context.service.url
})
afterAll(async () => {
  delete process.env.SMTP_URL
  delete process.env.SERVER_URL
  delete process.env.EMAIL_FROM
  await smtp?.close()
})

const newStaff = async () => {
  const email = `reset-${crypto.randomBytes(4).toString('hex')}@example.com`
  await context.service.payload.create({
    collection: 'users',
    data: { email, password: crypto.randomBytes(12).toString('hex'), role: 'staff' },
  })
  return email
}

describe('password reset by e-mail', () => {
  it('sends the reset link, whose token sets a new password', async () => {
    const email = await newStaff()
    const asked = await sendJson(context.service, 'POST', '/api/users/forgot-password', {
      body: { email },
    })
    expect(asked.status).toBe(200)
    const mail = await smtp.waitFor(email)
    expect(mail.from).toBe('desk@commerce.example')
    const link = new URL(firstLink(mail))
    expect(link.origin).toBe(context.service.url)
    expect(link.pathname).toMatch(/^\/admin\/reset\/[\w-]+$/)
    const token = link.pathname.split('/').pop()
    const reset = await sendJson(context.service, 'POST', '/api/users/reset-password', {
      body: { password: 'a new Passw0rd!', token },
    })
    expect(reset.status).toBe(200)
    const login = await signInOverRest(context.service, { email, password: 'a new Passw0rd!' })
    expect(login.status).toBe(200)
  })

  it('is a 503 saying so when the SMTP server cannot be reached', async () => {
    const email = await newStaff()
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'
    try {
      const asked = await sendJson(context.service, 'POST', '/api/users/forgot-password', {
        body: { email },
      })
      expect(asked.status).toBe(503)
      expect(asked.body.errors[0].message).toBe(EMAIL_UNAVAILABLE)
    } finally {
      process.env.SMTP_URL = smtp.url
    }
  })
})
