/** npm run seed: loads the demo data set (idempotent). */
import './cliEnv'

import { seedDemoData } from '@/seed'

import { runTask } from './run'

await runTask(
  () => undefined,
  (payload) => seedDemoData(payload),
)
