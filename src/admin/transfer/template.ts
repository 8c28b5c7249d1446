/**
 * An import template: `GET /api/<collection>/import-template` answers a CSV with the header an
 * import takes (the fields the caller may set on a create, as an export names them; no id,
 * timestamps or values the service keeps) and one example row showing each field's format.
 * Relations are filled with the id of the newest record the caller may read, so the example
 * row names records that exist. Served to the callers an import takes: signed in (401) and
 * allowed to create in the collection (403).
 */
import { type CollectionSlug, type FlattenedField, Forbidden, type PayloadRequest } from 'payload'

import { messages, payloadError } from '@/errors'
import { isCollectionSlug } from '@/lib/collectionSlug'

import { exportColumns } from './exportCsv'

const SERVER_FIELDS = new Set(['createdAt', 'deletedAt', 'id', 'updatedAt'])

/** A field a caller fills in: not one the service works out (hidden or read-only in the form). */
const mayCreate = async (req: PayloadRequest, field: FlattenedField): Promise<boolean> => {
  if (field.admin?.hidden || field.admin?.readOnly) return false
  const access = 'access' in field ? field.access?.create : undefined
  return access ? Boolean(await access({ req } as never)) : true
}

const exampleText = (name: string): string => {
  if (/email/i.test(name)) return 'someone@example.com'
  if (/phone/i.test(name)) return '(213) 555-0100'
  if (/zip/i.test(name)) return '90026'
  return 'Example'
}

/** A newest readable record's id, or an empty cell. */
const someId = async (req: PayloadRequest, slug: string): Promise<string> => {
  if (!isCollectionSlug(req.payload, slug)) return ''
  try {
    const found = await req.payload.find({
      collection: slug,
      depth: 0,
      limit: 1,
      overrideAccess: false,
      pagination: false,
      req,
      select: {},
      sort: '-createdAt',
    })
    return found.docs[0] ? String(found.docs[0].id) : ''
  } catch {
    return ''
  }
}

const example = async (req: PayloadRequest, field: FlattenedField): Promise<string> => {
  const many = 'hasMany' in field && field.hasMany
  switch (field.type) {
    case 'checkbox':
      return 'false'
    case 'date':
      return field.admin?.date?.pickerAppearance === 'dayOnly'
        ? '2026-01-31'
        : '2026-01-31T15:00:00.000Z'
    case 'email':
      return 'someone@example.com'
    case 'number':
      return '1'
    case 'radio':
    case 'select': {
      const [first] = field.options
      return first === undefined ? '' : typeof first === 'string' ? first : first.value
    }
    case 'relationship':
      // A person (an assignee) is the caller: the newest user read may be one it cannot name.
      if (field.relationTo === 'users' && req.user?.collection === 'users')
        return String(req.user.id)
      return typeof field.relationTo === 'string' ? someId(req, field.relationTo) : ''
    case 'text':
    case 'textarea':
      return many ? 'first; second' : exampleText(field.name)
    default:
      return ''
  }
}

const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)

export const importTemplate = async (
  req: PayloadRequest,
  slug: CollectionSlug,
): Promise<Response> => {
  const { config } = req.payload.collections[slug]
  // A template is for an import: the same callers (signed in, with the right to create).
  if (!req.user) return payloadError(401, messages.unauthorized)
  if (!(await config.access.create({ req }))) throw new Forbidden(req.t)
  const byName = new Map(config.flattenedFields.map((field) => [field.name, field]))
  const fields: FlattenedField[] = []
  for (const name of exportColumns(config)) {
    const field = byName.get(name)
    if (field && !SERVER_FIELDS.has(name) && (await mayCreate(req, field))) fields.push(field)
  }
  const values = await Promise.all(fields.map((field) => example(req, field)))
  const text = [fields.map(({ name }) => name), values].map((line) => line.map(csvCell).join(','))
  return new Response(`${text.join('\r\n')}\r\n`, {
    headers: {
      'Content-Disposition': `attachment; filename="${slug}-import-template.csv"`,
      'Content-Type': 'text/csv; charset=utf-8',
    },
  })
}
