import path from 'node:path'

import { register } from 'tsconfig-paths'

/** Resolves `@/…` as tsconfig.json and jest's moduleNameMapper do, for code jest loads with require. */
register({ baseUrl: path.resolve(import.meta.dirname, '../..'), paths: { '@/*': ['src/*'] } })
