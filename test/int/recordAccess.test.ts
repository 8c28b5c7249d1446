/**
 * What each role may do on each record collection, over HTTP. The expectations are written out
 * here as the roles are documented in docs/access.md, not derived from the access code.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { attempt, CALLERS, type Op, OPS } from '../helpers/attempt'
import type { PrincipalName } from '../helpers/principals'
import { randomVin, sampleRecords } from '../helpers/samples'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
/** A seeded lead, for the records that must name one. */
let lead: number
/** A seeded credit app, for the adverse-action notices that must name one. */
let creditApp: string
beforeAll(async () => {
  lead = (await context.service.payload.find({ collection: 'lead', limit: 1 })).docs[0].id
  creditApp = (await context.service.payload.find({ collection: 'credit-app', limit: 1 })).docs[0]
    .id
})

let serial = 0
const next = () => ++serial
const letters = (n: number) =>
  String.fromCharCode(65 + (((n / 26) | 0) % 26)) + String.fromCharCode(65 + (n % 26))

const samples: Record<string, () => object> = {
  ...sampleRecords,
  account: () => ({ anonymousIds: ['anon-x'] }),
  address: () => ({
    city: { name: 'Los Angeles', state: 'CA' },
    line1: `${next()} Main St`,
    zip: '90026',
  }),
  city: () => ({ name: `Town ${next()}`, state: 'CA' }),
  company: () => ({ name: `Company ${next()}` }),
  'credit-band': () => ({ name: `Band ${next()}` }),
  customer: () => ({ name: 'Customer' }),
  deal: () => ({ minimumBidPrice: 1 }),
  'do-not-contact': () => ({ lead, recordedBy: 'test' }),
  // A revocation names no disclosure; the service records who sent it.
  consents: () => ({
    action: 'revoke',
    consumer: 'con_demo_maria',
    kind: 'electronic-records',
    method: 'api',
  }),
  disclosures: () => ({ kind: 'electronic-records', text: 'You agree…', version: `v${next()}` }),
  errors: () => ({ message: 'Something broke' }),
  'mailbox-message': () => ({
    messageId: `<m${next()}@leads.example.com>`,
    receivedAt: '2026-11-27T10:00:00.000Z',
    status: 'processed',
  }),
  'adverse-action-notice': () => ({ applicantName: 'Ada Byron', creditApp, kind: 'declined' }),
  'sanctions-list': () => ({ entryCount: 0 }),
  'sanctions-match': () => ({
    entNum: 1,
    role: 'applicant',
    screenedName: 'Ada Byron',
    subjectCollection: 'credit-app',
    subjectId: creditApp,
  }),
  leadEvents: () => ({ status: 'Searching', type: 'Status Check' }),
  location: () => ({
    city: { name: 'Austin', state: 'TX' },
    companyId: 'com_demo_sunset',
    line1: '1 Main St',
    zip: '78701',
  }),
  state: () => ({ code: letters(next() + 100) }),
  vdpEmails: () => ({ vins: [] }),
  'lead-note': () => ({ body: 'Called back', lead }),
  'lead-appointment': () => ({ lead, startsAt: '2031-05-01T16:30:00.000Z' }),
  'lead-task': () => ({ dueAt: '2031-05-01T16:30:00.000Z', lead, what: 'Send the figures' }),
  listing: () => ({ price: 19999, vin: randomVin() }),
  vin: () => ({ vin: randomVin() }),
  'web-event': () => ({ name: 'page_viewed' }),
  'legal-holds': () => ({ consumer: 'con_demo_maria', reason: 'Litigation hold, matter 42' }),
  'consumer-requests': () => ({
    consumer: 'con_demo_maria',
    identityVerification: 'e-mail and phone on file matched',
    kind: 'access',
    receivedAt: '2026-11-20T10:00:00Z',
  }),
}

type Letters = string // a subset of "CRUD"
/** Grants of staff, integrator, lead agent and anonymous callers; admins may do everything unless `adminGrants` says otherwise. */
const grants: Record<
  string,
  [staff: Letters, integrator: Letters, leadAgent: Letters, anonymous?: Letters]
