'use client'
/**
 * A read-only JSON field drawn as formatted text. Payload's JSON editor (Monaco) loads from a
 * public CDN, which the content security policy refuses (src/http/securityHeaders.ts).
 */
import { FieldDescription, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'
import React from 'react'

export const JsonReadout: JSONFieldClientComponent = ({ field, path }) => {
  const { value } = useField<unknown>({ path })
  return (
    <div className="field-type json-readout" id={`field-${path.replace(/\./g, '__')}`}>
      <FieldLabel label={field.label ?? field.name} path={path} />
      <pre
        className="json-readout__value"
        style={{ maxHeight: '24rem', overflow: 'auto', whiteSpace: 'pre-wrap' }}
      >
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
      {typeof field.admin?.description === 'string' && (
        <FieldDescription description={field.admin.description} path={path} />
      )}
    </div>
  )
}
