// The baseline of `npm run bench`: Fastify alone on the same machine, no plugins, answering
// GET /page with the bytes and headers captured from the project's own kept page (a file written
// by bench.mjs) and GET /hello with a hello-world JSON. Usage: node scripts/bench-baseline.mjs <port> <capture.json>
import Fastify from 'fastify'
import fs from 'node:fs'

const [port, capture] = process.argv.slice(2)
const page = JSON.parse(fs.readFileSync(capture, 'utf8'))
const body = Buffer.from(page.body, 'base64')
const app = Fastify({ logger: false })
app.get('/page', (_request, reply) => {
  reply.headers(page.headers).send(body)
})
app.get('/hello', () => ({ hello: 'world' }))
await app.listen({ port: Number(port), host: '127.0.0.1' })
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
