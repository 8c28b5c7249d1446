import type { Access, FieldAccess } from 'payload'

import { safeToCompile } from '@/lib/safeToCompile'

/** No caller, whatever its role: what only the service writes (through the Local API). */
export const nobody: Access = () => false

export const nobodyFieldLevel: FieldAccess = safeToCompile(() => false)
