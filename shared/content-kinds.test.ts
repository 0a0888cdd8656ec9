import { describe, expect, it } from 'vitest'
import { contentKind, showingWindow } from './content-kinds.ts'

describe('showingWindow: a popup is shown from its start until (not at) its end', () => {
  const now = new Date('2026-11-28T03:00:00Z')
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000)

  it('is scheduled before the start, current within, ended at and after the end', () => {
    expect(showingWindow(at(1), at(60), now)).toBe('scheduled')
    expect(showingWindow(at(1), null, now)).toBe('scheduled')
    expect(showingWindow(now, at(60), now)).toBe('current')
    expect(showingWindow(at(-60), null, now)).toBe('current')
    expect(showingWindow(at(-60), at(1), now)).toBe('current')
    expect(showingWindow(at(-60), now, now)).toBe('ended')
    expect(showingWindow(at(-60), at(-1), now)).toBe('ended')
    expect(showingWindow(null, null, now)).toBe('current')
  })

  it('is declared for popups only', () => {
    expect(contentKind('popups')?.shownBetween).toEqual(['starts_at', 'ends_at'])
    expect(contentKind('banners')?.shownBetween).toBeUndefined()
  })
})
