import type { Endpoint } from 'payload'

import { refusalFor } from '@/api/refusal'

import { runRetention } from './dispose'

/**
 * GET /api/retention/dry-run: the consumers the retention job would dispose of now, and those a
 * legal hold keeps; changes nothing. Staff admins and admin API clients.
 */
export const retentionDryRunEndpoint: Endpoint = {
  handler: async (req) => {
    const refused = refusalFor(req, 'admins')
    if (refused) return refused
    const { cutoff, due, held, months } = await runRetention(req.payload, { dryRun: true })
    return Response.json({ cutoff, due, held, months, total: due.length })
  },
  method: 'get',
  path: '/retention/dry-run',
}
