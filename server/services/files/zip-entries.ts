import { Readable } from 'node:stream'
import zlib from 'node:zlib'

/** An entry of a zip file, as its central directory describes it, with its still-compressed bytes. */
export type ZipEntry = { name: string; method: number; crc: number; size: number; data: Buffer }

/**
 * The entries of a zip file, read from its central directory (zip64 included): where each entry's
 * bytes are, whatever the order the writer put them in. Throws on anything that is not a zip.
 */
export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const u16 = (at: number) => zip.readUInt16LE(at)
  const u32 = (at: number) => zip.readUInt32LE(at)
  const u64 = (at: number) => Number(zip.readBigUInt64LE(at))
  let end = -1
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (u32(at) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) throw new Error('not a zip file')
  let count = u16(end + 10)
  let at = u32(end + 16)
  if ((count === 0xffff || at === 0xffffffff) && end >= 20 && u32(end - 20) === 0x07064b50) {
    const end64 = u64(end - 12)
    if (u32(end64) !== 0x06064b50) throw new Error('broken zip64 directory')
    count = u64(end64 + 32)
    at = u64(end64 + 48)
  }
  const entries = new Map<string, ZipEntry>()
  for (let i = 0; i < count; i++) {
    if (u32(at) !== 0x02014b50) throw new Error('broken zip directory')
    const flags = u16(at + 8)
    const method = u16(at + 10)
    let compressedSize = u32(at + 20)
    let size = u32(at + 24)
    let offset = u32(at + 42)
    const nameLength = u16(at + 28)
    const extraLength = u16(at + 30)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    // zip64: the sizes and offset that do not fit 32 bits are in extra field 1, in this order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + u16(x + 2)) {
      if (u16(x) !== 1) continue
      let v = x + 4
      if (size === 0xffffffff) {
        size = u64(v)
        v += 8
      }
      if (compressedSize === 0xffffffff) {
        compressedSize = u64(v)
        v += 8
      }
      if (offset === 0xffffffff) offset = u64(v)
    }
    if (flags & 1) throw new Error(`${name} is encrypted`)
    if (u32(offset) !== 0x04034b50) throw new Error(`broken zip entry ${name}`)
    const start = offset + 30 + u16(offset + 26) + u16(offset + 28)
    if (start + compressedSize > zip.length) throw new Error(`zip entry ${name} runs past the end`)
    entries.set(name, { name, method, crc: u32(at + 16), size, data: zip.subarray(start, start + compressedSize) })
    at += 46 + nameLength + extraLength + u16(at + 32)
  }
  return entries
}

/**
 * A zip stream of the given entries in the given order, each stored (inflated here, chunk by chunk)
 * with its size in its header, then an end record: what ExcelJS's streaming reader reads best. An
 * entry that does not inflate, or not to its stated size, ends the stream with `onError`, as the
 * reader would otherwise wait for the rest of the entry for ever.
 */
export function storedZip(entries: ZipEntry[], onError: (error: Error) => void): Readable {
  async function* parts() {
    for (const entry of entries) {
      if (entry.size > 0xfffffffe) throw new Error(`${entry.name} inflates to over 4 GB`)
      const name = Buffer.from(entry.name)
      const header = Buffer.alloc(30)
      header.writeUInt32LE(0x04034b50, 0)
      header.writeUInt16LE(20, 4) // version needed
      header.writeUInt16LE(0x800, 6) // UTF-8 name, sizes in this header
      header.writeUInt32LE(entry.crc, 14)
      header.writeUInt32LE(entry.size, 18)
      header.writeUInt32LE(entry.size, 22)
      header.writeUInt16LE(name.length, 26)
      yield Buffer.concat([header, name])
      if (entry.method !== 0 && entry.method !== 8)
        throw new Error(`${entry.name}: unknown compression ${entry.method}`)
      let length = 0
      for await (const chunk of entry.method === 0
        ? [entry.data]
        : Readable.from([entry.data]).pipe(zlib.createInflateRaw())) {
        length += (chunk as Buffer).length
        if (length > entry.size) throw new Error(`${entry.name} is longer than its stated size`)
        yield chunk as Buffer
      }
      if (length !== entry.size) throw new Error(`${entry.name} is shorter than its stated size`)
    }
    yield Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array<number>(18).fill(0)])
  }
  return Readable.from(
    (async function* () {
      try {
        yield* parts()
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)))
      }
    })(),
    { objectMode: false },
  )
}
