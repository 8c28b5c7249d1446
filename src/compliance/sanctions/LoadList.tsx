'use client'
/**
 * Above the sanctions lists: load OFAC's three CSV files (multipart POST …/load). Staff admins
 * only; anyone else is told so by the answer. Not a <form>: the list view has its own.
 */
import { useConfig } from '@payloadcms/ui'
import React, { useRef, useState } from 'react'

import { fieldErrorMessageOf, numberAt } from '@/lib/answerBody'

const FILES = [
  ['sdn', 'sdn.csv (required)'],
  ['alt', 'alt.csv (aliases)'],
  ['add', 'add.csv (addresses)'],
] as const

export const LoadList = () => {
  const {
    config: {
      routes: { api },
      serverURL,
    },
  } = useConfig()
  const inputs = useRef<Record<string, HTMLInputElement | null>>({})
  const [status, setStatus] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  const load = async () => {
    const form = new FormData()
    for (const [name] of FILES) {
      const file = inputs.current[name]?.files?.[0]
      if (file) form.append(name, file)
    }
    setBusy(true)
    setStatus('Loading…')
    const response = await fetch(`${serverURL}${api}/sanctions-list/load`, {
      body: form,
      credentials: 'include',
      method: 'POST',
    }).catch(() => null)
    const body: unknown = await response?.json().catch(() => ({}))
    setBusy(false)
    if (response?.ok) {
      setStatus(
        `Loaded ${numberAt(body, ['doc', 'entryCount']) ?? 0} entries; screening everyone against them. Reload to follow its progress.`,
      )
      return
    }
    setStatus(fieldErrorMessageOf(body) ?? 'The list could not be loaded.')
  }
  return (
    <section aria-label="Load the SDN list" style={{ marginBottom: '1.5rem' }}>
      <h3>Load OFAC&apos;s SDN list</h3>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', margin: '0.5rem 0' }}>
        {FILES.map(([name, text]) => (
          <label key={name} style={{ display: 'flex', flexDirection: 'column' }}>
            {text}
            <input
              accept=".csv,text/csv"
              name={name}
              ref={(element) => {
                inputs.current[name] = element
              }}
              type="file"
            />
          </label>
        ))}
      </div>
      <button
        className="btn btn--style-primary btn--size-small"
        disabled={busy}
        onClick={() => void load()}
        type="button"
      >
        Load list
      </button>
      {status ? <p role="status">{status}</p> : null}
    </section>
  )
}
