/**
 * Labels as people write them (src/fields/labels.ts): no field of a collection reads "Msrp",
 * "Vin", "Line1", "Subject Id" or "Co Applicant …", and option labels follow the same rule.
 * Reads the built config (no database).
 */
import { describe, expect, it } from '@jest/globals'
import type { FlattenedField, SanitizedCollectionConfig } from 'payload'

import { fieldLabel, optionLabel } from '@/fields/labels'

/** Words Payload's labels from names would spell that people do not. */
const UNREAD = /\b(Adf|Api|Csv|Id|Ids|Msrp|Ofac|Sdn|Ssn|Url|Vdp|Vin|Vins|Zip|Line\d|Co Applicant)\b/

const collections = async (): Promise<SanitizedCollectionConfig[]> => {
  const config = await (await import('../../payload.config')).default
  return config.collections.filter(({ slug }) => !slug.startsWith('payload-'))
}

/** Every named field's label, through groups, arrays and tabs, by path. */
const labels = (fields: FlattenedField[], prefix = ''): [string, string][] =>
  fields.flatMap((field): [string, string][] => {
    const path = `${prefix}${field.name}`
    const own: [string, string][] =
      typeof field.label === 'string' && !field.hidden && !field.admin?.hidden
        ? [[path, field.label]]
        : []
    const nested = 'flattenedFields' in field ? labels(field.flattenedFields, `${path}.`) : []
    return [...own, ...nested]
  })

describe('field labels', () => {
  it('spell terms as people write them', () => {
    expect(fieldLabel('msrp')).toBe('MSRP')
    expect(fieldLabel('optionsMsrp')).toBe('Options MSRP')
    expect(fieldLabel('vin')).toBe('VIN')
    expect(fieldLabel('vinCount')).toBe('VIN Count')
    expect(fieldLabel('line1')).toBe('Line 1')
    expect(fieldLabel('subjectId')).toBe('Subject ID')
    expect(fieldLabel('coApplicantFirstName')).toBe('Co-applicant First Name')
    expect(fieldLabel('firstName')).toBe('First Name')
    expect(optionLabel('api')).toBe('API')
    expect(optionLabel('co-applicant')).toBe('Co-applicant')
    expect(optionLabel('web-form')).toBe('Web form')
  })

  it('are what every field of every collection shows', async () => {
    const unread = (await collections()).flatMap((collection) =>
      labels(collection.flattenedFields)
        .filter(([, label]) => UNREAD.test(label))
        .map(([path, label]) => `${collection.slug}.${path}: ${label}`),
    )
    expect(unread).toEqual([])
    const all = await collections()
    const bySlug = new Map<string, (typeof all)[number]>(
      all.map((collection) => [collection.slug, collection]),
    )
    const label = (slug: string, name: string) =>
      bySlug.get(slug)?.flattenedFields.find((field) => field.name === name)?.label
    expect(label('credit-app', 'coApplicantConsumer')).toBe('Co-applicant Consumer')
    expect(label('vehicle', 'vin')).toBe('VIN')
    expect(label('address', 'line1')).toBe('Line 1')
    // Shown as the record it names ("Deal · 2021 Ford F-150 · …"), labelled as such.
    expect(label('sanctions-match', 'subjectId')).toBe('Subject')
  })

  it('of options follow the same rule', async () => {
    const consents = (await collections()).find(({ slug }) => slug === 'consents')
    const find = (fields: FlattenedField[], name: string): FlattenedField | undefined =>
      fields.find((field) => field.name === name) ??
      fields
        .map((field) =>
          'flattenedFields' in field ? find(field.flattenedFields, name) : undefined,
        )
        .find(Boolean)
    const options = (name: string) => {
      const field = find(consents?.flattenedFields ?? [], name)
      return field?.type === 'select' ? field.options : []
    }
    expect(options('method')).toContainEqual({ label: 'API', value: 'api' })
    expect(options('role')).toContainEqual({ label: 'Co-applicant', value: 'co-applicant' })
  })
})
