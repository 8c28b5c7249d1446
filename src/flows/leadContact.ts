/**
 * Recording a lead event that reaches out to the customer, across features: the lead desk's
 * do-not-contact requests first, then compliance's contact consents; and the lead desk's current
 * status.
 */
import type { CollectionBeforeChangeHook } from 'payload'

import { refuseWithoutContactConsent } from '@/compliance/consents/contactConsent'
import { refuseIfDoNotContact } from '@/leadDesk/doNotContact'
import { idOf } from '@/leadDesk/ids'

import type { LeadEvent } from '../../payload-types'

/**
 * beforeChange on lead events: an outbound type or status for a customer who asked not to be
 * contacted, or without the contact consent it needs, is refused (409); a new event that sets a status becomes its lead's current status
 * unless it says otherwise (`currentStatusFor` sent, null included). An event recorded before
 * the request keeps what it recorded: its next steps may be edited and it may be trashed.
 */
export const checkLeadEvent: CollectionBeforeChangeHook<LeadEvent> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const lead = idOf(data.lead ?? originalDoc?.lead)
  const moved = operation === 'create' || lead !== idOf(originalDoc?.lead)
  const recorded = (key: 'status' | 'type') =>
    moved || data[key] !== originalDoc?.[key] ? data[key] : undefined
  const values = [recorded('type'), recorded('status')]
  // Events moved by a merge of duplicate leads were checked when they were recorded.
  if (!req.context.leadMerge) {
    await refuseIfDoNotContact(req, lead, values)
    // Then the contact consents (docs/compliance.md): a do-not-contact request is said first.
    await refuseWithoutContactConsent(req, lead, values)
  }
  if (operation === 'create' && data.status && lead && data.currentStatusFor === undefined)
    return { ...data, currentStatusFor: lead }
  return data
}
