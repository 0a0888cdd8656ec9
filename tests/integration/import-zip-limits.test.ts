import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZIP_LIMITS } from '#server/services/import/zip-files.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

/**
 * Issue 31, finding 6: a ZIP bomb in an import's dry run. The rows of a table name entries of a
 * small ZIP that inflate to hundreds of megabytes (and declare a size of 1 KB): the check streams
 * each named entry once, stops at the caps, answers a bilingual problem, and the server's memory
 * does not follow. One dry run or import at a time per node: another is refused with a 409.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  editor = await enrolStaff(t.runtime.services, { username: 'zip.editor@example.com', role: 'editor' })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

const MB = 1024 * 1024

/** Raw deflate of `bytes` zero bytes, made 1 MB at a time (never held whole): about 1 KB per MB. */
async function deflatedZeros(bytes: number): Promise<{ data: Buffer; crc: number }> {
  const deflate = zlib.createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const block = Buffer.alloc(MB)
  let crc = 0
  for (let left = bytes; left > 0; left -= MB) {
    const part = left >= MB ? block : block.subarray(0, left)
    crc = zlib.crc32(part, crc)
    if (!deflate.write(part)) await once(deflate, 'drain')
  }
  deflate.end()
  await once(deflate, 'end')
  return { data: Buffer.concat(out), crc }
}

/**
 * A ZIP (as the format says: local headers, central directory, end record) whose entries are all
 * zeros; an entry with `lie` declares an uncompressed size of 1 KB whatever it really holds.
 */
