/**
 * Payload's JSON Schema (draft 4, as generated for payload-types.ts) → OpenAPI 3.0 schema objects:
 * `type: [t, "null"]` becomes `type: t, nullable: true`, references point into components, and
 * objects stay open to additive fields.
 */
import { isRecord } from '@/lib/isRecord'

import type { Schema } from './responses'

/**
 * A relation is `oneOf: [id, $ref]`, and its `null` was set on the id. OpenAPI 3.0 allows
 * `nullable` only beside a `type`, so it stays on the id option (a null matches that option
 * alone): `nullable` beside `oneOf` is what linters and code generators reject.
 */
const nullableOnTypedOption = (options: Schema[]): Schema[] => {
  if (!options.some((option) => option.nullable)) return options
  const typed = options.find((option) => option.type !== undefined)
  return options.map((option) => {
    const rest = { ...option }
    delete rest.nullable
    return option === typed ? { ...rest, nullable: true } : rest
  })
}

/** A keyword's value converted: schemas inside it, lists of them, or a plain value as it is. */
const converted = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(converted) : isRecord(value) ? toOpenApiSchema(value) : value

/** One schema converted. */
export const toOpenApiSchema = (schema: unknown): Schema => {
  const out: Schema = {}
  if (!isRecord(schema)) return out
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue
    // A schema's `title` annotation (a text), not a property named `title` (a schema).
    if ((key === 'title' && typeof value === 'string') || key === 'tsType') continue
    // OpenAPI 3.0 forbids an empty `required` list.
    if (key === 'required' && Array.isArray(value) && value.length === 0) continue
    // OpenAPI 3.0 has no `const`: a one-value enum says the same.
    if (key === 'const') {
      out.enum = [value]
      continue
    }
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.replace('#/definitions/', '#/components/schemas/')
      continue
    }
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((type) => type !== 'null')
      if (types.length === 1) out.type = types[0]
      if (value.includes('null')) out.nullable = true
      continue
    }
    if (key === 'oneOf' && Array.isArray(value)) {
      out.oneOf = nullableOnTypedOption(value.map(toOpenApiSchema))
      continue
    }
    out[key] = converted(value)
  }
  // OpenAPI 3.0: `nullable` means something only beside a `type`; a schema of any type (a JSON
  // field) admits null already.
  if (out.nullable && out.type === undefined && out.oneOf === undefined) delete out.nullable
  // A nullable enum must list null among its values (OpenAPI 3.0.3).
  if (out.nullable && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null]
  return out
}
