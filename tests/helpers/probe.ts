import type net from 'node:net'

/** One request on a kept-alive raw connection (a balancer's probe): its status and how long the answer took. */
export function probeOn(socket: net.Socket, path: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now()
    let text = ''
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1')
      const headEnd = text.indexOf('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(text)
      if (headEnd < 0 || !length || text.length < headEnd + 4 + Number(length[1])) return
      socket.off('data', onData)
      resolve({ status: Number(text.slice(9, 12)), ms: performance.now() - started })
    }
    socket.on('data', onData)
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
  })
}
