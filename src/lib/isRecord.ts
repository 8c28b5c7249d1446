/** A JSON object (not null, not a list): a record whose fields can be read by name. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
