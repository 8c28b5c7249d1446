/** Reads until `done` says yes (every 25 ms, for 20 s at most), then answers the last value read. */
export const eventually = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
): Promise<T> => {
  const deadline = Date.now() + 20_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
