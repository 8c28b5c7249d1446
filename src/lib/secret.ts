import { ConfigError } from './envSchema'
import { localSecret } from './localSecrets'
import { logger } from './logger'
import { isProduction } from './settings'

/**
 * PAYLOAD_SECRET signs sessions and encrypts API keys. Production on an external database must
 * set it; local runs get one generated and kept in the data folder so sessions survive restarts.
 */
export const resolvePayloadSecret = ({ local }: { local: boolean }): void => {
  if (process.env.PAYLOAD_SECRET) {
    if (process.env.PAYLOAD_SECRET.length < 32 && isProduction() && !local) {
      throw new ConfigError('PAYLOAD_SECRET must be at least 32 characters long in production.')
    }
    return
  }
  if (isProduction() && !local) {
    throw new ConfigError(
      'PAYLOAD_SECRET is not set. Production needs a long random secret, e.g. `openssl rand -hex 32`.',
    )
  }
  process.env.PAYLOAD_SECRET = localSecret('payloadSecret')
  logger.info('PAYLOAD_SECRET not set; using the one generated in the local data folder')
}
