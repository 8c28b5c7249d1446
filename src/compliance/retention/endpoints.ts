import type { Endpoint } from 'payload'

import { messages, payloadError } from '@/errors'

import { checkRole } from '../../../access/roles'
import { runRetention } from './dispose'

const ADMINS = { clients: ['admin'], staff: ['admin'] } as const

/**
 * GET /api/retention/dry-run: the consumers the retention job would dispose of now, and those a
 * legal hold keeps; changes nothing. Staff admins and admin API clients.
 */
export const retentionDryRunEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    if (!checkRole(req.user, ADMINS))
      return payloadError(403, 'You are not allowed to perform this action.')
    const { cutoff, due, held, months } = await runRetention(req.payload, { dryRun: true })
    return Response.json({ cutoff, due, held, months, total: due.length })
  },
  method: 'get',
  path: '/retention/dry-run',
}
