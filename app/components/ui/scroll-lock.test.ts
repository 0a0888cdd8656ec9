import { beforeEach, describe, expect, it } from 'vitest'
import { lockScroll, scrollLockCount } from './scroll-lock.ts'

function fakeDocument(overflow: string): Document {
  return { body: { style: { overflow } } } as unknown as Document
}

describe('lockScroll', () => {
  let doc: Document
  beforeEach(() => {
    expect(scrollLockCount()).toBe(0)
    doc = fakeDocument('auto')
  })

  it('one lock hides overflow, its release restores the previous value', () => {
    const release = lockScroll(doc)
    expect(doc.body.style.overflow).toBe('hidden')
    expect(scrollLockCount()).toBe(1)
    release()
    expect(doc.body.style.overflow).toBe('auto')
    expect(scrollLockCount()).toBe(0)
  })

  it('two locks: releasing one keeps the page locked, releasing both restores it', () => {
    const first = lockScroll(doc)
    const second = lockScroll(doc)
    expect(scrollLockCount()).toBe(2)
    first()
    expect(doc.body.style.overflow).toBe('hidden')
    expect(scrollLockCount()).toBe(1)
    second()
    expect(doc.body.style.overflow).toBe('auto')
    expect(scrollLockCount()).toBe(0)
  })

  it('releases in either order', () => {
    const first = lockScroll(doc)
    const second = lockScroll(doc)
    second()
    expect(doc.body.style.overflow).toBe('hidden')
    first()
    expect(doc.body.style.overflow).toBe('auto')
  })

  it('a double release is harmless', () => {
    const first = lockScroll(doc)
    const second = lockScroll(doc)
    first()
    first()
    expect(scrollLockCount()).toBe(1)
    expect(doc.body.style.overflow).toBe('hidden')
    second()
    second()
    expect(scrollLockCount()).toBe(0)
    expect(doc.body.style.overflow).toBe('auto')
  })

  it('restores an empty inline overflow', () => {
    const blank = fakeDocument('')
    const release = lockScroll(blank)
    expect(blank.body.style.overflow).toBe('hidden')
    release()
    expect(blank.body.style.overflow).toBe('')
  })
})
