// nginx in the foreground with the reference configuration (deploy/nginx/actuator.conf), for the
// caching-proxy test (tests/integration/caching-proxy.test.ts) and the bench (scripts/bench-limits.mjs).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** Debian's nginx (`apt-get install nginx-light`), when installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file))

const REFERENCE = path.resolve('deploy/nginx/actuator.conf')

async function freePort() {
  const server = net.createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts nginx with the reference configuration, its upstream, port and cache folder replaced
 * (everything else exactly as an operator installs it), in a folder of its own. `staticFile`: a
 * second server on `staticBase` that sends that file's bytes with `staticHeaders` (the bench's
 * baseline: nginx serving the same bytes as a static file).
 */
export async function startNginx(upstream, { staticFile, staticHeaders = {} } = {}) {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-nginx-'))
  const port = await freePort()
  const site = fs
    .readFileSync(REFERENCE, 'utf8')
    .replace('proxy_cache_path /var/cache/nginx/actuator', `proxy_cache_path ${dir}/cache`)
    .replace('server 127.0.0.1:3000;', `server ${upstream};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
  if (!site.includes(`listen 127.0.0.1:${port};`) || !site.includes(upstream))
    throw new Error('the reference configuration changed shape')
  fs.writeFileSync(path.join(dir, 'actuator.conf'), site)
  let staticServer = ''
  let staticPort = 0
  if (staticFile) {
    staticPort = await freePort()
    fs.copyFileSync(staticFile, path.join(dir, 'page'))
    const headers = Object.entries(staticHeaders)
      .filter(([name]) => name !== 'content-type')
      .map(([name, value]) => `add_header ${name} '${String(value).replaceAll("'", '')}';`)
      .join(' ')
    staticServer = `server { listen 127.0.0.1:${staticPort}; location = /page { root ${dir}; default_type '${staticHeaders['content-type'] ?? 'text/html'}'; ${headers} } }`
  }
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  include ${dir}/actuator.conf;
  ${staticServer}
}
`,
  )
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`)
    try {
      await fetch(`${base}/healthz`)
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    base,
    staticBase: staticPort ? `http://127.0.0.1:${staticPort}` : undefined,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGQUIT')
        await exited
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
