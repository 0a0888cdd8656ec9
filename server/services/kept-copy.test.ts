import { describe, expect, it } from 'vitest'
import type { ChangeListener } from './changes.ts'
import { keptCopy } from './kept-copy.ts'

/** A change bus of one node, whose notices and listening the test decides. */
function bus() {
  const listeners: ChangeListener[] = []
  const announcers: (() => void)[] = []
  const state = { live: true }
  return {
    state,
    notice: () => listeners.forEach((listener) => listener(['settings'])),
    announce: () => announcers.forEach((listener) => listener()),
    subscribe(listener: ChangeListener) {
      listeners.push(listener)
      return () => {}
    },
    announcing(listener: () => void) {
      announcers.push(listener)
      return () => {}
    },
    live: () => state.live,
  }
}

/** A read that counts its calls and answers the current value. */
function source() {
  const s = { value: 'a', reads: 0, fail: false }
  const read = async () => {
    s.reads += 1
    if (s.fail) throw new Error('database gone')
    return s.value
  }
  return { s, read }
}

describe('keptCopy', () => {
  it('reads once for every page while the bus is heard, and again after any notice', async () => {
    const b = bus()
    const { s, read } = source()
    const get = keptCopy(b, read)
    expect([await get(), await get(), await get()]).toEqual(['a', 'a', 'a'])
    expect(s.reads).toBe(1)
    s.value = 'b'
    b.notice()
    expect(await get()).toBe('b')
    expect(s.reads).toBe(2)
  })

  it('keeps nothing while the bus is not heard (before it listens, while it reconnects)', async () => {
    const b = bus()
    b.state.live = false
    const { s, read } = source()
    const get = keptCopy(b, read)
    await get()
    s.value = 'b'
    expect(await get()).toBe('b')
    expect(s.reads).toBe(2)
  })

  it('does not keep what a read saw when a notice came while it was reading', async () => {
    const b = bus()
    const { s, read } = source()
    const get = keptCopy(b, read)
    const first = get()
    b.notice()
    s.value = 'b'
    expect(await first).toBe('a')
    expect(await get()).toBe('b')
  })

  it('does not keep a failed read, and keeps a copy no longer than its age', async () => {
    const b = bus()
    const { s, read } = source()
    s.fail = true
    const get = keptCopy(b, read, 20)
    await expect(get()).rejects.toThrow('database gone')
    s.fail = false
    expect(await get()).toBe('a')
    s.value = 'b'
    expect(await get()).toBe('a')
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(await get()).toBe('b')
  })

  it("reads between this node's own announcement and its notice, and keeps again once the notice came", async () => {
    const b = bus()
    const { s, read } = source()
    const get = keptCopy(b, read)
    await get()
    b.announce()
    s.value = 'b'
    // Committed, the notice not yet heard (PostgreSQL delivers it a few milliseconds later).
    expect(await get()).toBe('b')
    expect(await get()).toBe('b')
    expect(s.reads).toBe(3)
    b.notice()
    await get()
    await get()
    expect(s.reads).toBe(4)
  })
})
