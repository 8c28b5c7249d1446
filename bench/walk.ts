/**
 * Which of the project's modules one request runs, by folder and layer: `npm run bench:walk`.
 * In a throwaway database with the demo data, the service in this process (the test service:
 * Payload and the HTTP app on 127.0.0.1), each request is sent twice to warm it, then once more
 * under V8's precise coverage; a module counts when one of its functions ran during that request.
 * Prints the files of each walk grouped by folder, and the counts docs/architecture.md quotes.
 */
import inspector from 'node:inspector/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { projectRoot } from '@/lib/paths'
import { seedDemoData } from '@/seed'

import { createPrincipals } from '../test/helpers/principals'
import { startTestService } from '../test/helpers/testService'
import { throwawayDatabase } from './common'

type Walk = { body?: unknown; method: string; name: string; path: string }

const WALKS: Walk[] = [
  { method: 'GET', name: 'one commerce read', path: '/api/customers/cus_demo_maria' },
  {
    body: {
      birthDate: '1985-03-14',
      consumer: 'con_demo_maria',
      firstName: 'Ada',
      lastName: 'Byron',
      preApproval: 'pre_demo_maria',
      provider: 'provider_a',
      ssn: '123-45-6789',
      toProvider: true,
      vehicle: '4T1B11HK7NU000123',
    },
    method: 'POST',
    name: 'one credit-app create',
    path: '/api/creditapps',
  },
]

/** A project module's folder: its top folder, or src/<folder> (a file directly under src/ is `src`). */
const folderOf = (file: string): string => {
  const parts = file.split('/')
  if (parts[0] !== 'src') return parts.length > 1 ? parts[0] : file
  return parts.length > 2 ? parts.slice(0, 2).join('/') : 'src'
}

/** The project's own modules (not its dependencies, the benchmark or the test helpers) that ran. */
const ranFiles = (result: inspector.Profiler.ScriptCoverage[]): string[] =>
  result
    .filter(({ functions, url }) => {
      if (!url.startsWith('file://')) return false
      const file = path.relative(projectRoot, fileURLToPath(url))
      if (file.startsWith('..') || /^(node_modules|bench|test)\//.test(file)) return false
      return functions.some(({ ranges }) => ranges[0].count > 0)
    })
    .map(({ url }) => path.relative(projectRoot, fileURLToPath(url)))
    .sort()

const main = async () => {
  const database = await throwawayDatabase()
  const service = await startTestService({ databaseUrl: process.env.DATABASE_URL })
  try {
    const who = await createPrincipals(service.payload)
    await seedDemoData(service.payload)
    const send = async ({ body, method, path: route }: Walk) => {
      const response = await service.api(route, {
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { ...who.integrator.headers, 'Content-Type': 'application/json' },
        method,
      })
      await response.arrayBuffer()
      if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status}`)
    }
    const session = new inspector.Session()
    session.connect()
    await session.post('Profiler.enable')
    for (const walk of WALKS) {
      await send(walk)
      await send(walk)
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
      // Taking the coverage resets the counts: what follows counts this request alone.
      await session.post('Profiler.takePreciseCoverage')
      await send(walk)
      const { result } = await session.post('Profiler.takePreciseCoverage')
      await session.post('Profiler.stopPreciseCoverage')
      const files = ranFiles(result)
      const byFolder = new Map<string, string[]>()
      for (const file of files)
        byFolder.set(folderOf(file), [...(byFolder.get(folderOf(file)) ?? []), file])
      process.stdout.write(
        `\n${walk.name} (${walk.method} ${walk.path}): ${files.length} files in ${byFolder.size} folders\n`,
      )
      for (const [folder, inFolder] of [...byFolder].sort(([a], [b]) => a.localeCompare(b)))
        process.stdout.write(
          `  ${folder.padEnd(18)} ${inFolder.map((file) => path.basename(file)).join(', ')}\n`,
        )
    }
    session.disconnect()
  } finally {
    await service.close()
    await database.drop()
  }
}

await main()
