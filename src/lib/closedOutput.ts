/**
 * A process whose stdout and stderr readers went away (`npm start 2>&1 | shipper`, and the
 * shipper died) gets EPIPE on every write. Unhandled, each failed write is an uncaught exception;
 * Next's handler for those reports to stderr, which fails again: the service spun at 100% CPU,
 * answered nothing and ignored SIGTERM. Writes to a closed output are dropped instead, and the
 * service keeps serving (its logs are lost until it is restarted with a reader).
 */
export const ignoreClosedOutput = (): void => {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
    })
  }
}
