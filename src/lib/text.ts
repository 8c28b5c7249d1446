/** A string trimmed; anything else (absent, a number, an object) is the empty string. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')
