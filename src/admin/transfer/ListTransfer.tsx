'use client'
/**
 * Above a list: "Export CSV" (what the list shows: its filter, search, sort and columns, as the
 * viewer may read it), "Import CSV or JSON" (a preview of every row first: what the import does
 * with it, created or merged into a named record, its values as the file gives them, and its
 * problems; then an import only once confirmed) and "CSV template" (the
 * header an import takes and one example row).
 */
import { useConfig, useTableColumns } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import React, { useRef, useState } from 'react'

type Problem = { message: string; path?: string }
/** A row merged into a stored record as a duplicate. */
type Merged = { into: number | string; reason: string; title?: string }
type PreviewRow = {
  errors?: Problem[]
  merged?: Merged
  record?: Record<string, unknown>
  row: number
}
type Preview = { body: string; file: string; invalid: number; message: string; rows: PreviewRow[] }
type Outcome = { message: string; ok: boolean; rows?: { errors: Problem[]; row: number }[] }

/** Rows the preview lists (the count covers the whole file). */
const SHOWN_ROWS = 50
const SHOWN_COLUMNS = 6

const bodyOf = async (file: File): Promise<string | undefined> => {
  const text = await file.text()
  if (!/\.json$/i.test(file.name) && file.type !== 'application/json')
    return JSON.stringify({ csv: text })
  try {
    const parsed: unknown = JSON.parse(text)
    return JSON.stringify({ rows: Array.isArray(parsed) ? parsed : [parsed] })
  } catch {
    return undefined
  }
}

// The service's own answers to an import (src/admin/transfer/importRows.ts).
type Answer = {
  errors?: { data?: { rows?: Outcome['rows'] }; message: string }[]
  invalid?: number
  message?: string
  rows?: PreviewRow[]
}

const post = async (url: string, body: string): Promise<{ answer: Answer; ok: boolean }> => {
  const response = await fetch(url, {
    body,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    method: 'POST',
  })
  const answer: Answer = await response.json().catch(() => ({}))
  return { answer, ok: response.ok }
}

const failure = (answer: Answer): Outcome => ({
  message: answer.errors?.[0]?.message ?? answer.message ?? 'The import failed.',
  ok: false,
  rows: answer.errors?.[0]?.data?.rows,
})

const shown = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)

const problemsText = (errors: Problem[]) =>
  errors.map((error) => (error.path ? `${error.path}: ${error.message}` : error.message)).join('; ')

/** What the import will do with a row, in words; a stored record it merges into is linked. */
const Verdict: React.FC<{ admin: string; entry: PreviewRow; slug: string }> = ({
  admin,
  entry: { errors, merged },
  slug,
}) => {
  if (errors) return <>{problemsText(errors)}</>
  if (!merged) return <>Will be created</>
  return (
    <>
      Will be merged into{' '}
      <a href={`${admin}/collections/${slug}/${merged.into}`}>
        {merged.title || `record ${merged.into}`}
      </a>{' '}
      ({merged.reason})
    </>
  )
}

/** Columns every row has first (the file's own, for a merged row shows only those), then others. */
const columnsOf = (rows: PreviewRow[]): string[] => {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.record ?? {})))]
  const withRecord = rows.filter((row) => row.record)
  const everywhere = keys.filter((key) => withRecord.every((row) => key in row.record!))
  return [...everywhere, ...keys.filter((key) => !everywhere.includes(key))].slice(0, SHOWN_COLUMNS)
}

const PreviewTable: React.FC<{ admin: string; rows: PreviewRow[]; slug: string }> = ({
  admin,
  rows,
  slug,
}) => {
  const columns = columnsOf(rows)
  return (
    <div className="table" style={{ overflowX: 'auto' }}>
      <table data-import-preview>
        <thead>
          <tr>
            <th>Row</th>
            {columns.map((name) => (
              <th key={name}>{name}</th>
            ))}
            <th>What happens</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_ROWS).map((entry) => (
            <tr
              data-row-ok={entry.errors ? 'false' : 'true'}
              data-verdict={entry.errors ? 'invalid' : entry.merged ? 'merge' : 'create'}
              key={entry.row}
            >
              <td>{entry.row}</td>
              {columns.map((name) => (
                <td key={name}>{shown(entry.record?.[name])}</td>
              ))}
              <td>
                <Verdict admin={admin} entry={entry} slug={slug} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN_ROWS ? (
        <p>
          The first {SHOWN_ROWS} of {rows.length} rows are shown.
        </p>
      ) : null}
    </div>
  )
}

/** Payload's button classes; `btn--disabled` is what draws a button as not available. */
const buttonClass = (style: 'primary' | 'secondary', disabled: boolean) =>
  `btn btn--style-${style} btn--size-small${disabled ? ' btn--disabled' : ''}`

/** The browser's time zone, when it names one the server knows (some report none, or `Etc/Unknown`). */
const viewersZone = (): string | undefined => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  try {
    return zone && zone !== 'Etc/Unknown'
      ? new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
      : undefined
  } catch {
    return undefined
  }
}

