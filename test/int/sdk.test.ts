/**
 * Payload's own client, `@payloadcms/sdk`, against the service over HTTP: the paths Payload's REST
 * serves (lead events, VDP e-mails, error records, staff sign-in) answer as that client expects,
 * typed by the generated types, with its query options and its error class.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { PayloadSDK, PayloadSDKError } from '@payloadcms/sdk'

import type { Config } from '../../payload-types'
import { freshCode, newFactor } from '../helpers/adminSignIn'
import { createLeadRecords } from '../helpers/leadSide'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
let sdk: PayloadSDK<Config>
let records: Awaited<ReturnType<typeof createLeadRecords>>

const as = (who: keyof typeof context.who) => ({ headers: context.who[who].headers })

/** What the call threw, as the SDK's error. */
const failure = async (call: Promise<unknown>): Promise<PayloadSDKError> => {
  try {
    await call
  } catch (error) {
    if (error instanceof PayloadSDKError) return error
    throw error
  }
  throw new Error('the call succeeded')
}

beforeAll(async () => {
  sdk = new PayloadSDK<Config>({ baseURL: `${context.service.url}/api` })
  records = await createLeadRecords(context.service.payload)
})

describe('lead events through the SDK', () => {
  it('an API-key holder updates one and gets the saved document', async () => {
    const doc = await sdk.update(
      {
        collection: 'leadEvents',
        data: { nextSteps: 'Call back Friday', status: 'Searching' },
        depth: 0,
        id: records.eventId,
      },
      as('leadAgent'),
    )
    expect(doc).toMatchObject({
      id: records.eventId,
      lead: records.leadId,
      nextSteps: 'Call back Friday',
      status: 'Searching',
    })
  })

  it('depth populates the lead; select narrows the answer', async () => {
    const deep = await sdk.findByID(
      { collection: 'leadEvents', depth: 1, id: records.eventId },
      as('staff'),
    )
    expect(deep.lead).toMatchObject({ email: 'maria.gonzalez@example.com', id: records.leadId })
    const narrow = await sdk.findByID(
      { collection: 'leadEvents', id: records.eventId, select: { status: true } },
      as('staff'),
    )
    expect(Object.keys(narrow).sort()).toEqual(['id', 'status'])
  })

  it('a bad value is the SDK error with status 400 and the field named', async () => {
    const error = await failure(
      sdk.update(
        { collection: 'leadEvents', data: { type: 'Not a type' as never }, id: records.eventId },
        as('leadAgent'),
      ),
    )
    expect(error.status).toBe(400)
    expect(JSON.stringify(error.errors)).toContain('"path":"type"')
  })

  it('an integrator is refused with 403, an unknown id with 404', async () => {
    const data = { status: 'Searching' as const }
    const refused = await failure(
      sdk.update({ collection: 'leadEvents', data, id: records.eventId }, as('integrator')),
    )
    expect(refused.status).toBe(403)
    const missing = await failure(
      sdk.update({ collection: 'leadEvents', data, id: 99_999_999 }, as('leadAgent')),
    )
    expect(missing).toMatchObject({ message: 'Not Found', status: 404 })
  })
})

describe('VDP e-mails through the SDK', () => {
  it('updates the VINs of one; vinCount follows', async () => {
    const doc = await sdk.update(
      {
        collection: 'vdpEmails',
        data: { vins: records.vinIds.slice(0, 1) },
        depth: 0,
        id: records.emailId,
      },
      as('leadAgent'),
    )
    expect(doc).toMatchObject({
      id: records.emailId,
      vinCount: '1',
      vins: records.vinIds.slice(0, 1),
    })
  })
})

describe('error records through the SDK', () => {
  it('anyone creates one; staff list them with where, sort, limit and page, and count them', async () => {
    for (const message of ['SDK one', 'SDK two', 'SDK three'])
      await sdk.create({ collection: 'errors', data: { message, source: 'sdk' } })
    const where = { source: { equals: 'sdk' } } as const
    const page = await sdk.find(
      { collection: 'errors', limit: 2, page: 2, sort: 'createdAt', where },
      as('staff'),
    )
    expect(page).toMatchObject({ hasPrevPage: true, page: 2, totalDocs: 3, totalPages: 2 })
    expect(page.docs.map((doc) => doc.message)).toEqual(['SDK three'])
    expect(await sdk.count({ collection: 'errors', where }, as('staff'))).toEqual({ totalDocs: 3 })
  })

  it('an anonymous list is refused with 401', async () => {
    expect((await failure(sdk.find({ collection: 'errors' }))).status).toBe(401)
  })
})

describe('staff sign-in through the SDK', () => {
  it('logs in, setting up the second factor it is asked for, and the token reads back its own user', async () => {
    const { email, password } = context.who.staff.login!
    // Every staff user has a second factor: the first sign-in is refused with the key to set up.
    const asked = await failure(sdk.login({ collection: 'users', data: { email, password } }))
    expect(asked.status).toBe(401)
    const { enrolmentToken, mfa, secret } = asked.errors[0].data as Record<string, string>
    expect(mfa).toBe('enrol')
    const withCode = { code: freshCode(newFactor(secret)), email, enrolmentToken, password }
    const { token, user } = await sdk.login({ collection: 'users', data: withCode })
    expect(user).toMatchObject({ email, role: 'staff' })
    const me = await sdk.me({ collection: 'users' }, { headers: { Authorization: `JWT ${token}` } })
    expect(me.user).toMatchObject({ email, id: user.id })
  })

  it('a wrong password is the SDK error with status 401', async () => {
    const { email } = context.who.staff.login!
    const error = await failure(
      sdk.login({ collection: 'users', data: { email, password: 'not the password' } }),
    )
    expect(error.status).toBe(401)
  })
})
