// Streamed uploads benchmark (issue 35, docs/decisions/069-inquiries.md), PGlite:
//   npx tsx scripts/bench-upload.ts [--runs 3] [--mb 9]
// The production build on a fresh data directory (demo content); the after-sales form posted as a
// guest with five photos of about 9 MB each (4000 × 3000 JPEG noise, the size of a phone's photo),
// sent in 1 MB writes; timed from the last byte written to the answer's first byte, and the server's
// resident memory read before and at its peak (/proc, every 20 ms). Baseline in the same run: the
// same post with five PDFs of the same size, which are checked but not encoded again.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import sharp from 'sharp'
import { argOf, benchRuntime, serveBuild } from './bench-lib.ts'

const args = process.argv.slice(2)
const runs = Number(argOf(args, 'runs') ?? 3)
const targetBytes = Number(argOf(args, 'mb') ?? 9) * 1024 * 1024
const { runtime, done, dataDir, databaseUrl } = await benchRuntime(args, 'upload')
await runtime.close()

const rssMb = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)
  return line ? Math.round(Number(line[1]) / 1024) : 0
}

/** A JPEG of noise at the quality that brings it nearest below the target size (noise barely compresses). */
async function photo(seed: number): Promise<Buffer> {
  const pixels = sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 30 },
    },
  })
  for (const quality of [97, 95, 93, 90, 85, 75, 65]) {
    const jpeg = await pixels.clone().jpeg({ quality }).toBuffer()
    if (jpeg.length <= targetBytes) return jpeg
  }
  throw new Error('no quality gives a photo under the target size')
}
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(targetBytes - 9)])

function multipart(fields: Record<string, string>, files: { name: string; type: string; data: Buffer }[]) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    )
    parts.push(f.data, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }
}

/** Posts `body` in 1 MB writes; resolves with the ms from the last byte written to the answer's headers. */
function post(base: string, path: string, body: Buffer, type: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    let lastByte = 0
    const req = http.request(
      `${base}${path}`,
      { method: 'POST', headers: { 'content-type': type, 'content-length': body.length, origin: base } },
      (res) => {
        const ms = performance.now() - lastByte
        res.resume()
        res.on('end', () => resolve({ ms, status: res.statusCode ?? 0 }))
      },
    )
    req.on('error', reject)
    const chunk = 1024 * 1024
    let at = 0
    const write = () => {
      while (at < body.length) {
        const ok = req.write(body.subarray(at, at + chunk))
        at += chunk
        if (!ok) return void req.once('drain', write)
      }
      req.end(() => (lastByte = performance.now()))
    }
    write()
  })
}

const server = await serveBuild({ dataDir, databaseUrl })
try {
  const photos = await Promise.all([0, 1, 2, 3, 4].map(photo))
  const pdfs = [0, 1, 2, 3, 4].map(pdf)
  const table = []
  for (const [label, files] of [
    ['5 photos', photos.map((data, i) => ({ name: `photo-${i}.jpg`, type: 'image/jpeg', data }))],
    ['5 PDFs (baseline)', pdfs.map((data, i) => ({ name: `doc-${i}.pdf`, type: 'application/pdf', data }))],
  ] as const) {
    for (let run = 1; run <= runs; run++) {
      const page = await (await fetch(`${server.base}/service/as/request`)).text()
      const started = page.match(/name="started" value="([^"]+)"/)?.[1]
      if (!started) throw new Error('no start time in the form')
      await new Promise((r) => setTimeout(r, 3100))
      const { body, type } = multipart(
        {
          lang: 'ko',
          started,
          website: '',
          serial: '',
          model: 'TM-BASIC 120',
          site: '벤치 정수장',
          symptom: 'other',
          description: '업로드 벤치',
          region: 'domestic',
          name: '벤치',
          company: '벤치 회사',
          phone: '010-0000-0000',
          email: `bench.upload.${label.length}.${run}@example.com`,
          contact_time: '',
          consent: 'Y',
        },
        [...files],
      )
      const before = rssMb(server.pid)
      let peak = before
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20)
      const answer = await post(server.base, '/service/as/request', body, type)
      clearInterval(sampler)
      if (answer.status !== 200) throw new Error(`${label}: answered ${answer.status}`)
      table.push({
        post: `${label}, run ${run}`,
        'body MB': Math.round(body.length / 1024 / 102.4) / 10,
        'last byte → answer ms': Math.round(answer.ms),
        'RSS before MB': before,
        'RSS peak MB': peak,
      })
    }
  }
  console.log('\nThe after-sales form with five attachments, production build on PGlite, as a guest')
  console.table(table)
} finally {
  await server.stop()
  await done(true)
}
