/** The routes that move records in and out of a collection as files: CSV export, import, and the import template. */
import { param } from '../parameters'
import { json, ref } from '../responses'
import { MERGED_ROW } from './leadDeskRoutes'
import { ANY_OBJECT, camel, Context, errorsOf, op, PathItems, pluralOf } from './shared'

export const transferRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /export': ({ collection, slug, tag }) => ({
    [`/${slug}/export`]: {
      get: op(
        { operationId: `${camel(slug)}_export`, summary: 'Export as CSV', tag },
        `Every ${collection.slug} record the caller may read that \`where\` and \`search\` find, as a CSV file (a header line of field names; a relation's ids, then its records' names in a \`<column> (name)\` column, blank where the caller may not read them), oldest first or by \`sort\`, with the \`columns\` named (else every exportable field): what the list view shows.`,
        {
          parameters: [
            param('where'),
            {
              description: "The list view's search box, matched as the list matches it.",
              in: 'query',
              name: 'search',
              schema: { type: 'string' },
            },
            param('sort'),
            {
              description:
                'The columns, in order: a JSON list as the list view keeps it (`["title","-source"]`, `-` marking a hidden one) or names separated by commas; a group\'s field by its path. A column never exported is a 400.',
              in: 'query',
              name: 'columns',
              schema: { type: 'string' },
            },
            {
              description:
                "An IANA time zone (`America/Los_Angeles`; the admin UI sends the browser's): moments are written as local ISO 8601 with their offset (`2026-11-28T09:30:00-08:00`). Without it, UTC as stored. A zone that is not one is a 400.",
              example: 'America/Los_Angeles',
              in: 'query',
              name: 'tz',
              schema: { type: 'string' },
            },
          ],
          responses: {
            200: {
              content: { 'text/csv': { schema: { type: 'string' } } },
              description: 'The CSV file',
            },
            ...errorsOf({}),
          },
        },
      ),
    },
  }),
  'post /import': ({ collection, slug, tag }) => ({
    [`/${slug}/import`]: {
      post: op(
        { operationId: `${camel(slug)}_import`, summary: 'Import records', tag },
        `Creates ${pluralOf(collection).toLowerCase()} from a CSV file (\`csv\`: a header line of field names, as the export writes) or a list of records (\`rows\`), whole or not at all: if any row is refused, the answer is 400 listing every bad row (\`errors[0].data.rows\`) and nothing is imported. \`dryRun: true\` only checks, and answers a preview of every row. At most 5,000 rows.`,
        {
          requestBody: {
            content: json({
              properties: {
                csv: { description: 'The CSV file as text.', type: 'string' },
                dryRun: { type: 'boolean' },
                rows: { items: ref(`${slug}_update`), type: 'array' },
              },
              type: 'object',
            }),
            required: true,
          },
          responses: {
            200: {
              content: json({
                properties: {
                  invalid: { type: 'integer' },
                  merged: {
                    description: 'Rows that would be merged into existing records as duplicates.',
                    type: 'integer',
                  },
                  message: { type: 'string' },
                  rows: {
                    items: {
                      properties: {
                        errors: {
                          items: {
                            properties: { message: { type: 'string' }, path: { type: 'string' } },
                            required: ['message'],
                            type: 'object',
                          },
                          type: 'array',
                        },
                        merged: {
                          ...MERGED_ROW,
                          description:
                            'The stored record the row would be merged into as a duplicate (leads), instead of creating one.',
                        },
                        record: {
                          ...ANY_OBJECT,
                          description:
                            'The record the row would create; for a merged row, the values the file gives it (the record it joins keeps its own).',
                        },
                        row: { type: 'integer' },
                        verdict: {
                          description:
                            'What the import does with the row: creates a record, merges it into an existing one, or cannot (`errors`).',
                          enum: ['create', 'merge', 'invalid'],
                          type: 'string',
                        },
                      },
                      required: ['row', 'verdict'],
                      type: 'object',
                    },
                    type: 'array',
                  },
                  valid: { type: 'integer' },
                },
                required: ['invalid', 'merged', 'message', 'rows', 'valid'],
                type: 'object',
              }),
              description:
                'Dry run: a preview, each row with its verdict, the record it would create (`record`) or its problems (`errors`); nothing is saved',
            },
            201: {
              content: json({
                properties: {
                  ids: {
                    items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
                    type: 'array',
                  },
                  imported: { type: 'integer' },
                  merged: {
                    description:
                      'Rows merged into an existing record as duplicates (leads), each with its row number; `ids` lists the records created.',
                    items: {
                      ...MERGED_ROW,
                      properties: { ...MERGED_ROW.properties, row: { type: 'integer' } },
                    },
                    type: 'array',
                  },
                  message: { type: 'string' },
                },
                required: ['ids', 'imported', 'message'],
                type: 'object',
              }),
              description: 'Every row was imported',
            },
            ...errorsOf({ body: true }),
          },
        },
      ),
    },
  }),
  'get /import-template': ({ collection, slug, tag }) => ({
    [`/${slug}/import-template`]: {
      get: op(
        { operationId: `${camel(slug)}_importTemplate`, summary: 'Import template (CSV)', tag },
        `A CSV file to fill in for an import of ${pluralOf(collection).toLowerCase()}: the header (the fields the caller may set on a create) and one example row showing each field's format.`,
        {
          responses: {
            200: {
              content: { 'text/csv': { schema: { type: 'string' } } },
              description: 'The template',
            },
            ...errorsOf({}),
          },
        },
      ),
    },
  }),
})
