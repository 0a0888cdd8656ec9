/**
 * Rows in PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html,
 * "Binary Format"), for the bulk load of a full reindex on PGlite: the server reads integer arrays
 * in it about twice as fast as the same arrays in JSON or text. Four column types are needed:
 * int4, text, timestamptz and int4[]. Everything is written into one buffer that doubles when
 * full (a small array per field made the encoding cost about as much as the COPY itself).
 */
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]
const INT4_OID = 23
/** Microseconds between the Unix epoch and PostgreSQL's (2000-01-01). */
const PG_EPOCH_MS = 946_684_800_000
const encoder = new TextEncoder()

class Writer {
  private buffer = new Uint8Array(1 << 16)
  private view = new DataView(this.buffer.buffer)
  at = 0

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.at + n <= this.buffer.length) return
    let size = this.buffer.length * 2
    while (size < this.at + n) size *= 2
    const buffer = new Uint8Array(size)
    buffer.set(this.buffer.subarray(0, this.at))
    this.buffer = buffer
    this.view = new DataView(buffer.buffer)
  }

  bytes(values: readonly number[]): void {
    this.reserve(values.length)
    this.buffer.set(values, this.at)
    this.at += values.length
  }

  int16(n: number): void {
    this.reserve(2)
    this.view.setInt16(this.at, n)
    this.at += 2
  }

  int32(n: number): void {
    this.reserve(4)
    this.view.setInt32(this.at, n)
    this.at += 4
  }

  int64(n: bigint): void {
    this.reserve(8)
    this.view.setBigInt64(this.at, n)
    this.at += 8
  }

  /** A text field: its length, then its UTF-8 bytes (at most 3 for each UTF-16 unit). */
  text(value: string): void {
    this.reserve(4 + value.length * 3)
    const { written } = encoder.encodeInto(value, this.buffer.subarray(this.at + 4))
    this.view.setInt32(this.at, written)
    this.at += 4 + written
  }

  /** A one-dimensional int4[] field without nulls. */
  int4Array(values: ArrayLike<number>): void {
    this.reserve(24 + values.length * 8)
    const { view } = this
    let at = this.at
    view.setInt32(at, 20 + values.length * 8)
    view.setInt32(at + 4, 1) // one dimension
    view.setInt32(at + 8, 0) // no nulls
    view.setInt32(at + 12, INT4_OID)
    view.setInt32(at + 16, values.length)
    view.setInt32(at + 20, 1) // lower bound
    at += 24
    for (let i = 0; i < values.length; i++, at += 8) {
      view.setInt32(at, 4)
      view.setInt32(at + 4, Number(values[i]))
    }
    this.at = at
  }

  result(): Uint8Array<ArrayBuffer> {
    return this.buffer.subarray(0, this.at)
  }
}

export function copyBinary<Row extends object>(
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Uint8Array<ArrayBuffer> {
  const out = new Writer()
  out.bytes(SIGNATURE)
  out.int32(0) // flags
  out.int32(0) // header extension length
  for (const row of rows) {
    out.int16(columns.length)
    for (const column of columns) {
      const value: unknown = row[column]
      if (value === null || value === undefined) out.int32(-1)
      else if (Array.isArray(value)) out.int4Array(value)
      else if (value instanceof Date) {
        out.int32(8)
        out.int64(BigInt(value.getTime() - PG_EPOCH_MS) * 1000n)
      } else if (typeof value === 'number') {
        out.int32(4)
        out.int32(value)
      } else if (typeof value === 'string') out.text(value)
      else throw new TypeError(`copyBinary: ${column} holds a ${typeof value}`)
    }
  }
  out.int16(-1) // trailer
  return out.result()
}
