/**
 * Payload shows "Restore this version" to anyone who may update the record, but only staff admins
 * may restore one (src/fields/history.ts refuses the others with 403): for everyone else the
 * button is hidden on every version page. Rendered in the admin UI's header, on the server.
 */
import type { PayloadRequest } from 'payload'
import React from 'react'

import { mayRestoreVersions } from '@/fields/history'

export const RestoreForAdminsOnly = ({ user }: { user: PayloadRequest['user'] }) =>
  mayRestoreVersions(user) ? null : <style>{'.restore-version { display: none; }'}</style>
