/** One builder per route Payload (or this service) mounts on a collection, gathered from the route files by kind. */
import { actionRoutes, preferenceRoutes } from './adminRoutes'
import { authRoutes } from './authRoutes'
import { complianceRecordRoutes } from './complianceRecordRoutes'
import { complianceRoutes } from './complianceRoutes'
import { consentRoutes } from './consentRoutes'
import { jobRoutes } from './jobRoutes'
import { leadDeskRoutes } from './leadDeskRoutes'
import { oidcRoutes } from './oidcRoutes'
import { readRoutes } from './readRoutes'
import type { Context, PathItems } from './shared'
import { transferRoutes } from './transferRoutes'
import { versionRoutes } from './versionRoutes'
import { writeRoutes } from './writeRoutes'

/** One builder per route Payload (or this service) mounts on a collection: `method path`. */
export const ROUTES: Record<string, (context: Context) => PathItems> = {
  ...readRoutes(),
  ...writeRoutes(),
  ...versionRoutes(),
  ...transferRoutes(),
  ...authRoutes(),
  ...oidcRoutes(),
  ...actionRoutes(),
  ...leadDeskRoutes(),
  ...complianceRoutes(),
  ...complianceRecordRoutes(),
  ...consentRoutes(),
  ...jobRoutes(),
  ...preferenceRoutes(),
}
