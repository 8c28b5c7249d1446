/**
 * Help texts speak to staff: no collection's or field's description in the admin UI names a file
 * of the code or its documentation (`src/…`, `hooks/….ts`, `docs/….md`), which staff can neither
 * open nor act on. Reads the built config (no database).
 */
import { describe, expect, it } from '@jest/globals'
import type { Field, SanitizedCollectionConfig, SanitizedGlobalConfig } from 'payload'

/** A path in the repository: a known top folder, or a file name with a code or docs extension. */
const REPOSITORY_PATH =
  /\b(src|docs|hooks|access|collections|plugins|scripts|test|patches)\/|\b[\w-]+\.(ts|tsx|mjs|md)\b|\w\/[\w.-]+\.js\b/

const textOf = (description: unknown): string =>
  typeof description === 'string'
    ? description
    : description && typeof description === 'object'
      ? Object.values(description)
          .filter((text) => typeof text === 'string')
          .join(' ')
      : ''

/** Every field's description, through groups, rows, collapsibles, tabs, arrays and blocks. */
const descriptions = (fields: Field[], prefix: string): [string, string][] =>
  fields.flatMap((field): [string, string][] => {
    const path = 'name' in field && field.name ? `${prefix}${field.name}` : prefix
    const own = textOf(field.admin && 'description' in field.admin && field.admin.description)
    const nested = [
      ...('fields' in field ? descriptions(field.fields, `${path}.`) : []),
      ...('tabs' in field
        ? field.tabs.flatMap((tab) => descriptions(tab.fields, `${path}${tab.label}:`))
        : []),
      ...('blocks' in field
        ? field.blocks.flatMap((block) => descriptions(block.fields, `${path}.`))
        : []),
    ]
    return own ? [[path, own], ...nested] : nested
  })

const entities = async (): Promise<(SanitizedCollectionConfig | SanitizedGlobalConfig)[]> => {
  const config = await (await import('../../payload.config')).default
  return [...config.collections, ...config.globals]
}

describe('help texts', () => {
  it('name no file of the code or its documentation', async () => {
    const texts = (await entities()).flatMap((entity) => [
      [`${entity.slug}`, textOf(entity.admin?.description)] as [string, string],
      ...descriptions(entity.fields, `${entity.slug}.`),
    ])
    expect(texts.length).toBeGreaterThan(100)
    const technical = texts
      .filter(([, text]) => REPOSITORY_PATH.test(text))
      .map(([path, text]) => `${path}: ${text}`)
    expect(technical).toEqual([])
  })
})
