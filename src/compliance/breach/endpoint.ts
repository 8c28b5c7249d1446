/** GET /api/compliance/breach-report: the breach-readiness report, for staff admins, admin API clients and compliance officers. */
import type { Endpoint } from 'payload'

import { refusalFor } from '@/api/refusal'

import { breachReport } from './report'

export const breachReportEndpoint: Endpoint = {
  handler: async (req) =>
    refusalFor(req, 'complianceReaders') ?? Response.json(await breachReport(req.payload)),
  method: 'get',
  path: '/compliance/breach-report',
}
