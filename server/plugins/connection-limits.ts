import type { FastifyInstance } from 'fastify'
import type { Socket } from 'node:net'

/**
 * A cap on the open connections of one peer address: a client holding hundreds of sockets open
 * (slow bodies, idle keep-alive) cannot take every file descriptor and worker of the node. Counted
 * by the socket's own address, the only one known when a connection opens (X-Forwarded-For comes
 * later, and can be forged): behind a load balancer (TRUST_PROXY) that is the balancer, so the cap
 * is off by default there and per-client limits belong to the balancer.
 *
 * Not a Fastify plugin but a listener on the HTTP server itself, before any request is parsed.
 */
export function limitConnectionsPerAddress(app: FastifyInstance, max: number) {
  if (max <= 0) return
  const open = new Map<string, number>()
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    const count = (open.get(address) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left <= 0) open.delete(address)
      else open.set(address, left)
    })
  })
}
