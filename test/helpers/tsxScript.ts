import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { projectRoot } from '@/lib/paths'

/**
 * Runs `script` (an ES module importing the sources as `./src/….ts`) in a fresh Node, with `env`
 * beside this process's: its stdout.
 */
export const runTsxScript = async (
  script: string,
  env: Record<string, string> = {},
): Promise<string> => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: projectRoot, env: { ...process.env, NODE_OPTIONS: '', ...env } },
  )
  return stdout
}
