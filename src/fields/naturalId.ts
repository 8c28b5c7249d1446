import type { TextField } from 'payload'

import { upperTrim } from '../../hooks/upperTrim'

/**
 * The record's primary key copied from a natural key of the record (a state's code, a vehicle's
 * VIN), trimmed and upper-case, so relations carry `"CA"` or the VIN itself.
 */
export const naturalIdField = (source: string): TextField => ({
  name: 'id',
  type: 'text',
  admin: { hidden: true },
  hooks: {
    beforeValidate: [
      (args) => upperTrim({ ...args, value: args.value ?? args.siblingData?.[source] }),
    ],
  },
})
