// Loaded by Node's require, outside jest's resolver: the `@/` alias is registered first.
import './registerAlias'

import type { EmbeddedServer } from '@/db/embedded'

import { dropTemplate, seededTemplate } from './database'
import { removeRunFolder } from './runFolder'

/** Stops the embedded server once, however many projects name this teardown. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.TEST_DATABASE_TEMPLATE
  const seeded = seededTemplate()?.name
  if (template) removeRunFolder()
  delete process.env.TEST_DATABASE_TEMPLATE
  delete process.env.TEST_DATABASE_SEEDED
  for (const name of [seeded, template]) if (name) await dropTemplate(name).catch(() => {})
  const holder = globalThis as { __testPostgres?: EmbeddedServer }
  const server = holder.__testPostgres
  holder.__testPostgres = undefined
  await server?.stop()
}
