import net from 'node:net'

export type TcpProxy = {
  /** Drops every connection and refuses new ones, as a database that went away. */
  cut: () => Promise<void>
  port: number
  /** Accepts connections again, on the same port. */
  restore: () => Promise<void>
  /**
   * Keeps every connection open but passes nothing either way, as a host or network that went
   * silent (a firewall dropping packets); `speak` passes data again on connections made from now.
   */
  silence: () => void
  speak: () => void
  stop: () => Promise<void>
}

/** A TCP proxy on 127.0.0.1 in front of `target`, to take a server away from a client and bring it back. */
export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const sockets = new Set<net.Socket>()
  let silent = false
  const server = net.createServer((client) => {
    const upstream = net.connect(target)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    // What a silenced connection dropped cannot be resent: it stays silent.
    let dropped = false
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        dropped ||= silent
        if (!dropped) to.write(chunk)
      })
    forward(client, upstream)
    forward(upstream, client)
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
  return {
    cut: close,
    port,
    restore: () => listen(port),
    silence: () => void (silent = true),
    speak: () => void (silent = false),
    stop: close,
  }
}
