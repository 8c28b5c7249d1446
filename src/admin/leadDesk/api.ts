/** The lead desk panel's time helpers; its calls go through src/admin/call.ts. */
import { formatDateTime } from '../values/format'

/** A time as the viewer's locale writes it; a dash when there is none. */
export const localTime = (at: null | string | undefined): string => formatDateTime(at) || '—'

/** A `datetime-local` input's value as an ISO instant (the input is in the viewer's zone). */
export const fromLocalInput = (value: string): null | string =>
  value ? new Date(value).toISOString() : null
