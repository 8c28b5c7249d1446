/**
 * The rich-text editor, Lexical, for a config that has a rich-text field. Its server features
 * load @payloadcms/ui and React (about a quarter of a second and 8 MiB in every process, API-only
 * ones and each test file included), and no collection or global has such a field, so it is
 * loaded only when one does: a rich-text field added later gets Lexical as its editor.
 */
import type { lexicalEditor } from '@payloadcms/richtext-lexical'
import type { Config, Field } from 'payload'

import { refuseInLeanBuild } from '@/lib/leanBuild'

type WithFields = { fields: Field[] }

export const hasRichText = (fields: Field[]): boolean =>
  fields.some((field) => {
    if (field.type === 'richText') return true
    if (field.type === 'tabs') return field.tabs.some((tab) => hasRichText(tab.fields))
    if (field.type === 'blocks')
      return (field.blocks ?? []).some((block) => hasRichText(block.fields))
    return 'fields' in field && hasRichText(field.fields)
  })

const lexical: ReturnType<typeof lexicalEditor> = async (args) => {
  refuseInLeanBuild('Lexical (for a rich-text field)')
  return (await import('@payloadcms/richtext-lexical')).lexicalEditor()(args)
}

/** Lexical, imported on first use, where any of `entities` has a rich-text field; else none. */
export const richTextEditor = (entities: WithFields[]): Config['editor'] =>
  entities.some((entity) => hasRichText(entity.fields)) ? lexical : undefined
