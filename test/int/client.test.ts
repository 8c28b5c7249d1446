/** The typed client: its checked-in types are the document's, and its example runs against the service. */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from '@jest/globals'

import { projectRoot } from '@/lib/paths'
import { CLIENT_TYPES_FILE, clientTypes } from '@/openapi/client'
import { buildOpenApiDocument } from '@/openapi/document'

import { facilitatorNames } from '../../client/example'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

describe('typed client', () => {
  it(`${CLIENT_TYPES_FILE} is what npm run generate:client writes from today's document`, async () => {
    const expected = await clientTypes(buildOpenApiDocument(context.service.payload.config))
    const checkedIn = fs.readFileSync(path.join(projectRoot, CLIENT_TYPES_FILE), 'utf8')
    // On a difference: run `npm run generate:client` and commit the file.
    expect(checkedIn === expected).toBe(true)
  })

  it('the example of docs/api.md pages through the facilitators by cursor against the service', async () => {
    for (let i = 0; i < 3; i++) {
      await context.service.payload.create({
        collection: 'company',
        data: { isFacilitator: true, name: `Typed Client Auctions ${i}` },
      })
    }
    const { docs } = await context.service.payload.find({
      collection: 'company',
      limit: 0,
      sort: ['name', 'id'],
      where: { isFacilitator: { equals: true } },
    })
    const names = await facilitatorNames(
      `${context.service.url}/api`,
      context.who.integrator.headers.Authorization,
    )
    expect(docs.length).toBeGreaterThan(3)
    expect(names).toEqual(docs.map((company) => company.name))
  })
})
