/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0): the provider posts a signed
 * logout token when a person signs out there or is disabled, and every session of theirs here
 * ends at once (the session cookie's JWT names a session row, which is gone).
 */
import { sql } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'

import { transactionDb } from '@/db/transaction'

import type { OidcProvider } from './config'
import { verifyLogoutToken } from './tokens'

/** Ends the sessions of the person `logoutToken` names; returns how many ended. */
export const endProviderSessions = async (
  req: PayloadRequest,
  provider: OidcProvider,
  logoutToken: string,
): Promise<number> => {
  const subject = await verifyLogoutToken(provider, logoutToken)
  const db = await transactionDb(req)
  const { rowCount } = await db.execute(sql`
    DELETE FROM users_sessions WHERE _parent_id IN (
      SELECT id FROM users WHERE identity_provider = ${provider.id} AND identity_subject = ${subject})`)
  req.payload.logger.info(
    { provider: provider.id, sessions: rowCount, subject },
    'sessions ended by the identity provider',
  )
  return rowCount ?? 0
}
