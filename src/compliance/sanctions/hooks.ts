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

const changesPeople = (data: Record<string, unknown>, original?: Record<string, unknown>) =>
  !original ||
  PERSON_FIELDS.some(
    (field) => field in data && relationId(data[field]) !== relationId(original[field]),
  )

export const screenCreditApp: CollectionBeforeChangeHook<CreditApp> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (req.context.providerJob) return data
  if (operation === 'update' && !changesPeople(data, originalDoc as never)) return data
  const app = { ...originalDoc, ...data }
  const id = String(app.id)
  await screenSubject(req, 'credit-app', id, await peopleOfCreditApp(req, app))
  return data
}

export const screenDeal: CollectionAfterChangeHook<Deal> = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  if (operation === 'update' && !changesPeople(doc as never, previousDoc as never)) return doc
  await screenSubject(req, 'deal', String(doc.id), await peopleOfDeal(req, doc))
  return doc
}
