/** A labelled read-only value in a record's form, styled as Payload's fields are. */
import React from 'react'

export const Readout: React.FC<{ children: React.ReactNode; label: string; path: string }> = ({
  children,
  label,
  path,
}) => (
  <div className="field-type readout" id={`field-${path.replace(/\./g, '__')}`}>
    <span className="field-label" style={{ display: 'block' }}>
      {label}
    </span>
    <div className="readout__value" data-readout={path}>
      {children}
    </div>
  </div>
)
