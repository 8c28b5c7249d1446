import type { FieldHook } from 'payload'

import type { City } from '../../../payload-types'

/** A city's name without the spaces around it, so " Austin" and "Austin" are one city. */
export const trimName: FieldHook<City, City['name'] | undefined> = ({ value }) =>
  typeof value === 'string' ? value.trim() : value
