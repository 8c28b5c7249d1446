/**
 * `npm run check`: the type check, ESLint, Prettier and the lockfile check side by side (each is
 * single-threaded, so on two cores the whole takes about as long as the type check alone). Each
 * one's output is printed whole when it ends; the exit code is non-zero if any failed.
 */
import { spawn } from 'node:child_process'

const CHECKS = [
  ['typecheck', 'tsc', ['--noEmit']],
  ['lint', 'eslint', ['.']],
  ['format', 'prettier', ['--check', '.']],
  ['lockfile', 'node', ['scripts/complete-lockfile.mjs', '--check']],
]

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now()
    const bin = command === 'node' ? process.execPath : `node_modules/.bin/${command}`
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => (output += `${error.message}\n`))
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`
      process.stdout.write(`\n== ${name}: ${verdict} in ${seconds} s\n${output}`)
      resolve(code === 0)
    })
  })

const results = await Promise.all(CHECKS.map(run))
process.exit(results.every(Boolean) ? 0 : 1)
