import { describe, expect, it } from 'vitest'
import ko from './ko.json'
import { format } from './messages.ts'
import { PARTICLE_MARKERS, particleAfter } from './particles.ts'

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
    // Closing marks after the value are not read: the word before them decides.
    expect(particleAfter('TM 시리즈(멀티턴)', '을(를)')).toBe('을')
    expect(particleAfter('manuals/tm.pdf', '이(가)')).toBe('가')
    expect(particleAfter('“밸브”', '와(과)')).toBe('와')
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

describe('the Korean catalogue names its particles so they can be chosen', () => {
  const markers = Object.keys(PARTICLE_MARKERS)
  const entries = Object.entries(ko as Record<string, string>)

  it('puts every marker right after a placeholder (or its closing quote), where `format` resolves it', () => {
    const stray = entries.filter(([, text]) =>
      markers.some((m) => text.replaceAll(new RegExp(`\\{\\w+\\}['"’”」』)]?${escape(m)}`, 'g'), '').includes(m)),
    )
    expect(stray).toEqual([])
  })

  it('never writes a fixed particle after a placeholder, whose value decides it', () => {
    // (After a closing bracket the particle follows the words before the brackets: "새 개정(예: Rev. {next})으로".)
    const fixed = /\{\w+\}['"’”」』]?(을|를|이|가|은|는|와|과|으로|로)(?![가-힣(])/
    expect(entries.filter(([, text]) => fixed.test(text))).toEqual([])
  })

  it('leaves no marker in a message once it is filled, whatever its values end with', () => {
    const withMarkers = entries.filter(([, text]) => markers.some((m) => text.includes(m)))
    expect(withMarkers.length).toBeGreaterThan(0)
    for (const sample of ['액추에이터', '제품', '2', '3', 'B', 'L', '512 MB', "'manuals/tm.pdf'"]) {
      for (const [key, text] of withMarkers) {
        const vars = Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, sample]))
        const filled = format(text, vars)
        for (const m of markers) expect(filled, `${key} with ${sample}`).not.toContain(m)
      }
    }
    expect(format(ko['import.error.zipTooLarge'], { max: '512 MB' })).toContain('모두 합해 512 MB를 넘습니다.')
    expect(format(ko['console.terms.published'], { version: 2, date: '2026.12.01' })).toBe(
      '버전 2를 게시했습니다. 2026.12.01부터 시행됩니다.',
    )
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
