/** npm run migrate:check — exits 1 when a collection change has no committed migration. */
import './cliEnv'

import { pendingSchemaChanges } from '@/db/pendingSchemaChanges'

import { runTask, TaskFailed } from './run'

await runTask(
  () => undefined,
  async (payload) => {
    const statements = await pendingSchemaChanges(payload)
    if (statements.length) {
      throw new TaskFailed(
        `The schema differs from the committed migrations; run \`npm run migrate:create -- <name>\`:\n${statements.join('\n')}`,
      )
    }
    return { pending: 0 }
  },
)
