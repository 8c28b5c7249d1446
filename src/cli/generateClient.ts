/** npm run generate:client — writes client/api.d.ts, the API's types, from the OpenAPI document. */
import './cliEnv'

import fs from 'node:fs'
import path from 'node:path'

import { projectRoot } from '@/lib/paths'
import { CLIENT_TYPES_FILE, clientTypes } from '@/openapi/client'
import { buildOpenApiDocument } from '@/openapi/document'

import { runTask } from './run'

await runTask(
  () => undefined,
  async (payload) => {
    const types = await clientTypes(buildOpenApiDocument(payload.config))
    fs.writeFileSync(path.join(projectRoot, CLIENT_TYPES_FILE), types)
    return { file: CLIENT_TYPES_FILE, bytes: Buffer.byteLength(types) }
  },
)
