/**
 * The admin dashboard's figures (before Payload's collection cards): a server component that
 * counts through the Local API as the viewer (src/admin/dashboardFigures.ts).
 */
import type { Payload, TypedUser } from 'payload'
import React from 'react'

import { dashboardFigures } from './dashboardFigures'

export const Dashboard = async ({ payload, user }: { payload: Payload; user?: TypedUser }) => {
  if (!user) return null
  const sections = await dashboardFigures(payload, user)
  return (
    <section aria-label="Pipeline" className="commerce-dashboard" style={{ marginBottom: '2rem' }}>
      {sections.map(({ figures, title }) => (
        <div key={title} style={{ marginBottom: '1.25rem' }}>
          <h3 style={{ marginBottom: '0.5rem' }}>{title}</h3>
          <ul
            style={{
              display: 'grid',
              gap: '0.75rem',
              gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
              listStyle: 'none',
              margin: 0,
              padding: 0,
            }}
          >
            {figures.map(({ href, label, value }) => (
              <li key={label}>
                <a
                  className="card"
                  href={href}
                  style={{ display: 'block', padding: '0.75rem 1rem', textDecoration: 'none' }}
                >
                  <strong data-figure={label} style={{ display: 'block', fontSize: '1.75rem' }}>
                    {value.toLocaleString('en-US')}
                  </strong>
                  <span>{label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}
