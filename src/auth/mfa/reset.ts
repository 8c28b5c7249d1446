import { sql } from 'drizzle-orm'

import { adminAction } from '@/api/adminAction'
import { drizzleOf } from '@/db/adapter'

/**
 * `POST /api/users/:id/mfa-reset` (admins): for someone who lost both the app and the recovery
 * codes. The factor is cleared and the person's sessions end; their next sign-in sets it up again
 * where it is required.
 */
export const resetSecondFactor = adminAction('users', 'mfa-reset', async (req, id) => {
  await drizzleOf(req.payload).execute(sql`
    WITH cleared AS (
      UPDATE users SET mfa_enabled = false, mfa_secret = NULL, mfa_last_time_step = NULL,
        mfa_recovery_codes = NULL, mfa_enrolled_at = NULL
      WHERE id = ${Number(id)} RETURNING id
    )
    DELETE FROM users_sessions WHERE _parent_id IN (SELECT id FROM cleared)`)
  req.payload.logger.info({ by: req.user?.id, user: id }, 'two-factor sign-in reset by an admin')
  return Response.json({
    message: 'Two-factor sign-in was reset. It is set up again at the next sign-in.',
  })
})
