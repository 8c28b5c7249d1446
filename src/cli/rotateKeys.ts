/**
 * npm run rotate-keys: re-encrypts every SSN and birth date under the first key of
 * CREDIT_DATA_KEYS (and encrypts any stored in clear), and re-wraps the consumers' data keys
 * under it. Progress goes to stderr; the last stdout line is the summary
 * {"key","scanned","reencrypted","collections","dataKeys"}. Safe to run again or while the
 * service runs.
 */
import './cliEnv'

import { rotateCreditDataKeys } from '@/creditData'

import { cliOptions, runTask } from './run'

await runTask(
  () => cliOptions({}, 'usage: npm run rotate-keys'),
  (payload) =>
    rotateCreditDataKeys(payload, ({ collection, reencrypted, scanned, total }) =>
      process.stderr.write(
        `${collection}: ${scanned}/${total} scanned, ${reencrypted} re-encrypted\n`,
      ),
    ),
)
