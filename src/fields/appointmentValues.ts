/**
 * A lead's appointments: what kinds there are and what becomes of one. Read by the collection
 * (collections/LeadAppointments.ts), its title and the lead desk.
 */
export const APPOINTMENT_KINDS = {
  'showroom-visit': 'Showroom visit',
  'test-drive': 'Test drive',
  'phone-call': 'Phone call',
  'video-call': 'Video call',
  delivery: 'Delivery',
} as const

/** Set, then confirmed by the customer; then shown, no-show or cancelled. */
export const APPOINTMENT_STATUSES = {
  set: 'Set',
  confirmed: 'Confirmed',
  shown: 'Shown',
  'no-show': 'No-show',
  cancelled: 'Cancelled',
} as const

export type AppointmentKind = keyof typeof APPOINTMENT_KINDS
export type AppointmentStatus = keyof typeof APPOINTMENT_STATUSES

/** Still to happen: what the desk offers to mark shown, no-show or cancelled. */
export const isOpen = (status: null | string | undefined): boolean =>
  status === 'set' || status === 'confirmed'
