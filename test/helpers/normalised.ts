/**
 * `value` with what differs between two equal writes named instead: the record's own id (`name`),
 * other serial ids (`SERIAL`), every time (`TIME`), message ids (`MESSAGE`), and a webhook
 * payload's time of sending left out. A string id is replaced wherever it appears; a serial one
 * where it is an `id` or ends a `collection:id` reference.
 */
export const normalised = (
  value: unknown,
  id: number | string | undefined,
  name: string,
): unknown => {
  const again = (item: unknown) => normalised(item, id, name)
  if (value instanceof Date) return 'TIME'
  if (Array.isArray(value)) return value.map(again)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'timestamp')
        .map(([key, item]) => [
          key,
          key === 'id' && typeof item === 'number' ? (item === id ? name : 'SERIAL') : again(item),
        ]),
    )
  if (typeof value === 'string') {
    if (/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)) return 'TIME'
    if (/^msg_[0-9a-f]{32}$/.test(value)) return 'MESSAGE'
    if (typeof id === 'string' && id) return value.replaceAll(id, name)
    if (typeof id === 'number' && value.endsWith(`:${id}`))
      return `${value.slice(0, -String(id).length)}${name}`
  }
  return value
}
