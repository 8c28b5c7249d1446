'use client'
/**
 * The lead page's "Possible duplicates" (GET /api/lead/:id/duplicates) and their merge: Merge
 * opens a preview (POST /api/lead/:id/merge with dryRun: which values the kept lead will have,
 * and what moves to it), and Confirm merges, then reloads the page.
 */
import React, { useCallback, useEffect, useState } from 'react'

import type { PossibleDuplicate } from '@/leadDesk/duplicates'
import type { MergePreview } from '@/leadDesk/merge'

import { call, errorOf } from '../call'
import { Moment } from '../values/cells'
import { localTime } from './api'
import { DeskError } from './DeskParts'

export type Listed = { canMerge: boolean; docs: PossibleDuplicate[]; lead: number }

/** A value as the preview shows it: a time in the viewer's locale, a group by its time. */
const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'object') {
    const { at, make, model, trim, year } = value as Record<string, unknown>
    if (make || model) return [year, make, model, trim].filter(Boolean).join(' ')
    return typeof at === 'string' ? `requested ${localTime(at)}` : '—'
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return localTime(value)
  return String(value)
}

const MOVES: [keyof MergePreview['moves'], string][] = [
  ['leadEvents', 'lead events'],
  ['vdpEmails', 'VDP e-mails'],
  ['doNotContact', 'do-not-contact requests'],
  ['notes', 'notes'],
  ['appointments', 'appointments'],
  ['tasks', 'tasks'],
]

const Preview = ({
  api,
  lead,
  onCancel,
  preview,
}: {
  api: string
  lead: number
  onCancel: () => void
  preview: MergePreview
}) => {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<null | string>(null)
  const confirm = async () => {
    setBusy(true)
    setError(null)
    const answer = await call(`${api}/lead/${lead}/merge`, {
      body: { other: preview.other.id },
      method: 'POST',
    })
    if (answer.ok) return window.location.reload()
    setBusy(false)
    setError(errorOf(answer))
  }
  const other = preview.other.title || `Lead ${preview.other.id}`
  return (
    <div aria-label="Merge preview" className="lead-desk__merge" role="dialog">
      <h4>
        Merge {other} (lead {preview.other.id}) into this lead
      </h4>
      <table>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">This lead</th>
            <th scope="col">Lead {preview.other.id}</th>
            <th scope="col">After the merge</th>
          </tr>
        </thead>
        <tbody>
          {preview.values.map((value) => (
            <tr data-field={value.field} key={value.field}>
              <th scope="row">{value.label}</th>
              <td className={value.from === 'kept' ? 'lead-desk__wins' : undefined}>
                {shown(value.kept)}
              </td>
              <td className={value.from === 'other' ? 'lead-desk__wins' : undefined}>
                {shown(value.other)}
              </td>
              <td data-result>{shown(value.result)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p aria-label="What moves" data-moves>
        Moves to this lead:{' '}
        {MOVES.map(([key, words]) => `${preview.moves[key]} ${words}`).join(', ')}. Lead{' '}
        {preview.other.id} stays readable, marked as merged into this one, and leaves the desk
        lists.
      </p>
      <DeskError error={error} />
      <div className="lead-desk__actions">
        <button
          className="btn btn--style-primary btn--size-small"
          disabled={busy}
          onClick={() => void confirm()}
          type="button"
        >
          {busy ? 'Merging…' : 'Confirm merge'}
        </button>
        <button
          className="btn btn--style-secondary btn--size-small"
          disabled={busy}
          onClick={onCancel}
          type="button"
        >
          Cancel
        </button>
      </div>
    </div>
  )
}

export const Duplicates = ({
  api,
  initial,
  lead,
}: {
  api: string
  /** As the server read them with the page: nothing below moves when they arrive. */
  initial?: Listed
  lead: number
}) => {
  const [listed, setListed] = useState<Listed | null>(initial ?? null)
  const [preview, setPreview] = useState<MergePreview | null>(null)
  const [error, setError] = useState<null | string>(null)

  const load = useCallback(async () => {
    const answer = await call<Listed>(`${api}/lead/${lead}/duplicates`)
    if (answer.ok) setListed(answer.body)
    else setError(errorOf(answer))
  }, [api, lead])

  useEffect(() => {
    if (!initial) void load()
  }, [initial, load])

  const open = async (other: number) => {
    setError(null)
    const answer = await call<MergePreview>(`${api}/lead/${lead}/merge`, {
      body: { dryRun: true, other },
      method: 'POST',
    })
    if (answer.ok) setPreview(answer.body)
    else setError(errorOf(answer))
  }

  return (
    <>
      <h4>Possible duplicates</h4>
      <DeskError error={error} />
      {listed?.docs.length ? (
        <ul aria-label="Possible duplicates" className="lead-desk__others">
          {listed.docs.map((doc) => (
            <li key={doc.id}>
              <a href={`/admin/collections/lead/${doc.id}`}>{doc.title || `Lead ${doc.id}`}</a>{' '}
              <span className="lead-desk__muted">
                {doc.reason} · {doc.email ?? doc.phoneNumber ?? ''} ·{' '}
                <Moment value={doc.createdAt} />
              </span>{' '}
              {listed.canMerge ? (
                <button
                  className="btn btn--style-secondary btn--size-small"
                  onClick={() => void open(doc.id)}
                  type="button"
                >
                  Merge…
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="lead-desk__muted">{listed ? 'None found.' : 'Looking…'}</p>
      )}
      {preview ? (
        <Preview api={api} lead={lead} onCancel={() => setPreview(null)} preview={preview} />
      ) : null}
    </>
  )
}
