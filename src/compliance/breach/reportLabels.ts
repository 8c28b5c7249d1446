/**
 * The breach-readiness report as staff read it: each collection by the name the admin UI gives
 * it ("Credit Apps") and each field by its label ("Co-applicant E-mail"), not by the slugs and
 * field names the API answers with, which are for programs.
 */
import type { FlattenedField, SanitizedConfig } from 'payload'

import { fieldLabel } from '@/fields/labels'

import type { BreachReport } from './report'

const textOf = (label: unknown, fallback: string): string =>
  typeof label === 'string'
    ? label
    : label && typeof label === 'object' && 'en' in label && typeof label.en === 'string'
      ? label.en
      : fallback

/** A field's label by its dotted path (`adf.phones` → "ADF › Phones"), through groups. */
const pathLabel = (fields: FlattenedField[], path: string): string => {
  const [name, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === name)
  const own = textOf(field?.label, fieldLabel(name))
  if (!rest.length) return own
  const nested = field && 'flattenedFields' in field ? field.flattenedFields : []
  return `${own} › ${pathLabel(nested, rest.join('.'))}`
}

export type LabelledRow = { collection: string; consumers: number; fields: string[]; name: string }

export const labelledReport = (
  config: SanitizedConfig,
  report: BreachReport,
): { encrypted: string[]; rows: LabelledRow[] } => {
  const bySlug = new Map<string, SanitizedConfig['collections'][number]>(
    config.collections.map((collection) => [collection.slug, collection]),
  )
  const named = (slug: string) => textOf(bySlug.get(slug)?.labels.plural, fieldLabel(slug))
  const fieldsOf = (slug: string) => bySlug.get(slug)?.flattenedFields ?? []
  const rows = report.collections.map(({ collection, consumers, fields }) => ({
    collection,
    consumers,
    fields: fields.map((path) => pathLabel(fieldsOf(collection), path)),
    name: named(collection),
  }))
  // "consumer.ssn" → "Consumers: SSN", one entry per collection.
  const encrypted = new Map<string, string[]>()
  for (const entry of report.encryptedFields) {
    const [slug, ...path] = entry.split('.')
    encrypted.set(slug, [...(encrypted.get(slug) ?? []), pathLabel(fieldsOf(slug), path.join('.'))])
  }
  return {
    encrypted: [...encrypted].map(([slug, labels]) => `${named(slug)}: ${labels.join(', ')}`),
    rows,
  }
}