> = {
  // Credit data: staff may not delete it.
  'credit-app': ['CRU', 'CR', ''],
  'pre-approval': ['CRU', 'R', ''],
  'credit-band': ['CRU', 'R', ''],
  'credit-report': ['CRU', 'RU', ''],
  consumer: ['CRU', 'CR', ''],
  // Commerce records.
  deal: ['CRUD', 'R', ''],
  customer: ['CRUD', 'R', ''],
  contact: ['CRUD', 'RU', ''],
  company: ['CRUD', 'R', ''],
  location: ['CRUD', 'R', ''],
  address: ['CRUD', 'CR', ''],
  city: ['CRUD', 'CR', ''],
  state: ['CRUD', 'R', ''],
  account: ['CRUD', 'R', ''],
  // Recorded by admin API clients only, never changed; see adminGrants.
  'web-event': ['R', 'R', ''],
  vehicle: ['CRUD', 'R', ''],
  'vehicle-spec': ['CRUD', 'R', ''],
  listing: ['CRUD', 'R', ''],
  // Lead side.
  lead: ['CRUD', '', 'R'],
  leadEvents: ['CRUD', '', 'RU'],
  vdpEmails: ['CRUD', '', 'RU'],
  // Staff's notes, appointments and tasks at the lead desk: not for API keys other than admins'.
  'lead-note': ['CRUD', '', ''],
  'lead-appointment': ['CRUD', '', ''],
  'lead-task': ['CRUD', '', ''],
  vin: ['CRUD', '', 'R'],
  // Recorded by the service from lead events only, and kept; see adminGrants.
  'do-not-contact': ['R', '', ''],
  // Compliance records: kept, so nobody deletes one over the API (admins neither; see adminGrants).
  'legal-holds': ['CRU', '', ''],
  'consumer-requests': ['CRU', '', ''],
  // Compliance: consents are recorded and kept (nobody updates or deletes one; see adminGrants).
  consents: ['CR', 'CR', ''],
  disclosures: ['CRUD', 'R', ''],
  // Recorded by the lead mailbox only; admins may delete a row to have its message read again.
  'mailbox-message': ['R', '', ''],
  // Anyone may report an error.
  errors: ['CRUD', 'C', 'C', 'C'],
  // Compliance records, written by the service only and kept; see adminGrants.
  'adverse-action-notice': ['RU', '', ''],
  'sanctions-match': ['R', '', ''],
  // Read by who reviews its matches (its entries stay hidden).
  'sanctions-list': ['R', '', ''],
}

/** Collections where staff admins and admin API clients may not do everything: [staff admin, admin client]. */
const adminGrants: Record<string, [staffAdmin: Letters, clientAdmin: Letters]> = {
  'web-event': ['RD', 'CRD'],
  'do-not-contact': ['R', 'R'],
  consents: ['CR', 'CR'],
  'mailbox-message': ['RD', 'RD'],
  'adverse-action-notice': ['RU', 'RU'],
  'sanctions-match': ['R', 'R'],
  'sanctions-list': ['R', 'R'],
  'legal-holds': ['CRU', 'CRU'],
  'consumer-requests': ['CRU', 'CRU'],
}

const LETTER: Record<Op, string> = { create: 'C', delete: 'D', read: 'R', update: 'U' }

const expected = (collection: string, op: Op, caller: PrincipalName): boolean => {
  const [staff, integrator, leadAgent, anonymous = ''] = grants[collection]
  const [staffAdmin, clientAdmin] = adminGrants[collection] ?? ['CRUD', 'CRUD']
  const letters: Record<PrincipalName, string> = {
    anonymous,
    clientAdmin,
    disabledClient: '',
    integrator,
    leadAgent,
    staff,
    staffAdmin,
  }
  return letters[caller].includes(LETTER[op])
}

/** Staff and clients, uploaded files, the vendor cache and webhooks: their access is tested with them. */
const NOT_RECORDS = [
  'users',
  'api-clients',
  'media',
  'lookup-cache',
  'audit-log',
  // Admins only: tested with the webhooks (test/int/webhooks.test.ts).
  'webhook-endpoints',
  'webhook-deliveries',
]

it('covers every record collection', () => {
  const slugs = context.service.payload.config.collections
    .map((c) => c.slug)
    .filter((slug) => !slug.startsWith('payload-'))
  expect(Object.keys(grants).sort()).toEqual(
    slugs.filter((slug) => !NOT_RECORDS.includes(slug)).sort(),
  )
})

describe.each(Object.keys(grants))('%s', (collection) => {
  for (const op of OPS) {
    it.each(CALLERS)(`${op} as %s`, async (caller) => {
      const allowed = await attempt(context.service, context.who, {
        caller,
        collection,
        data: samples[collection],
        op,
      })
      expect(allowed).toBe(expected(collection, op, caller))
    })
  }
})
