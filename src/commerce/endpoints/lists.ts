import type { CollectionSlug, PayloadRequest } from 'payload'

import { apiEndpoint } from '@/api/endpoint'
import { paged } from '@/api/envelope'
import { type ListParams, parseListParams } from '@/api/params'
import { compiledPage } from '@/reads'

import { cursorAfter, pageAfter, pageByNumber } from '../listPages'
import { joinOptions, joinsAsArrays } from './joins'

/** Top-level fields of a collection (those in unnamed tabs or rows too) that a list may be sorted by. */
const sortableFields = (req: PayloadRequest, collection: CollectionSlug): string[] =>
  req.payload.collections[collection].config.flattenedFields.flatMap((field) =>
    !['join', 'relationship', 'group', 'array', 'tab', 'blocks'].includes(field.type) &&
    !('hasMany' in field && field.hasMany)
      ? [field.name]
      : [],
  )

/** A page by Payload's find (or its cursor reading), joins reshaped as the compiled reads answer them. */
const payloadPage = async (req: PayloadRequest, collection: CollectionSlug, params: ListParams) => {
  const result = params.after
    ? await pageAfter(req, collection, params, params.after)
    : await pageByNumber(req, collection, params)
  return { ...result, docs: result.docs.map((doc) => joinsAsArrays(doc, req, collection)) }
}

const list = (collection: CollectionSlug) => async (req: PayloadRequest) => {
  const params = parseListParams(req.query, sortableFields(req, collection))
  const result =
    (await compiledPage(req, collection, params, joinOptions(req, collection).populate)) ??
    (await payloadPage(req, collection, params))
  return paged(result, cursorAfter(result, params))
}

/** 6. GET /webevents — paged, read-only. */
export const listWebEvents = apiEndpoint({
  method: 'get',
  path: '/webevents',
  run: list('web-event'),
})

/** 7. GET /companies — paged; facilitators are companies too (`where[isFacilitator][equals]=true`); `locations` is an array. */
export const listCompanies = apiEndpoint({
  method: 'get',
  path: '/companies',
  run: list('company'),
})
