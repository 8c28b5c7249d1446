/**
 * A lead vendor's submission: a `lead-source` key posting a new person as a lead
 * (`POST /api/lead`), against the baseline's hand-written transaction of the same create
 * (bench/http/baseline.ts): the duplicate locks taken and the duplicate lookup made, the row with
 * its title, phone keys and match keys, and its outbox row (one endpoint is subscribed to
 * `lead.created`), answered with the id alone as a lead-source key is. Every submission is a new
 * person (its own e-mail and phone), so neither side merges; no location, consumer or VIN is named
 * (a lead-source key may name none but the VIN, and VIN lookups have their own benchmark).
 */
import type { Request } from './load'
import type { Workload } from './workloads'

export const LEAD_CREATE_WORKLOAD = 'POST /api/lead (a new lead, by a lead-source key)'

/**
 * The n-th submission of a sender: an e-mail and a phone number no other submission has. Each
 * sender (`first`: the first of its 1,000,000 numbers) has numbers of its own, so the service's
 * and the baseline's leads never match one another by name and phone.
 */
export const leadBody = (sender: string, first: number, n: number): string => {
  // Exchanges 200–999 and lines 0000–9999: 8,000,000 numbers.
  const number = (first + n) % 8_000_000
  return JSON.stringify({
    email: `buyer.${sender}.${n}@example.com`,
    firstName: 'Jordan',
    lastName: `Buyer ${sender} ${n}`,
    phoneNumber: `(646) ${200 + Math.floor(number / 10_000)}-${String(number % 10_000).padStart(4, '0')}`,
    source: 'website',
  })
}

/** The senders' first numbers: the service's, the baseline's and the setup's. */
export const SENDERS = { baseline: 1_000_000, service: 0, setup: 2_000_000 } as const

export const leadCreateWorkload = (authorization: string): Workload => {
  const next = (sender: keyof typeof SENDERS, path: string, headers?: Record<string, string>) => {
    let sent = 0
    return (): Request => ({
      body: leadBody(sender, SENDERS[sender], sent++),
      headers,
      method: 'POST',
      path,
    })
  }
  return {
    name: LEAD_CREATE_WORKLOAD,
    targets: [
      {
        label: 'service',
        on: 'service',
        request: next('service', '/api/lead', { authorization }),
      },
      { label: 'baseline', on: 'baseline', request: next('baseline', '/leads') },
    ],
  }
}
