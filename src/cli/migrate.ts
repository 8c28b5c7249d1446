/**
 * npm run migrate: applies the committed migrations that are pending, then exits (a release step;
 * every start does the same under the same advisory lock, so running it while nodes start is safe).
 */
import './cliEnv'

import { runTask } from './run'

await runTask(
  () => undefined,
  async (payload) => {
    const { totalDocs } = await payload.count({ collection: 'payload-migrations' })
    return { applied: totalDocs }
  },
)
