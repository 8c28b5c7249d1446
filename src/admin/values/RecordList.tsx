/** A titled list of records, each linked to its page in the admin UI (connected records). */
import React from 'react'

import type { Linked } from '@/lib/adminHref'

export const RecordList: React.FC<{ empty: string; items: Linked[]; title: string }> = ({
  empty,
  items,
  title,
}) => (
  <section aria-label={title} className="record-list" style={{ marginBottom: '1.5rem' }}>
    <h4 style={{ marginBottom: '0.5rem' }}>{title}</h4>
    {items.length === 0 ? (
      <p className="record-list__empty">{empty}</p>
    ) : (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map(({ detail, href, id, title: text }) => (
          <li key={id} style={{ marginBottom: '0.25rem' }}>
            <a href={href}>{text}</a>
            {detail && <span style={{ color: 'var(--theme-elevation-500)' }}> · {detail}</span>}
          </li>
        ))}
      </ul>
    )}
  </section>
)
