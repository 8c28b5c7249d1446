/** The OpenAPI document and the docs page. */
import SwaggerParser from '@apidevtools/swagger-parser'
import { beforeAll, describe, expect, it } from '@jest/globals'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core'
import * as Parsers from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'

import { consumers, creditApps } from '@/seed/demoData'

import { useTestService } from '../helpers/service'

const context = useTestService()

/**
 * The document as served, read once. The linters below hold this process's event loop for
 * seconds, so a kept-alive connection to the server in the same process can be closed by the
 * server just as the next request goes out on it (ECONNRESET): later checks read this copy.
 */
let served = ''
beforeAll(async () => {
  const response = await context.service.api('/api/openapi.json')
  expect(response.status).toBe(200)
  served = await response.text()
})

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.0 document labelled 3.0, public', async () => {
    const response = await context.service.api('/api/openapi.json')
    expect(response.status).toBe(200)
    const document = await response.json()
    expect(document.openapi).toMatch(/^3\.0\./)
    expect(document.info.version).toBe('3.0')
    await expect(SwaggerParser.validate(document)).resolves.toBeTruthy()
  })

  it("passes Redocly's recommended rules: no error; warnings only for the licence and Payload's overlapping routes", async () => {
    const source = served
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ absoluteRef: 'openapi.json', config, source })
    const found = problems.map(({ location, message, ruleId, severity }) => ({
      at: location[0]?.pointer,
      message,
      ruleId,
      severity,
    }))
    expect(found.filter((problem) => problem.severity === 'error')).toEqual([])
    // A private service has no licence to name or link to (`info-license` is a warning), and
    // Payload matches routes in order: `/<collection>/access/{id}` or `/<collection>/versions/{id}`
    // before `/<collection>/{id}/duplicate` (or an action), which a linter reading templates
    // alone calls ambiguous. The two steps of a browser's sign-in through an identity provider
    // answer only redirects (303): they have no 2xx answer.
    const redirectOnly = (problem: { at?: string; ruleId: string }) =>
      problem.ruleId === 'operation-2xx-response' &&
      /^#\/paths\/~1users~1oidc~1\{provider\}~1(start|callback)\/get\//.test(problem.at ?? '')
    expect(
      found.filter(
        (problem) =>
          !['info-license', 'no-ambiguous-paths'].includes(problem.ruleId) &&
          !redirectOnly(problem),
      ),
    ).toEqual([])
  })

  it("passes Spectral's spectral:oas rules: no error and no warning", async () => {
    const source = served
    const spectral = new Spectral()
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] })
    const results = await spectral.run(new Document(source, Parsers.Json, 'openapi.json'))
    expect(
      results.map(({ code, message, path, severity }) => ({
        at: path.join('.'),
        code,
        message,
        severity,
      })),
    ).toEqual([])
  })

  it('stands alone: no reference to an outside contract file', async () => {
    const text = served
    expect(
      text.match(/.{0,60}(shared\/spec|interface\.md|\.\.\/|the contract).{0,20}/gi),
    ).toBeNull()
  })

  it('describes endpoints 1–19 and every REST route of every collection and global', async () => {
    const document = JSON.parse(served)
    const paths = Object.keys(document.paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/companies',
        '/consumers',
        '/contacts/{id}',
        '/creditapps',
        '/creditapps/{id}',
        '/creditreports/{id}',
        '/customers/{id}',
        '/deals/{id}',
        '/errors',
        '/errors/{id}',
        '/facilitators/{id}',
        '/leadEvents/{id}',
        '/listings/{vin}',
        '/tco/{vin}',
        '/vdpEmails/{id}',
        '/webevents',
        '/search',
        '/access',
        '/users/login',
        '/users/{id}/mfa-reset',
        '/globals/tco-settings',
        '/deal/export',
        '/deal/import',
        '/deal/versions',
        '/deal/count',
        '/media/file/{filename}',
      ]),
    )
    const payload = context.service.payload
    for (const collection of payload.config.collections) {
      const closed = ['payload-kv', 'payload-locked-documents', 'payload-migrations']
      const { slug } = collection
      const methods = (path: string) => Object.keys(document.paths[path] ?? {})
      if (closed.includes(slug)) {
        expect(paths.filter((path) => path.split('/')[1] === slug)).toEqual([])
        continue
      }
      // Every collection's list, create, bulk update and delete, count and by-id operations.
      expect(methods(`/${slug}`).sort()).toEqual(['delete', 'get', 'patch', 'post'])
      // The preferences' `/{key}` route is mounted first and answers `/count` (a key).
      if (slug !== 'payload-preferences') expect(methods(`/${slug}/count`)).toEqual(['get'])
      if (collection.versions) expect(methods(`/${slug}/versions`)).toEqual(['get'])
      else expect(document.paths[`/${slug}/versions`]).toBeUndefined()
    }
    // Numeric ids are integers in paths.
    for (const path of ['/leadEvents/{id}', '/vdpEmails/{id}', '/errors/{id}']) {
      const parameter = document.paths[path].get.parameters[0]
      const resolved = parameter.$ref
        ? document.components.parameters[parameter.$ref.split('/').pop()]
        : parameter
      expect(resolved).toMatchObject({ in: 'path', name: 'id', schema: { type: 'integer' } })
    }
    // Every operation names its answers for a bad request, the rate limit and an unreachable database.
    for (const [path, item] of Object.entries(document.paths as Record<string, any>)) {
      for (const [method, operation] of Object.entries(item as Record<string, any>)) {
        expect([path, method, Object.keys(operation.responses)]).toEqual([
          path,
          method,
          expect.arrayContaining(['400', '401', '429', '503']),
        ])
        if (operation.requestBody)
          expect([path, method, Object.keys(operation.responses)]).toEqual([
            path,
            method,
            expect.arrayContaining(['413', '415']),
          ])
      }
    }
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      in: 'header',
      name: 'Authorization',
      type: 'apiKey',
    })
    const notFound = (path: string, method: string) =>
      document.paths[path][method].responses['404'].content['application/json'].example.error
        .message
    expect(notFound('/deals/{id}', 'get')).toBe('Deal Not Found')
    expect(notFound('/creditreports/{id}', 'patch')).toBe('Credit Report Not Found')
    expect(document.paths['/creditapps'].post.responses['400'].description).toBe(
      'Missing Required Information',
    )
  })

  it('derives record schemas from the collections: fields, enums and required lists', async () => {
    const { components } = JSON.parse(served)
    expect(components.schemas['credit-app'].properties.provider.enum).toEqual(
      expect.arrayContaining(['provider_a', 'provider_b']),
    )
    expect(components.schemas.leadEvents.properties.status.enum).toContain(
      'First Communication Attempt (phone and text)',
    )
    expect(components.schemas.consumer.required).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'birthDate', 'phoneNumber']),
    )
  })

  it('types a company’s locations as an array of Location and accepts Address objects in a consumer’s addresses', async () => {
    const { components, paths } = JSON.parse(served)
    // An array on the commerce endpoints; Payload's REST API pages it.
    expect(components.schemas.company.properties.locations.oneOf[0]).toMatchObject({
      items: { oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/location' }] },
      type: 'array',
    })
    expect(components.schemas.company.properties.locations.oneOf[1]).toMatchObject({
      properties: { docs: { type: 'array' } },
      type: 'object',
    })
    const addresses =
      paths['/consumers'].post.requestBody.content['application/json'].schema.properties.addresses
    expect(
      addresses.items.oneOf.map(
        (option: { required?: string[]; type: string }) => option.required ?? option.type,
      ),
    ).toEqual(['string', ['id'], ['line1', 'zip', 'city']])
  })

  it('shows no SSN or birth date in its examples', async () => {
    const text = served
    expect(text).not.toMatch(/\d{3}-\d{2}-\d{4}/)
    expect(text).not.toContain('"ssn":"')
    const people = [...consumers, ...creditApps] as Record<string, unknown>[]
    const birthDates = people
      .flatMap((person) => [person.birthDate, person.coApplicantBirthDate])
      .filter(Boolean) as string[]
    expect(birthDates.length).toBeGreaterThan(2)
    for (const date of birthDates) expect(text).not.toContain(date)
  })
})

describe('GET /api/docs', () => {
  it('serves the docs page and its assets locally', async () => {
    const page = await context.service.api('/api/docs')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('swagger-ui-bundle.js')
    expect(html).not.toMatch(/https?:\/\//)
    const bundle = await context.service.api('/api/docs/swagger-ui-bundle.js')
    expect(bundle.status).toBe(200)
    expect(Number(bundle.headers.get('content-length'))).toBeGreaterThan(100_000)
  })
})
