/**
 * No credit pull without authorization (FCRA 15 USC 1681b(a)(2), 1681b(f)): a credit app goes to
 * its provider only when its applicant, and its co-applicant when it has one, granted a
 * credit-report authorization, not revoked since, captured within CREDIT_AUTHORIZATION_WINDOW_DAYS
 * before now. One of the provider holds (src/providers/holds.ts).
 */
import type { PayloadRequest, Where } from 'payload'

import { relationId } from '@/lib/relationId'
import { settings } from '@/lib/settings'

import { type ApplicantRole, hasCoApplicant } from './kinds'
import { latestConsent } from './latest'

/** The fields of a credit app the hold reads (populated relations or ids). */
export type AppToHold = Record<string, unknown> & { id?: number | string }

type Person = { consumer?: number | string; role: ApplicantRole }

const DAY_MS = 86_400_000

/** The latest consent standing for one applicant of the app: for this app, or for the person. */
const latestAuthorization = async (req: PayloadRequest, app: AppToHold, person: Person) => {
  const scopes: Where[] = []
  if (app.id) scopes.push({ creditApp: { equals: app.id } })
  if (person.consumer)
    scopes.push({
      and: [{ creditApp: { exists: false } }, { consumer: { equals: person.consumer } }],
    })
  if (!scopes.length) return undefined
  return latestConsent(req, [
    { kind: { equals: 'credit-report-authorization' } },
    { role: { equals: person.role } },
    { or: scopes },
  ])
}

const describe = (person: Person) =>
  person.consumer ? `the ${person.role} (consumer ${person.consumer})` : `the ${person.role}`

/**
 * The applicants of the app without a standing authorization (none when
 * CREDIT_AUTHORIZATION_REQUIRED=false): the people a hold waits for, and whom staff are asked to
 * record one for.
 */
export const withoutAuthorization = async (
  req: PayloadRequest,
  app: AppToHold,
): Promise<Person[]> => {
  const { CREDIT_AUTHORIZATION_REQUIRED, CREDIT_AUTHORIZATION_WINDOW_DAYS: days } =
    settings('consents')
  if (!CREDIT_AUTHORIZATION_REQUIRED) return []
  const people: Person[] = [{ consumer: relationId(app.consumer), role: 'applicant' }]
  if (hasCoApplicant(app))
    people.push({ consumer: relationId(app.coApplicantConsumer), role: 'co-applicant' })
  const since = Date.now() - days * DAY_MS
  const missing: Person[] = []
  for (const person of people) {
    const latest = await latestAuthorization(req, app, person)
    const standing =
      latest?.action === 'grant' && new Date(latest.capturedAt ?? 0).getTime() >= since
    if (!standing) missing.push(person)
  }
  return missing
}

/**
 * Why the app may not be sent yet, naming each applicant without a standing authorization; null
 * when it may (or when CREDIT_AUTHORIZATION_REQUIRED=false).
 */
export const missingAuthorization = async (
  req: PayloadRequest,
  app: AppToHold,
): Promise<null | string> => {
  const missing = await withoutAuthorization(req, app)
  const days = settings('consents').CREDIT_AUTHORIZATION_WINDOW_DAYS
  return missing.length
    ? `waiting for a credit-report authorization of ${missing.map(describe).join(' and ')}: none granted in the last ${days} days, or revoked since`
    : null
}
