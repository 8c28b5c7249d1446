/**
 * Screening on save: a credit app before it is stored (so the hold check that follows, in
 * markForProvider, sees its matches and holds the app), a deal after it is stored. Only a create, or a change to a
 * name, birth date or person relation, screens again.
 */
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { relationId } from '@/lib/relationId'

import type { CreditApp, Deal } from '../../../payload-types'
import { peopleOfCreditApp, peopleOfDeal, screenSubject } from './screen'

const PERSON_FIELDS = [
  'consumer',
  'firstName',
  'lastName',
  'birthDate',
  'coApplicantConsumer',
  'coApplicantFirstName',
  'coApplicantLastName',
  'coApplicantBirthDate',
  'customer',
  'coBuyerOrCoSellerCustomer',
]

// Payload's generated types are interfaces, not records; their fields are read by name here.
const changesPeople = (data: object, original?: object) => {
  if (!original) return true
  const before = new Map(Object.entries(original))
  return Object.entries(data).some(
    ([field, value]) =>
      PERSON_FIELDS.includes(field) && relationId(value) !== relationId(before.get(field)),
  )
}

export const screenCreditApp: CollectionBeforeChangeHook<CreditApp> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (req.context.providerJob) return data
  if (operation === 'update' && !changesPeople(data, originalDoc)) return data
  const app = { ...originalDoc, ...data }
  const id = String(app.id)
  await screenSubject(req, 'credit-app', id, () => peopleOfCreditApp(req, app))
  return data
}

export const screenDeal: CollectionAfterChangeHook<Deal> = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  if (operation === 'update' && !changesPeople(doc, previousDoc)) return doc
  await screenSubject(req, 'deal', String(doc.id), () => peopleOfDeal(req, doc))
  return doc
}
