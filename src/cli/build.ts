/** npm run build: compiles the server (scripts/run.mjs did that) and builds the admin UI. */
import { logger } from '@/lib/logger'
import { ensureBuild } from '@/start/adminBuild'

try {
  await ensureBuild({ force: process.argv.includes('--force') })
} catch (error) {
  logger.fatal({ err: error }, 'build failed')
  process.exit(1)
}
