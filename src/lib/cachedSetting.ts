/**
 * A setting read again only when its environment variable changes: parsing the settings is not
 * free on every request, and tests turn switches off and on.
 */
export const cachedSetting = <T>(variable: string, read: () => T): (() => T) => {
  let cached: { raw?: string; value: T } | undefined
  return () => {
    const raw = process.env[variable]
    if (!cached || cached.raw !== raw) cached = { raw, value: read() }
    return cached.value
  }
}
