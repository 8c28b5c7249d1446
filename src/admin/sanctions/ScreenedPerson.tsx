/**
 * On a sanctions match's page, beside the list entry's remarks (which give its birth dates and
 * places): the screened person as the app or deal gives them now, with the birth date and
 * address the score was set against, so a reviewer compares the two without leaving the page.
 * Read as the viewer: a subject they may not read shows nothing of its people.
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { mailingAddress } from '@/compliance/adverseAction/notices'
import { peopleOfCreditApp, peopleOfDeal } from '@/compliance/sanctions/screen'
import { isRecord } from '@/lib/isRecord'
import { relationId } from '@/lib/relationId'

const RELATIONS = {
  applicant: 'consumer',
  buyer: 'customer',
  co_applicant: 'coApplicantConsumer',
  co_buyer: 'coBuyerOrCoSellerCustomer',
} as const

type Role = keyof typeof RELATIONS
const isRole = (value: unknown): value is Role => typeof value === 'string' && value in RELATIONS

const muted = { color: 'var(--theme-elevation-500)' }

export const ScreenedPerson: UIFieldServerComponent = async ({ data, req }) => {
  const kind = data?.subjectCollection
  const id = data?.subjectId
  const role: unknown = data?.role
  if ((kind !== 'credit-app' && kind !== 'deal') || typeof id !== 'string' || !isRole(role))
    return null
  const subject = await req.payload
    .findByID({ collection: kind, depth: 2, disableErrors: true, id, overrideAccess: false, req })
    .catch(() => null)
  if (!isRecord(subject)) return null
  const people =
    kind === 'credit-app' ? await peopleOfCreditApp(req, subject) : await peopleOfDeal(req, subject)
  const person = people.find((candidate) => candidate.role === role)
  const holder = subject[RELATIONS[role]]
  const first = relationId(
    isRecord(holder) && Array.isArray(holder.addresses) ? holder.addresses[0] : null,
  )
  // Read on its own: at the subject's depth its city and state are ids.
  const record = first
    ? await req.payload
        .findByID({
          collection: 'address',
          depth: 2,
          disableErrors: true,
          id: first,
          overrideAccess: false,
          req,
        })
        .catch(() => null)
    : null
  const address = mailingAddress(record) ?? person?.city
  return (
    <section aria-label="Screened person" className="field-type" style={{ marginBottom: '1rem' }}>
      <span className="field-label" style={{ display: 'block' }}>
        The person screened, as the {kind === 'deal' ? 'deal' : 'app'} gives them now
      </span>
      <dl
        data-screened-person
        style={{
          display: 'grid',
          gap: '0.25rem 1rem',
          gridTemplateColumns: 'max-content 1fr',
          margin: 0,
        }}
      >
        <dt style={muted}>Name</dt>
        <dd style={{ margin: 0 }}>{person?.name ?? String(data?.screenedName ?? '')}</dd>
        <dt style={muted}>Birth date</dt>
        <dd data-birth-date style={{ margin: 0 }}>
          {person?.birthDate ?? (kind === 'deal' ? 'not held for deal customers' : 'not on file')}
        </dd>
        <dt style={muted}>Address</dt>
        <dd data-address style={{ margin: 0 }}>
          {address ?? 'not on file'}
        </dd>
      </dl>
    </section>
  )
}
