import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { transactionDb, withTransaction } from '@/db/transaction'

import type { ApiClient } from '../../../payload-types'

/** The API client the lead mailbox acts as. */
export const MAILBOX_CLIENT_NAME = 'Lead mailbox'

const findClient = async (payload: Payload, req?: PayloadRequest) =>
  (
    await payload.find({
      collection: 'api-clients',
      depth: 0,
      limit: 1,
      req,
      sort: 'createdAt',
      where: { name: { equals: MAILBOX_CLIENT_NAME } },
    })
  ).docs.at(0)

/**
 * The principal of the lead mailbox: the API client named "Lead mailbox" (role admin, the role
 * allowed to create leads of any dealership), made on first use without an API key, so nobody
 * can call the API as it. Its leads are recorded as its writes, and unticking *enabled* on it
 * pauses the mailbox. Processes starting together make one: the first holds a lock while it looks.
 */
export const mailboxClient = async (payload: Payload): Promise<ApiClient> => {
  const found = await findClient(payload)
  if (found) return found
  const req = await createLocalReq({}, payload)
  return withTransaction(req, async () => {
    const db = await transactionDb(req)
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('lead mailbox client', 0))`)
    const client =
      (await findClient(payload, req)) ??
      (await payload.create({
        collection: 'api-clients',
        data: { enabled: true, name: MAILBOX_CLIENT_NAME, role: 'admin' },
        depth: 0,
        req,
      }))
    return client
  })
}

/** The client as `req.user`, as the API-key strategy would make it. */
export const asUser = (client: ApiClient): MailboxUser => ({ ...client, collection: 'api-clients' })

export type MailboxUser = NonNullable<PayloadRequest['user']>
