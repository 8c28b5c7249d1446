import { runCli } from './cli'

/** Time for a build of the admin UI when the sources changed (about a minute, more when busy). */
export const ADMIN_BUILD_MS = 10 * 60_000

/**
 * Makes the admin UI's build (`.next`) current before a test starts services that serve it, as
 * `npm run build` does: one build for the whole suite (a file that finds it current, or being
 * built by another, waits at most for that one), instead of a service building beside its start.
 */
export const adminBuilt = async (): Promise<void> => {
  const { code, stderr, stdout } = await runCli('build', [], { LOG_LEVEL: 'warn' })
  if (code !== 0)
    throw new Error(`npm run build failed (${code}):\n${(stdout + stderr).slice(-3000)}`)
}
