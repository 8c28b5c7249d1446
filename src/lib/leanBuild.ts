/**
 * The lean build (scripts/compile.mjs) bundles Payload and leaves Next, the admin UI packages and
 * Lexical outside: each imports Payload itself, so loading one in a lean process would bring a
 * second copy of Payload beside the bundled one (its classes, its caches). `process.env.COMMERCE_BUILD`
 * is replaced by "lean" in that build only.
 */
/** Throws, saying what and why, where a lean process would load `what`. */
export const refuseInLeanBuild = (what: string): void => {
  if (process.env.COMMERCE_BUILD === 'lean')
    throw new Error(
      `${what} is not loaded by a process of the lean build, which bundles Payload: run it from the unbundled build (entryFor in scripts/compile.mjs)`,
    )
}
