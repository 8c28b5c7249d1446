/** GET /api/compliance/breach-report: the breach-readiness report, for staff admins and admin API clients. */
import type { Endpoint } from 'payload'

import { ADMINS, refusalFor } from '../access'
import { breachReport } from './report'

export const breachReportEndpoint: Endpoint = {
  handler: async (req) => refusalFor(req, ADMINS) ?? Response.json(await breachReport(req.payload)),
  method: 'get',
  path: '/compliance/breach-report',
}
