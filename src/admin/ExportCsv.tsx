'use client'
/** "Export CSV" above a list: the records the list's filter selects, as the viewer may read them. */
import { useConfig } from '@payloadcms/ui'
import { usePathname, useSearchParams } from 'next/navigation'
import React from 'react'

export const ExportCsv: React.FC = () => {
  const pathname = usePathname()
  const params = useSearchParams()
  const {
    config: {
      routes: { api },
    },
  } = useConfig()
  const slug = pathname.split('/collections/')[1]?.split('/')[0]
  if (!slug) return null
  // The list's filter, as its address carries it (`where[...]=…`).
  const where = new URLSearchParams(
    [...params.entries()].filter(([name]) => name.startsWith('where')),
  ).toString()
  return (
    <p style={{ margin: '0 0 1rem' }}>
      <a
        className="btn btn--style-secondary btn--size-small"
        download
        href={`${api}/${slug}/export${where ? `?${where}` : ''}`}
      >
        Export CSV
      </a>
    </p>
  )
}
