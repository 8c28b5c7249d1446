import { type Endpoint, Forbidden, type GlobalConfig, NotFound } from 'payload'

/**
 * Payload mounts `/versions` routes on every global and fails (500) on one that keeps no
 * versions. Such a global answers them here first, as a collection without versions does:
 * 403 (401 without credentials) to a caller who may not read the global, 404 to the others.
 */
const noVersions: Endpoint['handler'] = async (req) => {
  const global = req.payload.globals.config.find(({ slug }) => slug === req.routeParams?.global)
  const mayRead = global?.access.read ? await global.access.read({ req }) : Boolean(req.user)
  if (!mayRead) throw new Forbidden(req.t)
  throw new NotFound(req.t)
}

export const withVersionRoutes = (globals: GlobalConfig[]): GlobalConfig[] =>
  globals.map((global) =>
    global.versions
      ? global
      : {
          ...global,
          endpoints: [
            ...(global.endpoints || []),
            ...(['/versions', '/versions/:id'] as const).flatMap((path) =>
              (['get', 'post'] as const).map((method) => ({ handler: noVersions, method, path })),
            ),
          ],
        },
  )
