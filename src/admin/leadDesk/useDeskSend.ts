'use client'
/**
 * One request of a desk section (set an appointment, add a task, tick one off): busy while it
 * runs, the refusal kept to show, and the desk read again when it went through.
 */
import { useState } from 'react'

import { call, errorOf } from '../call'

export const useDeskSend = (api: string, onChanged: () => Promise<void> | void) => {
  const [error, setError] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  const send = async (path: string, method: string, body: object): Promise<boolean> => {
    setBusy(true)
    setError(null)
    const answer = await call(`${api}/${path}`, { body, method })
    setBusy(false)
    if (!answer.ok) {
      setError(errorOf(answer))
      return false
    }
    await onChanged()
    return true
  }
  return { busy, error, send }
}
