import net from 'node:net'

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      // A TCP server's address is an AddressInfo; a string names a pipe or socket file.
      if (!address || typeof address === 'string') return reject(new Error('not a TCP address'))
      server.close(() => resolve(address.port))
    })
  })
