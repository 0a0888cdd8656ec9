import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyBinary } from './copy-binary.ts'

describe('copyBinary', () => {
  // One database for the file: starting PGlite takes seconds, more on a busy machine.
  let db: PGlite
  beforeAll(async () => {
    db = await PGlite.create()
  })
  afterAll(() => db.close())

  it('loads integers, text, timestamps, nulls and integer arrays through COPY … FORMAT binary unchanged', async () => {
    await db.exec('create table t (id int4, name text, at timestamptz, codes int4[], note text)')
    const rows = [
      {
        id: -7,
        name: '전동 액추에이터 TM SMART',
        at: new Date('2026-11-22T01:02:03.456Z'),
        codes: [-2147483648, 0, 44032 << 16, 2147483647],
        note: null,
      },
      { id: 2147483647, name: '', at: null, codes: [], note: 'tab\tnew\nline \\ 😀' },
    ]
    await db.query(`copy t (id, name, at, codes, note) from '/dev/blob' with (format binary)`, [], {
      blob: new Blob([copyBinary(['id', 'name', 'at', 'codes', 'note'], rows)]),
    })
    const back = await db.query<{ id: number; name: string; at: Date | null; codes: number[]; note: string | null }>(
      'select * from t order by name desc',
    )
    expect(back.rows).toEqual(rows)
  })

  it('loads a batch far larger than its first buffer (64 KB) unchanged', async () => {
    await db.exec('create table big (id int4, body text, codes int4[])')
    const rows = Array.from({ length: 3000 }, (_, id) => ({
      id,
      body: `정수장 ${id} `.repeat(20),
      codes: Array.from({ length: 50 }, (_, k) => (id << 8) | k),
    }))
    await db.query(`copy big (id, body, codes) from '/dev/blob' with (format binary)`, [], {
      blob: new Blob([copyBinary(['id', 'body', 'codes'], rows)]),
    })
    const back = await db.query<{ id: number; body: string; codes: number[] }>('select * from big order by id')
    expect(back.rows).toEqual(rows)
  })

  it('refuses a value it cannot encode', () => {
    expect(() => copyBinary(['n'], [{ n: true }])).toThrow(TypeError)
  })
})
