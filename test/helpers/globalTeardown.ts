import type { EmbeddedServer } from '../../src/db/embedded'

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __testPostgres?: EmbeddedServer }).__testPostgres?.stop()
}
