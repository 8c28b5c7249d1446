/**
 * A lead's tasks: what becomes of one. Read by the collection (collections/LeadTasks.ts), the
 * lead desk and the dashboard's to-do list.
 */
export const TASK_STATUSES = {
  open: 'Open',
  done: 'Done',
  cancelled: 'Cancelled',
} as const

export type TaskStatus = keyof typeof TASK_STATUSES

/** What a task says at most: one line to act on; the detail goes into a note. */
export const TASK_WHAT_MAX = 200
