import type { Payload } from 'payload'

import type { Lead } from '../../payload-types'
import { adfOfLead, type AdfVendor } from './write'

/** The dealership of a lead's location: the location's id and its company's name. */
const vendorOf = async (payload: Payload, lead: Partial<Lead>): Promise<AdfVendor> => {
  const id = typeof lead.location === 'object' ? lead.location?.id : lead.location
  if (!id) return {}
  const location = await payload.findByID({
    collection: 'location',
    depth: 1,
    disableErrors: true,
    id,
    select: { companyId: true },
  })
  const company = location?.companyId
  return { id, name: company && typeof company === 'object' ? company.name : undefined }
}

/**
 * A webhook event about a lead as an ADF document (for endpoints of the `adf` format), or null
 * for any other event. Built from the record the event carries, so it is the lead as that change
 * left it, without what API clients may not read (the original document).
 */
export const adfOfEvent = async (
  payload: Payload,
  event: unknown,
): Promise<null | { lead: Partial<Lead>; xml: string }> => {
  const data = (event as { data?: { collection?: string; record?: Partial<Lead> } })?.data
  if (data?.collection !== 'lead' || !data.record) return null
  const lead = data.record
  return { lead, xml: adfOfLead(lead, await vendorOf(payload, lead)) }
}

/** The subject of a lead's ADF e-mail: CRMs file it by the body; people read this. */
export const adfSubject = (type: string, lead: Partial<Lead>): string => {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ') || 'no name'
  return `${type === 'lead.updated' ? 'Lead updated' : 'New lead'}: ${name} (lead ${lead.id})`
}
