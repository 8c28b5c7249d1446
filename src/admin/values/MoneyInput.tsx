'use client'
/**
 * A dollar amount in an edit form: a `$` inside the number input and, under it, the amount as
 * lists write it (`$23,750.00`), following what is typed. The value stays a plain number.
 */
import { useField } from '@payloadcms/ui'
import React from 'react'

import { formatMoney } from './format'

export const DollarSign: React.FC = () => (
  <span aria-hidden className="money-input__sign">
    $
  </span>
)

export const MoneyReadout: React.FC = () => {
  const { value } = useField<number>()
  const text = formatMoney(value)
  return (
    <div aria-live="polite" className="money-input__readout">
      {text && `${text} (US dollars)`}
    </div>
  )
}
