import type { MemberState } from '#shared/member-admin-rules.ts'

/** One member as the export writes it. */
export type MemberCsvRow = {
  id: number
  company: string
  division: string
  name: string
  username: string
  state: MemberState
  access: boolean
  createdAt: Date
  lastLoginAt: Date | null
}

/** Column headers in both languages: the file is opened by Korean and English staff alike. */
const HEADERS = [
  '회원번호 (ID)',
  '회사 (Company)',
  '부서 (Department)',
  '이름 (Name)',
  '이메일 (E-mail)',
  '상태 (State)',
  '제작사양 조회 권한 (Restricted access)',
  '가입일 (Joined)',
  '마지막 로그인 (Last login)',
]

const STATE_LABELS: Record<MemberState, string> = {
  active: '정상 (active)',
  unverified: '미인증 (unverified)',
  locked: '잠김 (locked)',
  withdrawn: '탈퇴 (withdrawn)',
}

/** Date and time in Korea, where the company works: `2026-11-23 12:05`. */
export function koreaDateTime(date: Date | null): string {
  if (!date) return ''
  const korea = new Date(date.getTime() + 9 * 60 * 60 * 1000)
  return korea.toISOString().slice(0, 16).replace('T', ' ')
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a value a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe,
 * so a member's name can never become a formula in the exporting admin's Excel (CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * The member list as CSV for Excel: UTF-8 with a byte-order mark (without it Korean Excel reads
 * the file as CP949 and garbles every Korean letter), CRLF line ends, bilingual headers.
 */
export function membersCsv(rows: readonly MemberCsvRow[]): string {
  const lines = [HEADERS.map(csvField).join(',')]
  for (const r of rows) {
    lines.push(
      [
        String(r.id),
        r.company,
        r.division,
        r.name,
        r.username,
        STATE_LABELS[r.state],
        r.access ? 'Y' : 'N',
        koreaDateTime(r.createdAt),
        koreaDateTime(r.lastLoginAt),
      ]
        .map(csvField)
        .join(','),
    )
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
