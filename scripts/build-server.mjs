// Bundles the Fastify server into build/main.js after `react-router build` (which empties build/),
// copies the migrations beside it, and pre-compresses the hashed browser assets.
import { build } from 'esbuild'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

await build({
  // Two files: main.js sets NODE_ENV, then imports start.js, whose (external) imports load React.
  // One bundle would hoist those imports above the line that sets it.
  // build/manage.js: `npm run manage` on an install without the development tools (scripts/manage.mjs).
  entryPoints: ['server/main.ts', { in: 'server/manage/index.ts', out: 'manage' }],
  outdir: 'build',
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
fs.cpSync('server/db/migrations', 'build/migrations', { recursive: true })

let count = 0
function compressTree(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) compressTree(file)
    else if (/\.(js|css|svg|json|txt|xml|html)$/.test(entry.name)) {
      const data = fs.readFileSync(file)
      const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
      // A copy only where it is smaller: a file of a few hundred bytes (a page's client entry) gains too.
      if (br.length >= data.length) continue
      fs.writeFileSync(`${file}.br`, br)
      const gz = zlib.gzipSync(data, { level: 9 })
      if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz)
      count++
    }
  }
}
if (fs.existsSync('build/client')) compressTree('build/client')
console.log(`server bundled to build/main.js (and build/manage.js); ${count} assets pre-compressed`)
