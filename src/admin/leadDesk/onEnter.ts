import type React from 'react'

/**
 * A key handler for an input of the lead desk: Enter runs the desk's own action, and never
 * submits the lead's form around the panel (which would save the lead as it stands).
 */
export const onEnter =
  (run: () => void) =>
  (event: React.KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    run()
  }
