/** The OpenAPI document and the docs page. */
import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, it } from '@jest/globals'
import { createConfig, lintFromString } from '@redocly/openapi-core'

import { consumers, creditApps } from '../../src/seed/demoData'
import { useTestService } from '../helpers/service'

const context = useTestService()

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.0 document labelled 3.0, public', async () => {
    const response = await context.service.api('/api/openapi.json')
    expect(response.status).toBe(200)
    const document = await response.json()
    expect(document.openapi).toMatch(/^3\.0\./)
    expect(document.info.version).toBe('3.0')
    await expect(SwaggerParser.validate(document)).resolves.toBeTruthy()
  })

  it("passes Redocly's recommended rules: no error, and no warning but the license (code generators read it)", async () => {
    const source = await (await context.service.api('/api/openapi.json')).text()
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ absoluteRef: 'openapi.json', config, source })
    // A private service has no licence to name or link to (`info-license` is a warning).
    expect(
      problems.map(({ location, message, ruleId, severity }) => ({
        at: location[0]?.pointer,
        message,
        ruleId,
        severity,
      })),
    ).toEqual([expect.objectContaining({ ruleId: 'info-license', severity: 'warn' })])
  })

  it('describes endpoints 1–19 with the API-key scheme and every documented commerce error', async () => {
    const document = await (await context.service.api('/api/openapi.json')).json()
    expect(Object.keys(document.paths).sort()).toEqual(
      [
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
      ].sort(),
    )
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
    const { components } = await (await context.service.api('/api/openapi.json')).json()
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
    const { components, paths } = await (await context.service.api('/api/openapi.json')).json()
    expect(components.schemas.company.properties.locations).toMatchObject({
      items: { oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/location' }] },
      type: 'array',
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
    const text = await (await context.service.api('/api/openapi.json')).text()
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