async function zeroZip(entries: { name: string; bytes: number; lie?: boolean }[]): Promise<Buffer> {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const { data, crc } = await deflatedZeros(entry.bytes)
    const name = Buffer.from(entry.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt16LE(0x21, 12)
    local.writeUInt32LE(crc >>> 0, 14)
    local.writeUInt32LE(data.length, 18)
    const declared = entry.lie ? 1024 : entry.bytes
    local.writeUInt32LE(declared, 22)
    local.writeUInt16LE(name.length, 26)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(0x0800, 8)
    header.writeUInt16LE(8, 10)
    header.writeUInt16LE(0x21, 14)
    header.writeUInt32LE(crc >>> 0, 16)
    header.writeUInt32LE(data.length, 20)
    header.writeUInt32LE(declared, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    central.push(header, name)
    offset += local.length + name.length + data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/** The multipart body of an import: the table and the ZIP, with its content type. */
async function multipart(table: string, zip: Buffer): Promise<{ bytes: Buffer; type: string }> {
  const form = new FormData()
  form.set('table', new Blob([table]), 'serials.csv')
  form.set('zip', new Blob([new Uint8Array(zip)]), 'files.zip')
  const response = new Response(form)
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type')! }
}

async function post(step: 'check' | 'run', table: string, zip: Buffer, lang = 'ko') {
  const body = await multipart(table, zip)
  return t.app.inject({
    method: 'POST',
    url: `/admin/import/${step}?kind=serial&lang=${lang}`,
    payload: body.bytes,
    headers: { 'content-type': body.type, cookie: editor.cookie },
  })
}

/** `rows` serial rows, every one naming `file`. */
const rowsNaming = (rows: number, file: (i: number) => string) =>
  `code1,code2,title,title_en,model,file\n${Array.from({ length: rows }, (_, i) => `77,${String(i + 1).padStart(4, '0')},폭탄 ${i},Bomb ${i},TM 05,${file(i)}`).join('\n')}\n`

let bomb: Buffer
beforeAll(async () => {
  bomb = await zeroZip([{ name: 'bomb.pdf', bytes: 400 * MB, lie: true }])
}, 60_000)

describe('a ZIP bomb in a dry run', () => {
  it('is refused per row with a bilingual problem, inflating the entry once and only up to the cap, the memory kept', async () => {
    expect(bomb.length).toBeLessThan(1 * MB)
    const table = rowsNaming(40, () => 'bomb.pdf')
    const before = process.memoryUsage().rss
    let highest = before
    const sampler = setInterval(() => (highest = Math.max(highest, process.memoryUsage().rss)), 20)
    const started = performance.now()
    const ko = await post('check', table, bomb, 'ko')
    const en = await post('check', table, bomb, 'en')
    const ms = performance.now() - started
    clearInterval(sampler)
    highest = Math.max(highest, process.memoryUsage().rss)

    for (const answer of [ko, en]) expect(answer.statusCode).toBe(200)
    const koProblems = ko.json().data.problems as { row: number; column: string; message: string }[]
    expect(ko.json().data.ok).toBe(false)
    expect(koProblems).toHaveLength(40)
    expect(koProblems[0]).toEqual({
      row: 2,
      column: 'file',
      message:
        "'bomb.pdf'의 압축을 풀면 50 MB를 넘습니다. 첨부 파일 하나는 최대 50 MB입니다. (압축을 푸는 중에 확인하여 나머지는 풀지 않았습니다.)",
    })
    expect(en.json().data.problems[39]).toEqual({
      row: 41,
      column: 'file',
      message:
        "'bomb.pdf' unpacks to more than 50 MB, the most one attached file may be (checked while unpacking; the rest was not unpacked).",
    })
    // Inflated once per check (40 rows name it), and only up to the cap: 2 × 50 MB, not 2 × 40 × 400 MB.
    expect(ms).toBeLessThan(15_000)
    expect(highest - before).toBeLessThan(100 * MB)
  }, 60_000)

  it('stops the whole check once the named entries together pass the total (100 × the ZIP, at least 50 MB)', async () => {
    const zip = await zeroZip([
      { name: 'a.pdf', bytes: 40 * MB },
      { name: 'b.pdf', bytes: 40 * MB },
      { name: 'c.pdf', bytes: 40 * MB },
    ])
    const names = ['a.pdf', 'b.pdf', 'c.pdf']
    const answer = await post(
      'check',
      rowsNaming(3, (i) => names[i]!),
      zip,
      'en',
    )
    expect(answer.statusCode).toBe(200)
    expect(answer.json().data).toEqual({
      ok: false,
      problems: [
        {
          row: 0,
          column: '',
          message: `The files the rows name unpack to more than ${(ZIP_LIMITS.entry / MB).toFixed(1)} MB together (at most 100 times the ZIP file's size, and 512 MB in all): the check was stopped. Split the import into smaller ZIP files.`,
        },
      ],
    })
    // The import itself checks the same way and writes nothing.
    const ran = await post(
      'run',
      rowsNaming(3, (i) => names[i]!),
      zip,
      'ko',
    )
    expect(ran.statusCode).toBe(200)
    expect(ran.body).toContain('event: problems')
    expect(ran.body).toContain('검사를 중단했습니다')
  }, 60_000)
})

describe('one dry run or import at a time per node', () => {
  it('refuses the others at once with a bilingual 409 and Retry-After, never a 5xx; the slot is free again after', async () => {
    const table = rowsNaming(5, () => 'bomb.pdf')
    // The first dry run's body arrives in two parts: it holds the slot until the rest is sent. Two
    // more meanwhile are refused. (Should one of them take the slot first, e.g. its session read
    // sooner on PostgreSQL's pool, the attempt starts over: the point is the refusal, not the race.)
    const body = await multipart(table, bomb)
    const [head, rest] = [body.bytes.subarray(0, 1024), body.bytes.subarray(1024)]
    let answers: Awaited<ReturnType<typeof post>>[]
    for (let attempt = 1; ; attempt++) {
      const slow = new PassThrough()
      slow.write(head)
      let settled = false
      const first = t.app.inject({
        method: 'POST',
        url: '/admin/import/check?kind=serial&lang=en',
        payload: slow,
        headers: { 'content-type': body.type, 'content-length': String(body.bytes.length), cookie: editor.cookie },
      })
      void first.then(() => (settled = true))
      await new Promise((resolve) => setTimeout(resolve, 200))
      answers = await Promise.all([1, 2].map(() => post('check', table, bomb, 'en')))
      const held = !settled && answers.every((a) => a.statusCode === 409)
      slow.end(rest)
      const finished = await first
      if (held) {
        expect(finished.statusCode).toBe(200)
        break
      }
      if (attempt === 5) throw new Error('the first dry run never held the slot in 5 attempts')
    }
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409])
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.headers['retry-after']).toBe('5')
      expect(refused.json()).toEqual({
        success: false,
        error: {
          code: 'BUSY',
          message:
            'Another import or dry run is running on this server. Try again in a few seconds, when it has finished.',
          messages: {
            ko: '이 서버에서 다른 가져오기 또는 사전 점검이 진행 중입니다. 끝난 뒤 몇 초 후에 다시 시도하세요.',
            en: 'Another import or dry run is running on this server. Try again in a few seconds, when it has finished.',
          },
        },
      })
    }
    const again = await post(
      'check',
      rowsNaming(1, () => 'bomb.pdf'),
      bomb,
      'en',
    )
    expect(again.statusCode).toBe(200)
  }, 60_000)
})
