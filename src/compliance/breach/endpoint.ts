/** GET /api/compliance/breach-report: the breach-readiness report, for staff admins and admin API clients. */
import type { Endpoint } from 'payload'

import { refusalFor } from '@/api/refusal'

import { breachReport } from './report'

export const breachReportEndpoint: Endpoint = {
  handler: async (req) =>
    refusalFor(req, 'admins') ?? Response.json(await breachReport(req.payload)),
  method: 'get',
  path: '/compliance/breach-report',
}
