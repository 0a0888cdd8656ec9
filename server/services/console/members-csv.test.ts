import { describe, expect, it } from 'vitest'
import { csvField, koreaDateTime, membersCsv } from './members-csv.ts'

describe('member CSV', () => {
  it('quotes commas, quotes and line breaks; plain text stays as it is', () => {
    expect(csvField('대한상사')).toBe('대한상사')
    expect(csvField('Kim, Lee')).toBe('"Kim, Lee"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
  })

  it('never lets a cell start a formula (CSV injection)', () => {
    for (const value of ['=1+1', '+82 10', '-5', '@SUM(A1)', '\tx', '\rx'])
      expect(csvField(value).replace(/^"/, '')[0]).toBe("'")
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
  })

  it('writes Korean time, a BOM, CRLF and one line per member', () => {
    expect(koreaDateTime(new Date('2026-11-23T15:30:00Z'))).toBe('2026-11-24 00:30')
    expect(koreaDateTime(null)).toBe('')
    const csv = membersCsv([
      {
        id: 7,
        company: '대한상사',
        division: '구매팀',
        name: '홍길동',
        username: 'hong@example.com',
        state: 'locked',
        access: true,
        createdAt: new Date('2026-01-02T03:04:00Z'),
        lastLoginAt: null,
      },
    ])
    expect(csv.startsWith('\uFEFF회원번호 (ID),')).toBe(true)
    expect(csv.split('\r\n')).toEqual([
      expect.stringContaining('마지막 로그인 (Last login)'),
      '7,대한상사,구매팀,홍길동,hong@example.com,잠김 (locked),Y,2026-01-02 12:04,',
      '',
    ])
  })
})
