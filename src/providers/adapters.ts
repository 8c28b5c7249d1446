/**
 * The two provider adapters: how a credit app becomes each provider's request, and what of the
 * answer names the application. The mappings are documented in docs/providers.md.
 */
import { isRecord } from '@/lib/isRecord'

import { credential, type ProviderSlug } from './config'

/** One applicant as the providers need it (decrypted values, never logged). */
export type Applicant = {
  birthDate: null | string
  email: null | string
  firstName: null | string
  lastName: null | string
  phoneNumber: null | string
  ssn: null | string
}

export type Application = {
  applicant: Applicant
  coApplicant: Applicant | null
  creditAppId: string
  preApprovalId: string
  vehicle: { make: null | string; model: null | string; vin: string; year: null | number }
}

export type ProviderAdapter = {
  /** Path under the base URL. */
  path: string
  headers: () => Record<string, string>
  body: (application: Application) => unknown
  /** The provider's own id of the application, when its answer gives one. */
  reference: (answer: unknown) => null | string
}

const digits = (value: null | string) => (value ? value.replace(/\D/g, '') : null)
const field = (answer: unknown, name: string): null | string => {
  const value = isRecord(answer) ? answer[name] : undefined
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null
}

/** Provider A: JSON in camelCase, a bearer API key. */
const providerA: ProviderAdapter = {
  path: '/applications',
  headers: () => ({ Authorization: `Bearer ${credential('PROVIDER_A_API_KEY')}` }),
  body: ({ applicant, coApplicant, creditAppId, preApprovalId, vehicle }) => ({
    applicant,
    coApplicant,
    externalReference: creditAppId,
    preApprovalReference: preApprovalId,
    vehicle,
  }),
  reference: (answer) => field(answer, 'id'),
}

const snakeApplicant = (applicant: Applicant) => ({
  date_of_birth: applicant.birthDate,
  email: applicant.email,
  first_name: applicant.firstName,
  last_name: applicant.lastName,
  phone: digits(applicant.phoneNumber),
  tax_id: digits(applicant.ssn),
})

/** Provider B: JSON in snake_case, digits-only SSN and phone, HTTP Basic client credentials. */
const providerB: ProviderAdapter = {
  path: '/v1/credit-applications',
  headers: () => ({
    Authorization: `Basic ${Buffer.from(`${credential('PROVIDER_B_CLIENT_ID')}:${credential('PROVIDER_B_CLIENT_SECRET')}`).toString('base64')}`,
  }),
  body: ({ applicant, coApplicant, creditAppId, vehicle }) => ({
    co_applicant: coApplicant && snakeApplicant(coApplicant),
    dealer_reference: creditAppId,
    primary_applicant: snakeApplicant(applicant),
    vehicle: { make: vehicle.make, model: vehicle.model, vin: vehicle.vin, year: vehicle.year },
  }),
  reference: (answer) => field(answer, 'application_id'),
}

export const adapters: Record<ProviderSlug, ProviderAdapter> = {
  provider_a: providerA,
  provider_b: providerB,
}
