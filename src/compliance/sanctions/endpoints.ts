/**
 * POST /api/sanctions-list/load: staff admins (and admin API clients) load OFAC's SDN list, as
 * multipart files `sdn` (required), `alt` and `add`, or a JSON body of the same names holding
 * each file's text. The list is parsed (a file that is not OFAC's layout is a 400 naming it),
 * stored, and a job screens everyone against it.
 * POST /api/sanctions-match/:id/review `{decision: "clear" | "confirm", reason}`: a reviewer's
 * decision on a possible match, with who and why (./review.ts); a credit app held by it is then
 * released (queued) or blocked (src/flows/creditHolds.ts). A match scored at or above SANCTIONS_SECOND_REVIEW_SCORE is
 * cleared by a staff admin or by two staff users: the first staff user's clearance is a 202 and
 * the match stays pending. A match is decided once: a second decision is a 409 (a confirmed match
 * is never quietly cleared, and the first reviewer's record stays).
 */
import { addDataAndFileToRequest, type Endpoint, type PayloadRequest } from 'payload'

import { refusalFor } from '@/api/refusal'
import { withTransaction } from '@/db/transaction'
import { isRecord } from '@/lib/isRecord'
import { visibleLength } from '@/lib/visibleLength'

import { actorOf, invalid } from '../endpointParts'
import { holdsSsn } from '../requests/noSsn'
import { parseSdnFiles, SdnFileError, type SdnFiles } from './parse'
import { COMPLIANCE_QUEUE, SCREEN_TASK } from './rescreen'
import type { Decision, Reviewed } from './review'
import { LISTS } from './screen'

const FILES = ['sdn', 'alt', 'add'] as const

/** The three files' text from a multipart form or a JSON body. */
const filesOf = async (req: PayloadRequest): Promise<Partial<SdnFiles>> => {
  const type = req.headers.get('content-type') ?? ''
  if (type.startsWith('multipart/form-data') && req.formData) {
    const form = await req.formData()
    const files: Partial<SdnFiles> = {}
    for (const name of FILES) {
      const part = form.get(name)
      if (part === null) continue
      files[name] = typeof part === 'string' ? part : await part.text()
    }
    return files
  }
  await addDataAndFileToRequest(req)
  const body = isRecord(req.data) ? req.data : {}
  const files: Partial<SdnFiles> = {}
  for (const name of FILES) {
    if (body[name] === undefined) continue
    if (typeof body[name] !== 'string')
      throw invalid(name, `${name} must be the text of ${name}.csv`)
    files[name] = body[name] as string
  }
  return files
}

export const loadListEndpoint: Endpoint = {
  handler: async (req) => {
    const refused = refusalFor(req, 'admins')
    if (refused) return refused
    const files = await filesOf(req)
    if (!files.sdn?.trim()) throw invalid('sdn', 'sdn (the text of sdn.csv) is required')
    let entries
    try {
      entries = parseSdnFiles(files as SdnFiles)
    } catch (error) {
      if (error instanceof SdnFileError) throw invalid(error.file, error.message)
      throw error
    }
    if (!entries.length) throw invalid('sdn', 'sdn.csv holds no entries to screen against')
    // The list and its screening job together: never a current list that nothing screens.
    const doc = await withTransaction(req, async () => {
      const list = await req.payload.create({
        collection: LISTS,
        data: {
          addressCount: entries.reduce((sum, entry) => sum + entry.addresses.length, 0),
          aliasCount: entries.reduce((sum, entry) => sum + entry.names.length - 1, 0),
          entries,
          entryCount: entries.length,
          loadedBy: actorOf(req),
          screening: { status: 'queued' },
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await req.payload.jobs.queue({
        input: { list: list.id },
        queue: COMPLIANCE_QUEUE,
        req,
        task: SCREEN_TASK,
      })
      return list
    })
    return Response.json(
      { doc, message: 'List loaded; screening everyone against it.' },
      { status: 201 },
    )
  },
  method: 'post',
  path: '/load',
}

const MIN_REASON = 10

/** Records a reviewer's decision on a match (src/flows/creditHolds.ts adds what follows it). */
type Decide = (
  req: PayloadRequest,
  id: string,
  decision: Decision,
  reason: string,
) => Promise<Reviewed>

export const matchReviewEndpoint = (decide: Decide): Endpoint => ({
  handler: async (req) => {
    const refused = refusalFor(req, 'house')
    if (refused) return refused
    await addDataAndFileToRequest(req)
    const body = isRecord(req.data) ? req.data : {}
    const decision = body.decision
    if (decision !== 'clear' && decision !== 'confirm')
      throw invalid('decision', 'decision must be clear or confirm')
    const reason = typeof body.reason === 'string' ? body.reason.trim() : ''
    // Counted as seen: spaces and invisible characters (zero-width spaces) are no reason.
    if (visibleLength(reason) < MIN_REASON)
      throw invalid(
        'reason',
        `reason is required: say why, in at least ${MIN_REASON} characters, not counting spaces or invisible ones`,
      )
    if (holdsSsn(reason))
      throw invalid(
        'reason',
        'reason must not contain an SSN (write how it was checked, not the number)',
      )
    const { doc, outcome } = await decide(req, String(req.routeParams?.id), decision, reason)
    if (outcome === 'first clearance')
      return Response.json(
        {
          doc,
          message:
            'First clearance recorded. The match stays pending (and its app held) until another staff user or a staff admin clears it too.',
        },
        { status: 202 },
      )
    return Response.json({ doc, message: 'Review recorded.' })
  },
  method: 'post',
  path: '/:id/review',
})
