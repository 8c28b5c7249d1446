import { Forbidden, type PayloadRequest } from 'payload'

/** Whether the caller may change the lead (leads' update access; a filter counts as yes). */
export const mayUpdateLead = async (req: PayloadRequest, id: number): Promise<boolean> =>
  Boolean(await req.payload.collections.lead.config.access.update({ id, req }))

export const requireLeadUpdate = async (req: PayloadRequest, id: number): Promise<void> => {
  if (!(await mayUpdateLead(req, id))) throw new Forbidden(req.t)
}
