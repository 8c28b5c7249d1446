import net from 'node:net'

export type TcpProxy = {
  /** Drops every connection and refuses new ones, as a database that went away. */
  cut: () => Promise<void>
  port: number
  /** Accepts connections again, on the same port. */
  restore: () => Promise<void>
  stop: () => Promise<void>
}

/** A TCP proxy on 127.0.0.1 in front of `target`, to take a server away from a client and bring it back. */
export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(0)
  const port = (server.address() as net.AddressInfo).port
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  return { cut: close, port, restore: () => listen(port), stop: close }
}
