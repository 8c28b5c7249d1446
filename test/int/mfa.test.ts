/**
 * Multi-factor sign-in over real HTTP: staff admins set up an authenticator app at their first
 * sign-in and cannot sign in without a valid code afterwards; codes are single-use, wrong ones
 * count toward the lockout, recovery codes work once, secrets are stored encrypted, and a
 * password reset does not bypass the second factor.
 */
import crypto from 'node:crypto'

import { afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from 'drizzle-orm'
import { generateSync } from 'otplib'

import { type StaffRole, staffRoles } from '../../access/roles'
import { sendJson } from '../helpers/http'
import { createPrincipals, type Principal } from '../helpers/principals'
import { useTestService } from '../helpers/service'

// Every test here signs in several times: more than the default budget of sign-ins per address.
process.env.RATE_LIMIT_AUTH = '10000'
const context = useTestService()
let admin: Principal
let staff: Principal

beforeAll(async () => {
  ;({ staff, staffAdmin: admin } = await createPrincipals(context.service.payload))
})
afterEach(() => {
  delete process.env.MFA_REQUIRED
})

/** A code for `secret` one period from now: still within the accepted drift, never a replay of the last. */
const codeFor = (secret: string, periods = 0) =>
  generateSync({ epoch: Math.floor(Date.now() / 1000) + periods * 30, secret })

const newUser = async (role: StaffRole) => {
  const email = `mfa-${role}-${crypto.randomBytes(4).toString('hex')}@example.com`
  const password = crypto.randomBytes(12).toString('hex')
  const company =
    role === 'dealer'
      ? (await context.service.payload.create({ collection: 'company', data: { name: email } })).id
      : undefined
  const user = await context.service.payload.create({
    collection: 'users',
    data: { company, email, password, role },
  })
  return { email, id: user.id, password }
}

const login = (body: Record<string, unknown>) =>
  sendJson(context.service, 'POST', '/api/users/login', { body })

/** The user a session token signs in, or null when it signs in no one (refused with 401). */
const me = async (token: string) => {
  const answer = await sendJson(context.service, 'GET', '/api/users/me', {
    headers: { Authorization: `JWT ${token}` },
  })
  if (answer.status === 401) return null
  expect(answer.status).toBe(200)
  return answer.body.user
}

/** Signs `who` in for the first time, setting up the app; returns the secret and recovery codes. */
const enrol = async (who: { email: string; password: string }) => {
  const challenge = await login({ email: who.email, password: who.password })
  const { enrolmentToken, secret } = challenge.body.errors[0].data
  const done = await login({ ...who, code: codeFor(secret), enrolmentToken })
  expect(done.status).toBe(200)
  return { recoveryCodes: done.body.user.recoveryCodes as string[], secret, token: done.body.token }
}

const storedFactor = async (id: number | string) =>
  (
    await context.service.payload.db.drizzle.execute(
      sql`SELECT mfa_secret, mfa_recovery_codes, login_attempts, lock_until FROM users WHERE id = ${id}`,
    )
  ).rows[0] as Record<string, any>

const unlock = (id: number | string) =>
  context.service.payload.db.drizzle.execute(
    sql`UPDATE users SET login_attempts = 0, lock_until = NULL WHERE id = ${id}`,
  )

describe('setting up the second factor at the first sign-in', () => {
  it('refuses an admin without one, offering a new key, and issues no session', async () => {
    const who = await newUser('admin')
    const answer = await login({ email: who.email, password: who.password })
    expect(answer.status).toBe(401)
    const refusal = answer.body.errors[0]
    expect(refusal.message).toMatch(/second factor/)
    expect(refusal.data).toEqual({
      enrolmentToken: expect.any(String),
      mfa: 'enrol',
      secret: expect.stringMatching(/^[A-Z2-7]{16,}$/),
      uri: expect.stringMatching(/^otpauth:\/\/totp\/.+secret=/),
    })
    expect(decodeURIComponent(refusal.data.uri)).toContain(who.email)
    expect(answer.headers['set-cookie'] ?? '').not.toMatch(/payload-token=[^;]/)
  })

  it('does not set up with a wrong code or with the token of another account', async () => {
    const who = await newUser('admin')
    const other = await newUser('admin')
    const { enrolmentToken, secret } = (await login(who)).body.errors[0].data
    const wrong = await login({ ...who, code: codeFor(secret, 4), enrolmentToken })
    expect(wrong.status).toBe(401)
    expect(wrong.body.errors[0].data).toEqual({ mfa: 'enrol-code' })
    const stolen = await login({
      email: other.email,
      password: other.password,
      code: codeFor(secret),
      enrolmentToken,
    })
    expect(stolen.status).toBe(401)
    expect(stolen.body.errors[0].data).toEqual({ mfa: 'enrol-expired' })
    const forged = await login({ ...who, code: codeFor(secret), enrolmentToken: 'enc:v1:x:y:z:w' })
    expect(forged.body.errors[0].data).toEqual({ mfa: 'enrol-expired' })
    expect((await storedFactor(who.id)).mfa_secret).toBeNull()
  })

  it('sets up with a code from the key, signs in and shows ten recovery codes once', async () => {
    const who = await newUser('admin')
    const { recoveryCodes, secret, token } = await enrol(who)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    const user = await me(token)
    expect(user).toMatchObject({ email: who.email, mfaEnabled: true })
    expect(user).not.toHaveProperty('mfaSecret')
    expect(user).not.toHaveProperty('mfaRecoveryCodes')
    expect(user).not.toHaveProperty('recoveryCodes')
    // Stored encrypted and hashed: neither the key nor a recovery code is in the row.
    const stored = JSON.stringify(await storedFactor(who.id))
    expect(stored).toMatch(/enc:v1:/)
    expect(stored).not.toContain(secret)
    for (const each of recoveryCodes) expect(stored).not.toContain(each)
  })
})

describe('two first sign-ins at once', () => {
  it('let exactly one finish setting up; the other gets a 409 and no session', async () => {
    const who = await newUser('admin')
    // Two people (or two tabs) each got a key of their own, and finish with it at the same moment.
    const challenges = await Promise.all([login(who), login(who)])
    const keys = challenges.map(({ body }) => body.errors[0].data)
    const finished = await Promise.all(
      keys.map(({ enrolmentToken, secret }) =>
        login({ ...who, code: codeFor(secret), enrolmentToken }),
      ),
    )
    expect(finished.map(({ status }) => status).sort()).toEqual([200, 409])
    const loser = finished.find(({ status }) => status === 409)!
    expect(loser.body.token).toBeUndefined()
    expect(loser.body.errors[0].message).toMatch(/already set up/)
    // The winner's key is the one stored: its next code signs in.
    const winner = keys[finished.findIndex(({ status }) => status === 200)]
    const next = await login({ ...who, code: codeFor(winner.secret, 1) })
    expect(next.status).toBe(200)
  })
})

describe('signing in with the second factor', () => {
  let who: Awaited<ReturnType<typeof newUser>>
  let factor: Awaited<ReturnType<typeof enrol>>
  beforeAll(async () => {
    who = await newUser('admin')
    factor = await enrol(who)
  })

  it('asks for the code after a correct password, and accepts a current one', async () => {
    const asked = await login(who)
    expect(asked.status).toBe(401)
    expect(asked.body.errors[0]).toMatchObject({
      data: { mfa: 'code' },
      message: 'Enter the 6-digit code from your authenticator app.',
    })
    const signedIn = await login({ ...who, code: codeFor(factor.secret, 1) })
    expect(signedIn.status).toBe(200)
    expect((await me(signedIn.body.token)).email).toBe(who.email)
  })

  it('refuses a code used before, a wrong code and junk, without a 500', async () => {
    const code = codeFor(factor.secret, -1)
    // The code of the period before may or may not have been used by now; once used it is refused.
    await login({ ...who, code })
    const replayed = await login({ ...who, code })
    expect(replayed.status).toBe(401)
    for (const junk of ['000000', '12345', 'abcdef', 123456, { $ne: 1 }, 'x'.repeat(5000)]) {
      const answer = await login({ ...who, code: junk })
      expect(answer.status).toBe(401)
      expect(answer.body.errors[0].data.mfa).toBe('code')
      await unlock(who.id) // each wrong code counts toward the lockout (tested below)
    }
  })

  it('holds every spelling of the sign-in route to the code and to the sign-in budget', async () => {
    for (const path of ['/api/users/LOGIN', '/api/users/Login']) {
      const answer = await sendJson(context.service, 'POST', path, { body: who })
      expect(answer.status).toBe(401)
      expect(answer.body.errors[0].data).toEqual({ mfa: 'code' })
      expect(answer.headers['ratelimit-limit']).toBe(process.env.RATE_LIMIT_AUTH)
    }
  })

  it('accepts each recovery code once', async () => {
    const [first] = factor.recoveryCodes
    const used = await login({ ...who, recoveryCode: first.toUpperCase().replace('-', ' ') })
    expect(used.status).toBe(200)
    const again = await login({ ...who, recoveryCode: first })
    expect(again.status).toBe(401)
    expect(again.body.errors[0].data).toEqual({ mfa: 'code' })
  })

  it('accepts a code once even when it is sent ten times at once, and consumes recovery codes used together', async () => {
    const racer = await newUser('admin')
    const factor = await enrol(racer)
    const code = codeFor(factor.secret, 1)
    const answers = await Promise.all(Array.from({ length: 10 }, () => login({ ...racer, code })))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    await unlock(racer.id) // the nine refused copies counted toward the lockout
    const [first, second] = factor.recoveryCodes
    const both = await Promise.all([
      login({ ...racer, recoveryCode: first }),
      login({ ...racer, recoveryCode: second }),
    ])
    expect(both.map((answer) => answer.status)).toEqual([200, 200])
    for (const used of [first, second]) {
      expect((await login({ ...racer, recoveryCode: used })).status).toBe(401)
    }
    await unlock(racer.id)
  })

  it('gives every one of six sign-ins at once a session that works', async () => {
    process.env.MFA_REQUIRED = 'admins'
    const crowd = await newUser('staff')
    const answers = await Promise.all(Array.from({ length: 6 }, () => login(crowd)))
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200))
    for (const answer of answers) expect((await me(answer.body.token))?.email).toBe(crowd.email)
  })

  it('refuses with a 401, not a foreign-key error, the sign-in of a user deleted while it waited for the row', async () => {
    const doomed = await newUser('staff')
    const pool = (context.service.payload.db as unknown as { pool: import('pg').Pool }).pool
    const holder = await pool.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [doomed.id])
      const signingIn = login(doomed)
      // The sign-in has checked the password and waits for the user's row (its FOR UPDATE).
      let waiting = 0
      for (let tries = 0; tries < 400 && waiting === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25))
        // Not on the holder: inside a transaction, pg_stat_activity is a snapshot taken once.
        const { rows } = await pool.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND query ILIKE '%for update%'`,
        )
        waiting = rows[0].waiting
      }
      expect(waiting).toBe(1)
      await holder.query('DELETE FROM users WHERE id = $1', [doomed.id])
      await holder.query('COMMIT')
      const answer = await signingIn
      expect(answer.status).toBe(401)
      expect(answer.body.token).toBeUndefined()
    } finally {
      holder.release()
    }
  })

  it('keeps an admin’s change to a user who is signing in and refreshing meanwhile', async () => {
    const busy = await newUser('staff')
    const token = (await login(busy)).body.token
    let stop = false
    const refreshing = (async () => {
      while (!stop) {
        await sendJson(context.service, 'POST', '/api/users/refresh-token', {
          headers: { Authorization: `JWT ${token}` },
        })
        await login(busy)
      }
    })()
    const changed = await sendJson(context.service, 'PATCH', `/api/users/${busy.id}`, {
      body: { name: 'Renamed Meanwhile', role: 'admin' },
      headers: admin.headers,
    })
    expect(changed.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 300))
    stop = true
    await refreshing
    const stored = await context.service.payload.findByID({ collection: 'users', id: busy.id })
    expect(stored).toMatchObject({ name: 'Renamed Meanwhile', role: 'admin' })
  })

  it('counts wrong codes toward the lockout, which then refuses a right one', async () => {
    const locked = await newUser('admin')
    const { secret } = await enrol(locked)
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login({ ...locked, code: '000000' })).status).toBe(401)
    }
    const stored = await storedFactor(locked.id)
    expect(Number(stored.login_attempts)).toBeGreaterThanOrEqual(5)
    expect(stored.lock_until).not.toBeNull()
    const answer = await login({ ...locked, code: codeFor(secret, 1) })
    expect(answer.status).toBe(401)
    expect(answer.body.errors[0].message).toMatch(/locked/i)
  })
})

describe('who must have a second factor', () => {
  it.each(staffRoles)(
    'asks a %s for a second factor at the first sign-in by default',
    async (role) => {
      const answer = await login(await newUser(role))
      expect(answer.status).toBe(401)
      expect(answer.body.errors[0].data.mfa).toBe('enrol')
    },
  )

  it('lets staff other than admins sign in with a password alone only when MFA_REQUIRED=admins', async () => {
    process.env.MFA_REQUIRED = 'admins'
    const who = await newUser('staff')
    expect((await login(who)).status).toBe(200)
    expect((await login(await newUser('admin'))).body.errors[0].data.mfa).toBe('enrol')
    delete process.env.MFA_REQUIRED
    expect((await login(who)).body.errors[0].data.mfa).toBe('enrol')
  })

  it('leaves API keys alone', async () => {
    const { clientAdmin } = await createPrincipals(context.service.payload)
    const answer = await sendJson(context.service, 'GET', '/api/lead?limit=1', {
      headers: clientAdmin.headers,
    })
    expect(answer.status).toBe(200)
  })
})

describe('password reset', () => {
  it('changes the password but issues no session; the next sign-in asks for the code', async () => {
    const who = await newUser('admin')
    const { secret } = await enrol(who)
    const resetToken = await context.service.payload.forgotPassword({
      collection: 'users',
      data: { email: who.email },
      disableEmail: true,
    })
    const reset = await sendJson(context.service, 'POST', '/api/users/reset-password', {
      body: { password: 'a new Passw0rd!', token: resetToken },
    })
    expect(reset.status).toBe(200)
    expect(await me(reset.body.token)).toBeNull()
    const asked = await login({ email: who.email, password: 'a new Passw0rd!' })
    expect(asked.body.errors[0].data).toEqual({ mfa: 'code' })
    const signedIn = await login({
      email: who.email,
      password: 'a new Passw0rd!',
      code: codeFor(secret, 1),
    })
    expect(signedIn.status).toBe(200)
  })
})

describe('POST /api/users/:id/mfa-reset', () => {
  it('lets an admin clear it, ending the person’s sessions; they set it up again', async () => {
    const who = await newUser('admin')
    const { token } = await enrol(who)
    const answer = await sendJson(context.service, 'POST', `/api/users/${who.id}/mfa-reset`, {
      headers: admin.headers,
    })
    expect(answer.status).toBe(200)
    expect(await me(token)).toBeNull()
    expect((await login(who)).body.errors[0].data.mfa).toBe('enrol')
  })

  it('is 401 without a caller, 403 for staff and 404 for no such user', async () => {
    const who = await newUser('staff')
    const path = `/api/users/${who.id}/mfa-reset`
    expect((await sendJson(context.service, 'POST', path)).status).toBe(401)
    expect((await sendJson(context.service, 'POST', path, { headers: staff.headers })).status).toBe(
      403,
    )
    const missing = await sendJson(context.service, 'POST', '/api/users/999999/mfa-reset', {
      headers: admin.headers,
    })
    expect(missing.status).toBe(404)
  })

  it('cannot be set through the API', async () => {
    const who = await newUser('staff')
    const answer = await sendJson(context.service, 'PATCH', `/api/users/${who.id}`, {
      body: { mfaEnabled: true, mfaSecret: 'JBSWY3DPEHPK3PXP' },
      headers: admin.headers,
    })
    expect(answer.status).toBe(200)
    const stored = await storedFactor(who.id)
    expect(stored.mfa_secret).toBeNull()
    expect(answer.body.doc.mfaEnabled).toBe(false)
  })
})
