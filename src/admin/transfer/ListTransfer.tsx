'use client'
/**
 * Above a list: "Export CSV" (the records the list's filter selects, as the viewer may read them)
 * and "Import CSV or JSON" (every row checked first; a file with a bad row imports nothing and
 * the rows' problems are listed here).
 */
import { useConfig } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import React, { useRef, useState } from 'react'

type RowProblems = { errors: { message: string; path?: string }[]; row: number }
type Outcome = { message: string; ok: boolean; rows?: RowProblems[] }

const send = async (url: string, file: File): Promise<Outcome> => {
  const text = await file.text()
  let body: string
  if (/\.json$/i.test(file.name) || file.type === 'application/json') {
    try {
      const parsed: unknown = JSON.parse(text)
      body = JSON.stringify({ rows: Array.isArray(parsed) ? parsed : [parsed] })
    } catch {
      return { message: `${file.name} is not valid JSON.`, ok: false }
    }
  } else {
    body = JSON.stringify({ csv: text })
  }
  const response = await fetch(url, {
    body,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    method: 'POST',
  })
  // The service's own answer to an import (src/admin/transfer/importRows.ts).
  const answer: {
    errors?: { data?: { rows?: RowProblems[] }; message: string }[]
    message?: string
  } = await response.json().catch(() => ({}))
  if (response.ok) return { message: answer.message ?? 'Imported.', ok: true }
  const error = answer.errors?.[0]
  return {
    message: error?.message ?? `The import failed (${response.status}).`,
    ok: false,
    rows: error?.data?.rows,
  }
}

export const ListTransfer: React.FC = () => {
  const pathname = usePathname()
  const params = useSearchParams()
  const router = useRouter()
  const input = useRef<HTMLInputElement>(null)
  const [outcome, setOutcome] = useState<null | Outcome>(null)
  const [busy, setBusy] = useState(false)
  const {
    config: {
      routes: { api },
    },
  } = useConfig()
  const slug = pathname.split('/collections/')[1]?.split('/')[0]
  if (!slug) return null
  // The list's filter and search box, as its address carries them (`where[...]=…`, `search=`).
  const where = new URLSearchParams(
    [...params.entries()].filter(([name]) => name.startsWith('where') || name === 'search'),
  ).toString()

  const chosen = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setBusy(true)
    setOutcome(null)
    try {
      const result = await send(`${api}/${slug}/import`, file)
      setOutcome(result)
      if (result.ok) router.refresh()
    } catch {
      setOutcome({ message: 'The service could not be reached. Try again.', ok: false })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div style={{ marginBottom: '1rem' }}>
      <p style={{ display: 'flex', gap: '0.5rem', margin: 0 }}>
        <a
          className="btn btn--style-secondary btn--size-small"
          download
          href={`${api}/${slug}/export${where ? `?${where}` : ''}`}
        >
          Export CSV
        </a>
        <button
          className="btn btn--style-secondary btn--size-small"
          disabled={busy}
          onClick={() => input.current?.click()}
          type="button"
        >
          {busy ? 'Importing…' : 'Import CSV or JSON'}
        </button>
        <input
          accept=".csv,.json,text/csv,application/json"
          aria-label="File to import"
          hidden
          onChange={chosen}
          ref={input}
          type="file"
        />
      </p>
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
                  Row {row}:{' '}
                  {errors
                    .map((error) =>
                      error.path ? `${error.path}: ${error.message}` : error.message,
                    )
                    .join('; ')}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
