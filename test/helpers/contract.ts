import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'

import type { JsonResponse } from './http'

type Document = {
  components: { responses?: Record<string, any>; schemas: Record<string, unknown> }
  paths: Record<string, Record<string, { responses: Record<string, any> }>>
}

/** OpenAPI 3.0 → JSON Schema for ajv: `nullable` becomes a "null" alternative; refs point at the document. */
export const toJsonSchema = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(toJsonSchema)
  if (!schema || typeof schema !== 'object') return schema
  const { nullable, ...rest } = schema as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(rest)) {
    out[key] =
      key === '$ref'
        ? String(value).replace('#/components/schemas/', 'openapi#/components/schemas/')
        : toJsonSchema(value)
  }
  if (!nullable) return out
  return typeof out.type === 'string'
    ? { ...out, type: [out.type, 'null'] }
    : { anyOf: [{ type: 'null' }, out] }
}

/** An ajv instance knowing the document's schemas as `openapi#/components/schemas/…`. */
export const documentAjv = (document: Pick<Document, 'components'>): Ajv => {
  const ajv = new Ajv({ allErrors: true, strict: false })
  ;(addFormats as unknown as (ajv: Ajv) => void)(ajv)
  ajv.addSchema({ components: toJsonSchema(document.components) }, 'openapi')
  return ajv
}

/**
 * Validates responses against the service's own OpenAPI document: the schema of the operation
 * (path template and method) for the response's status. The document itself is checked whole
 * once, in int/openapi.test.ts (SwaggerParser, Redocly, Spectral): checking it again here took
 * about 9 s of the first file of a run that used this.
 */
export const contractValidator = (document: Document) => {
  const ajv = documentAjv(document)
  const compiled = new Map<string, ReturnType<Ajv['compile']>>()
  const templates = Object.keys(document.paths).map((template) => ({
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    template,
  }))
  /** Problems of one response to `method path` (path relative to /api, query allowed); [] when it conforms. */
  return (method: string, path: string, response: JsonResponse): string[] => {
    const bare = path.split('?')[0]
    const template = templates.find((item) => item.pattern.test(bare))?.template ?? bare
    const operation = document.paths[template]?.[method.toLowerCase()]
    if (!operation) return [`no operation ${method} ${template} in the document`]
    const answer = operation.responses[String(response.status)]
    if (!answer) return [`status ${response.status} of ${method} ${template} is not documented`]
    // A shared answer (`#/components/responses/Payload400`) is a reference.
    const described = answer.$ref
      ? document.components.responses?.[String(answer.$ref).split('/').pop()!]
      : answer
    const schema = described.content?.['application/json']?.schema
    if (!schema) return []
    const key = `${method} ${template} ${response.status}`
    const validate = compiled.get(key) ?? ajv.compile(toJsonSchema(schema) as object)
    compiled.set(key, validate)
    return validate(response.body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`)
  }
}