export const ListTransfer: React.FC = () => {
  const pathname = usePathname()
  const params = useSearchParams()
  const router = useRouter()
  const { columns } = useTableColumns()
  const input = useRef<HTMLInputElement>(null)
  const [outcome, setOutcome] = useState<null | Outcome>(null)
  const [preview, setPreview] = useState<null | Preview>(null)
  const [busy, setBusy] = useState(false)
  const {
    config: {
      routes: { admin, api },
    },
  } = useConfig()
  const slug = pathname.split('/collections/')[1]?.split('/')[0]
  if (!slug) return null
  // What the list shows: its filter, search box and sort as its address carries them, and its
  // shown columns in order.
  const query = new URLSearchParams(
    [...params.entries()].filter(
      ([name]) => name.startsWith('where') || name === 'search' || name === 'sort',
    ),
  )
  const active = columns.filter((column) => column.active).map((column) => column.accessor)
  if (active.length) query.set('columns', JSON.stringify(active))
  // Moments in the file as the viewer's clock shows them (set when clicked: the server that
  // draws the page first has a zone of its own).
  const inViewersZone = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const zone = viewersZone()
    if (!zone) return
    const zoned = new URL(event.currentTarget.href)
    zoned.searchParams.set('tz', zone)
    event.currentTarget.href = zoned.toString()
  }
  const url = `${api}/${slug}/import`

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch {
      setOutcome({ message: 'The service could not be reached. Try again.', ok: false })
    } finally {
      setBusy(false)
    }
  }

  const chosen = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setOutcome(null)
    setPreview(null)
    await run(async () => {
      const body = await bodyOf(file)
      if (!body) return setOutcome({ message: `${file.name} is not valid JSON.`, ok: false })
      const withDryRun = JSON.stringify({ ...JSON.parse(body), dryRun: true })
      const { answer, ok } = await post(url, withDryRun)
      if (!ok || !answer.rows) return setOutcome(failure(answer))
      // A file with bad rows: each named in an alert too, beside the preview.
      const bad = answer.rows.flatMap(({ errors, row }) => (errors ? [{ errors, row }] : []))
      if (bad.length) setOutcome({ message: answer.message ?? '', ok: false, rows: bad })
      setPreview({
        body,
        file: file.name,
        invalid: answer.invalid ?? 0,
        message: answer.message ?? '',
        rows: answer.rows,
      })
    })
  }

  const confirm = async () => {
    if (!preview) return
    await run(async () => {
      const { answer, ok } = await post(url, preview.body)
      setPreview(null)
      if (!ok) return setOutcome(failure(answer))
      setOutcome({ message: answer.message ?? 'Imported.', ok: true })
      router.refresh()
    })
  }

  return (
    <div style={{ marginBottom: '1rem' }}>
      <p style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: 0 }}>
        <a
          className="btn btn--style-secondary btn--size-small"
          download
          href={`${api}/${slug}/export${query.size ? `?${query}` : ''}`}
          onClick={inViewersZone}
        >
          Export CSV
        </a>
        <button
          className={buttonClass('secondary', busy)}
          disabled={busy}
          onClick={() => input.current?.click()}
          type="button"
        >
          {busy ? 'Checking…' : 'Import CSV or JSON'}
        </button>
        <a
          className="btn btn--style-secondary btn--size-small"
          download
          href={`${api}/${slug}/import-template`}
        >
          CSV template
        </a>
        <input
          accept=".csv,.json,text/csv,application/json"
          aria-label="File to import"
          hidden
          onChange={chosen}
          ref={input}
          type="file"
        />
      </p>
      {preview ? (
        <div aria-label="Import preview" role="region" style={{ marginTop: '0.5rem' }}>
          <p style={{ margin: 0 }}>
            <strong>{preview.file}</strong>: {preview.message}
          </p>
          <PreviewTable admin={admin} rows={preview.rows} slug={slug} />
          <p style={{ display: 'flex', gap: '0.5rem' }}>
            <button
              className={buttonClass('primary', busy || preview.invalid > 0)}
              disabled={busy || preview.invalid > 0}
              onClick={confirm}
              type="button"
            >
              Import {preview.rows.length} {preview.rows.length === 1 ? 'row' : 'rows'}
            </button>
            <button
              className={buttonClass('secondary', busy)}
              disabled={busy}
              onClick={() => setPreview(null)}
              type="button"
            >
              Cancel
            </button>
          </p>
        </div>
      ) : null}
      {outcome ? (
        <div
          data-import-result
          role={outcome.ok ? 'status' : 'alert'}
          style={{ marginTop: '0.5rem' }}
        >
          <p style={{ margin: 0 }}>{outcome.message}</p>
          {outcome.rows?.length ? (
            <ul>
              {outcome.rows.map(({ errors, row }) => (
                <li key={row}>
                  Row {row}: {problemsText(errors)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
