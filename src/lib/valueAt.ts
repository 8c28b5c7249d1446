import { isRecord } from './isRecord'

/** The value at a dotted path (`providerSubmission.status`), or at a list of keys; undefined where a step is not an object. */
export const valueAt = (data: unknown, path: string | string[]): unknown =>
  (typeof path === 'string' ? path.split('.') : path).reduce<unknown>(
    (value, key) => (isRecord(value) ? value[key] : undefined),
    data,
  )
