/**
 * Endpoint 1: an integrator's new credit app (`POST /api/creditapps`) of a generated consumer,
 * under one of their pre-approvals, on a vehicle, with the applicant's own values (SSN and birth
 * date among them), not yet sent to a provider. Against the baseline's hand-written transaction
 * of the same create (bench/http/baseline.ts): the consumer's data key and the title's names read,
 * then the row (its two values sealed with that key, its title and phone keys), its first version
 * and its audit entry written in one statement that answers the app at depth 2.
 */
import type pg from 'pg'

import { cycle, type Target, type Workload } from './workloads'

export const CREDIT_APP_WORKLOAD = 'POST /api/creditapps (a credit app, by an integrator key)'
export const CREDIT_APP_SENT_WORKLOAD =
  'POST /api/creditapps (sent to its provider: holds asked, job queued)'

/** A credit app's three relations, as a generated app names them. */
export type CreditAppParties = { consumer: string; preApproval: string; vehicle: string }

/** Parties of generated credit apps, picked at random. */
export const loadCreditAppParties = async (db: pg.Client): Promise<CreditAppParties[]> =>
  (
    await db.query<CreditAppParties>(
      `SELECT consumer_id AS consumer, pre_approval_id AS "preApproval", vehicle_id AS vehicle
         FROM credit_app ORDER BY random() LIMIT 500`,
    )
  ).rows

/**
 * The body an integrator sends: the parties and the applicant's values as given on the app, and
 * whether to send it to its provider.
 */
export const creditAppBody = (parties: CreditAppParties, toProvider = false): string =>
  JSON.stringify({
    ...parties,
    ...(toProvider && { toProvider }),
    birthDate: '1985-03-14',
    email: 'applicant@example.com',
    firstName: 'Bench',
    lastName: 'Applicant',
    phoneNumber: '(646) 555-0100',
    provider: 'provider_a',
    ssn: '900-12-3456',
  })

/** The service's target: the apps of `parties` in turn, sent to their provider or not. */
const serviceTarget = (
  parties: CreditAppParties[],
  authorization: string,
  toProvider: boolean,
): Target => {
  const next = cycle(parties)
  return {
    label: 'service',
    on: 'service',
    request: () => ({
      body: creditAppBody(next(), toProvider),
      headers: { authorization },
      method: 'POST',
      path: '/api/creditapps',
    }),
  }
}

export const creditAppWorkload = (parties: CreditAppParties[], authorization: string): Workload => {
  const next = cycle(parties)
  return {
    name: CREDIT_APP_WORKLOAD,
    targets: [
      serviceTarget(parties, authorization, false),
      {
        label: 'baseline',
        on: 'baseline',
        request: () => ({ body: creditAppBody(next()), method: 'POST', path: '/creditapps' }),
      },
    ],
  }
}

/**
 * Apps sent to their provider, by applicants who authorized a credit report: each app's holds
 * asked (sanctions, the authorization), its submission stamped and its job queued (no job runs).
 * The service alone (with its compiled writes off beside it): no baseline does this work.
 */
export const creditAppSentWorkload = (
  parties: CreditAppParties[],
  authorization: string,
): Workload => ({
  name: CREDIT_APP_SENT_WORKLOAD,
  targets: [serviceTarget(parties, authorization, true)],
})
