import { describe, expect, it } from 'vitest'
import { format } from './messages.ts'
import { particleAfter } from './particles.ts'

describe('Korean particles after a filled-in value', () => {
  it('follow the final syllable of Hangul, digits and Latin letters as they are read', () => {
    expect(particleAfter('설명서', '을(를)')).toBe('를')
    expect(particleAfter('결선도', '이(가)')).toBe('가')
    expect(particleAfter('제품', '을(를)')).toBe('을')
    expect(particleAfter('2', '을(를)')).toBe('를')
    expect(particleAfter('3', '을(를)')).toBe('을')
    expect(particleAfter('10', '은(는)')).toBe('은')
    expect(particleAfter('B', '이(가)')).toBe('가')
    expect(particleAfter('L', '이(가)')).toBe('이')
    expect(particleAfter('서울', '(으)로')).toBe('로')
    expect(particleAfter('부산역', '(으)로')).toBe('으로')
    expect(particleAfter('…', '을(를)')).toBe('을(를)')
  })

  it('are resolved when a message is filled, also after a closing quote', () => {
    expect(format('버전 {version}을(를) 게시했습니다.', { version: 2 })).toBe('버전 2를 게시했습니다.')
    expect(format('버전 {version}을(를) 게시했습니다.', { version: 3 })).toBe('버전 3을 게시했습니다.')
    expect(format('비워 두면 {next}이(가) 됩니다.', { next: 'B' })).toBe('비워 두면 B가 됩니다.')
    expect(format("ZIP 파일 안에 '{path}'이(가) 없습니다.", { path: 'manuals/tm.pdf' })).toBe(
      "ZIP 파일 안에 'manuals/tm.pdf'가 없습니다.",
    )
    expect(format('{name}을(를) 옮길 상위 항목', { name: '액추에이터' })).toBe('액추에이터를 옮길 상위 항목')
    // Without the value the neutral spelling stays.
    expect(format('{name}을(를) 옮길 상위 항목', {})).toBe('{name}을(를) 옮길 상위 항목')
  })
})
