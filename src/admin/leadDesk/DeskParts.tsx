'use client'
/**
 * Pieces the desk's sections share: the one-click marks on a record (an appointment shown, a
 * task done), the section's input that acts on Enter, and its refusal.
 */
import React from 'react'

import { onEnter } from './onEnter'

/** One button per mark; each sends `{status}` for the record. */
export const Marks = ({
  busy,
  marks,
  onMark,
}: {
  busy: boolean
  marks: [status: string, text: string][]
  onMark: (status: string) => void
}) => (
  <span className="lead-desk__actions">
    {marks.map(([status, text]) => (
      <button
        className="btn btn--style-secondary btn--size-small"
        disabled={busy}
        key={status}
        onClick={() => onMark(status)}
        type="button"
      >
        {text}
      </button>
    ))}
  </span>
)

/** A labelled input of a section: Enter runs the section's action when it may run. */
export const EnterInput = ({
  label,
  onChange,
  onSubmit,
  ...input
}: {
  label: string
  onChange: (value: string) => void
  onSubmit: () => void
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'onSubmit'>) => (
  <label>
    {label}
    <input
      {...input}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onEnter(onSubmit)}
    />
  </label>
)

export const DeskError = ({ error }: { error: null | string }) =>
  error ? (
    <p className="lead-desk__error" role="alert">
      {error}
    </p>
  ) : null
