import type { Access, FieldAccess } from 'payload'

import { pureOnRead } from '@/reads/pure'

/** No caller, whatever its role: what only the service writes (through the Local API). */
export const nobody: Access = () => false

export const nobodyFieldLevel: FieldAccess = pureOnRead(() => false)
