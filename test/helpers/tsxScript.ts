import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { projectRoot } from '@/lib/paths'

/**
 * Runs `script` (an ES module importing the sources as `./src/….ts`) in a fresh Node, with `env`
 * beside this process's and `nodeArgs` before Node's own: its stdout.
 */
export const runTsxScript = async (
  script: string,
  { env = {}, nodeArgs = [] }: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<string> => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: projectRoot, env: { ...process.env, NODE_OPTIONS: '', ...env } },
  )
  return stdout
}
