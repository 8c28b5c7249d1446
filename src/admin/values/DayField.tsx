'use client'
/**
 * A calendar-day text field (`YYYY-MM-DD`, e.g. a birth date) with the browser's date picker: the
 * picker writes the day in the viewer's locale and keeps the stored string in the contract's form.
 */
import { TextInput, type TextInputProps, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import React from 'react'

// Payload types these attributes as `autoComplete` only; the input passes them all on.
const DATE_INPUT = { max: '9999-12-31', type: 'date' } as TextInputProps['htmlAttributes']

export const DayField: TextFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const { customComponents, disabled, path, setValue, showError, value } = useField<string>({
    potentiallyStalePath: pathFromProps,
  })
  return (
    <TextInput
      AfterInput={customComponents?.AfterInput}
      BeforeInput={customComponents?.BeforeInput}
      className="day-field"
      Description={customComponents?.Description}
      description={field.admin?.description}
      Error={customComponents?.Error}
      htmlAttributes={DATE_INPUT}
      Label={customComponents?.Label}
      label={field.label}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => setValue(event.target.value)}
      path={path}
      readOnly={readOnly || disabled}
      required={field.required}
      showError={showError}
      value={value ?? ''}
    />
  )
}
