/** What the compiled writes (leadEventPatch.ts, consumerCreate.ts) share: their switch and their transaction. */
import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

import { readFromPrimaryForAWhile } from '@/db/replicas'
import { cachedSetting } from '@/lib/cachedSetting'
import { settings } from '@/lib/settings'

/** The COMPILED_WRITES switch (docs/configuration.md): false sends every write through Payload. */
export const compiledWritesOn = cachedSetting(
  'COMPILED_WRITES',
  () => settings('database').COMPILED_WRITES,
)

/**
 * Runs a compiled write in a transaction of the request's own and commits what it answers. When it
 * answers undefined (Payload must write it) or fails before the commit, it is rolled back and the
 * answer is undefined: nothing was written, and Payload's write, which then runs, meets the same
 * trouble (a database away, a deadlock) and answers it as it answers any write (a failure is
 * logged: a compiled write that keeps failing is a write the service makes twice). Within a
 * transaction the request already runs it answers undefined at once. A failed commit is thrown.
 */
export const inOwnTransaction = async <T>(
  req: PayloadRequest,
  write: () => Promise<T | undefined>,
): Promise<T | undefined> => {
  // Within a transaction the request already runs, a rollback would not be this write's alone.
  if (!(await initTransaction(req))) return undefined
  const written = await write().catch((error: unknown) => {
    req.payload.logger.warn(
      { err: error },
      'a compiled write failed before its commit: Payload writes it',
    )
    return undefined
  })
  if (written === undefined) {
    await killTransaction(req).catch(() => {})
    return undefined
  }
  await commitTransaction(req)
  readFromPrimaryForAWhile(req.payload)
  return written
}
