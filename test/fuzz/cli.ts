/**
 * npm run fuzz -- [--runs N] [--seed S] [--url http://127.0.0.1:PORT] [--make-keys] [--groups N] [--per-group N]
 *
 * Runs a fuzz campaign and prints the status histogram, the count of answers >= 500 and the
 * failing requests grouped by method, route pattern, status and failed check (one curl line each).
 * Exit status 1 when any answer broke a rule.
 *
 * Without --url: starts the service in this process, as the tests do (a throwaway database on
 * DATABASE_URL's server, else an embedded PostgreSQL), with one caller of every kind and the demo
 * data, and no rate limits.
 *
 * With --url (a running service; only 127.0.0.1/localhost): the callers' `Authorization` values
 * come from the environment — FUZZ_AUTH_STAFF, FUZZ_AUTH_STAFF_ADMIN (`JWT <token>`),
 * FUZZ_AUTH_INTEGRATOR, FUZZ_AUTH_LEAD_AGENT, FUZZ_AUTH_CLIENT_ADMIN, FUZZ_AUTH_DISABLED_CLIENT
 * (`api-clients API-Key <key>`) — else from the demo accounts in $DATA_DIR/demo-credentials.json
 * (the staff user signed in, the admin, integrator and lead-agent keys used), and with --make-keys
 * missing API-client kinds are created with `npm run create-api-key` (which reaches the service's
 * database). A kind with no credential is sent anonymously. Expect 429s unless the service runs
 * with generous RATE_LIMIT_* budgets. The demo data (SEED_DEMO_DATA) gives the ids that exist.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { report, runCampaign } from './campaign'
import { contextFromPrincipals } from './context'
import type { FuzzContext, PrincipalKind } from './requests'

const { values } = parseArgs({
  options: {
    groups: { default: '40', type: 'string' },
    'make-keys': { default: false, type: 'boolean' },
    'per-group': { default: '1', type: 'string' },
    runs: { default: '1000', type: 'string' },
    seed: { type: 'string' },
    url: { type: 'string' },
  },
})

const runs = Number(values.runs)
const seed =
  values.seed !== undefined
    ? Number(values.seed)
    : process.env.FUZZ_SEED
      ? Number(process.env.FUZZ_SEED)
      : Date.now() % 2 ** 31
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error(
    'usage: npm run fuzz -- [--runs N] [--seed S] [--url http://127.0.0.1:PORT] [--make-keys]',
  )
  process.exit(2)
}

const ENV_NAMES: Record<Exclude<PrincipalKind, 'anonymous' | 'bogus'>, string> = {
  clientAdmin: 'FUZZ_AUTH_CLIENT_ADMIN',
  disabledClient: 'FUZZ_AUTH_DISABLED_CLIENT',
  integrator: 'FUZZ_AUTH_INTEGRATOR',
  leadAgent: 'FUZZ_AUTH_LEAD_AGENT',
  staff: 'FUZZ_AUTH_STAFF',
  staffAdmin: 'FUZZ_AUTH_STAFF_ADMIN',
}

const remoteContext = async (url: string): Promise<FuzzContext> => {
  const authorization: FuzzContext['authorization'] = {}
  for (const [kind, name] of Object.entries(ENV_NAMES))
    if (process.env[name]) authorization[kind as PrincipalKind] = process.env[name]
  const demoFile = path.join(process.env.DATA_DIR || '.data', 'demo-credentials.json')
  if (fs.existsSync(demoFile)) {
    const demo = JSON.parse(fs.readFileSync(demoFile, 'utf8')) as Record<string, string>
    authorization.clientAdmin ??= demo['Demo admin (admin)']
    authorization.integrator ??= demo['Demo storefront (integrator)']
    authorization.leadAgent ??= demo['Demo lead desk (lead-agent)']
    if (!authorization.staff && demo['sam.rivera@example.com']) {
      const login = await fetch(`${url}/api/users/login`, {
        body: JSON.stringify({
          email: 'sam.rivera@example.com',
          password: demo['sam.rivera@example.com'],
        }),
        headers: { 'content-type': 'application/json' },
        method: 'POST',
      })
      const token = login.ok ? ((await login.json()) as { token?: string }).token : undefined
      if (token) authorization.staff = `JWT ${token}`
    }
  }
  if (values['make-keys']) {
    for (const [kind, role] of [
      ['integrator', 'integrator'],
      ['leadAgent', 'lead-agent'],
      ['clientAdmin', 'admin'],
    ] as const) {
      if (authorization[kind]) continue
      const out = execFileSync(
        'npm',
        ['run', '--silent', 'create-api-key', '--', '--role', role, '--name', `fuzz ${role}`],
        { encoding: 'utf8' },
      )
      authorization[kind] = (
        JSON.parse(out.trim().split('\n').at(-1)!) as { authorization: string }
      ).authorization
    }
  }
  // The callers' own records are kept out of the campaign's writes.
  const protectedIds: FuzzContext['protectedIds'] = { 'api-clients': [], users: [] }
  for (const [kind, value] of Object.entries(authorization)) {
    const collection = kind.startsWith('staff') ? 'users' : 'api-clients'
    const me = await fetch(`${url}/api/${collection}/me`, {
      headers: { authorization: value! },
    }).catch(() => undefined)
    const id = me?.ok ? ((await me.json()) as { user?: { id?: number } }).user?.id : undefined
    if (typeof id === 'number') protectedIds[collection].push(id)
  }
  const missing = Object.keys(ENV_NAMES).filter((kind) => !authorization[kind as PrincipalKind])
  if (missing.length)
    console.error(`no credential for ${missing.join(', ')}: those requests go out anonymously`)
  return { authorization, protectedIds }
}

const main = async (): Promise<number> => {
  let url = values.url
  let close = async () => {}
  let context: FuzzContext
  if (url) {
    const { hostname } = new URL(url)
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname))
      throw new Error(`--url must be a local address (127.0.0.1), not ${hostname}`)
    url = url.replace(/\/+$/, '')
    context = await remoteContext(url)
  } else {
    process.env.LOG_LEVEL ||= 'fatal'
    console.error('starting a throwaway service…')
    const { startLocalService } = await import('./service')
    const service = await startLocalService()
    url = service.url
    close = service.close
    context = contextFromPrincipals(service.who)
  }
  try {
    console.error(`fuzzing ${url}: ${runs} requests, seed ${seed}`)
    const result = await runCampaign({
      baseUrl: url,
      context,
      inProcess: !values.url,
      onProgress: (done, failures) => console.error(`  ${done}/${runs} sent, ${failures} failing`),
      runs,
      seed,
    })
    console.log(
      report(url, result, { groups: Number(values.groups), perGroup: Number(values['per-group']) }),
    )
    return result.failures.length ? 1 : 0
  } finally {
    await close()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error)
    process.exit(2)
  },
)
