import net from 'node:net'

/**
 * A TCP proxy in front of a server (the tests' PostgreSQL) that a test can cut and restore, to
 * play an outage without stopping the shared server: `cut()` drops every connection and refuses
 * new ones (each is closed at once, as by a server going down); `restore()` lets them through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>()
  let down = false
  const server = net.createServer((client) => {
    if (down) {
      client.destroy()
      return
    }
    const upstream = net.connect(target.port, target.host)
    open.add(client).add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      open.delete(client)
      open.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    /** `url` with its host and port replaced by the proxy's. */
    through(url: string): string {
      const u = new URL(url)
      u.hostname = '127.0.0.1'
      u.port = String(port)
      return u.toString()
    },
    cut() {
      down = true
      for (const socket of open) socket.destroy()
      open.clear()
    },
    restore() {
      down = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
