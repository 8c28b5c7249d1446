import type { Payload } from 'payload'

/**
 * The seeded lead (Maria Gonzalez) with a new lead event and a new VDP email about the first
 * seeded VIN, for tests of the lead side's endpoints.
 */
export const createLeadRecords = async (payload: Payload) => {
  const leadId = (
    await payload.find({
      collection: 'lead',
      where: { email: { equals: 'maria.gonzalez@example.com' } },
    })
  ).docs[0].id
  const eventId = (
    await payload.create({
      collection: 'leadEvents',
      data: { lead: leadId, status: 'Searching', type: 'Lead Created' },
    })
  ).id
  const vinIds = (await payload.find({ collection: 'vin', sort: 'id' })).docs.map((doc) => doc.id)
  const emailId = (
    await payload.create({ collection: 'vdpEmails', data: { lead: leadId, vins: [vinIds[0]] } })
  ).id
  return { emailId, eventId, leadId, vinIds }
}
