'use client'
/**
 * Search across consumers, leads, credit apps, contacts, companies, deals and vehicles (GET
 * /api/search): by name, e-mail, VIN, or phone number in any format. Each hit has a second line
 * (phone, e-mail, store) to tell two of the same name apart; each count opens the list with the
 * same search.
 */
import { useConfig } from '@payloadcms/ui'
import React, { useState } from 'react'

type Group = {
  hits: { detail?: string; href: string; id: number | string; title: string }[]
  href: string
  label: string
  total: number
}

export const SearchBox: React.FC = () => {
  const {
    config: {
      routes: { api },
    },
  } = useConfig()
  const [q, setQ] = useState('')
  const [groups, setGroups] = useState<Group[] | null>(null)
  const [error, setError] = useState<string>()
  const search = async (event: React.FormEvent) => {
    event.preventDefault()
    const response = await fetch(`${api}/search?q=${encodeURIComponent(q)}`, {
      credentials: 'include',
    })
    const body = await response.json()
    if (!response.ok) return setError(body.errors?.[0]?.message ?? `HTTP ${response.status}`)
    setError(undefined)
    setGroups(body.groups)
  }
  return (
    <section aria-label="Search" style={{ marginBottom: '2rem' }}>
      {/* Centred: Payload's button margins would otherwise stretch the field to their height. */}
      <form
        onSubmit={search}
        role="search"
        style={{ alignItems: 'center', display: 'flex', gap: '0.5rem' }}
      >
        <input
          aria-label="Search records"
          onChange={(event) => setQ(event.target.value)}
          placeholder="Search by name, phone, e-mail or VIN: consumers, leads, credit apps, contacts, companies, deals, vehicles"
          style={{ flex: 1, padding: '0.5rem' }}
          type="search"
          value={q}
        />
        <button
          className="btn btn--style-primary btn--size-small"
          style={{ margin: 0 }}
          type="submit"
        >
          Search
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {groups && (
        <div data-testid="search-results">
          {groups.every((group) => group.total === 0) && <p>Nothing found.</p>}
          {groups
            .filter((group) => group.total > 0)
            .map((group) => (
              <div key={group.label}>
                <h4>
                  <a href={group.href} title={`All ${group.label.toLowerCase()} found, as a list`}>
                    {group.label} ({group.total})
                  </a>
                </h4>
                <ul>
                  {group.hits.map((hit) => (
                    <li key={hit.id} style={{ marginBottom: '0.25rem' }}>
                      <a href={hit.href}>{hit.title}</a>
                      {hit.detail && (
                        <div style={{ color: 'var(--theme-elevation-500)', fontSize: '0.85em' }}>
                          {hit.detail}
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
        </div>
      )}
    </section>
  )
}
