import { spawn } from 'node:child_process'
import path from 'node:path'

import { projectRoot } from '../../src/lib/paths'

export type CliResult = { code: number; stderr: string; stdout: string }

/** Runs `src/cli/<script>.ts` as `npm run` would, in a child process with the given environment. */
export const runCli = (
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'src/cli', `${script}.ts`), ...args],
      {
        cwd: projectRoot,
        env: { ...process.env, NODE_OPTIONS: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code: code ?? 1, stderr, stdout }))
  })

export const lastLine = (text: string): string => text.trim().split('\n').pop() ?? ''
