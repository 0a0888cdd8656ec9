/**
 * The members the end-to-end run starts with, created before the web server starts by
 * scripts/e2e-accounts.ts (both verified): a partner with restricted-area access and a member
 * without. Tests log in with these; nobody changes their passwords.
 */
export type E2eAccount = {
  username: string
  password: string
  company: string
  division: string
  name: string
  access: boolean
}

export const E2E_ACCOUNTS = {
  partner: {
    username: 'partner@e2e.example.com',
    password: 'Partner#2024a',
    company: '협력밸브',
    division: '설계팀',
    name: '김협력',
    access: true,
  },
  /** Signs in to see a unit page's restricted part (tests/e2e/unit-page.spec.ts), apart from the area's own tests. */
  unitPartner: {
    username: 'unit-partner@e2e.example.com',
    password: 'UnitPartner#2024a',
    company: '현장정비',
    division: '정비팀',
    name: '박현장',
    access: true,
  },
  packager: {
    username: 'packager@e2e.example.com',
    password: 'Packager#2024a',
    company: '협력밸브',
    division: '품질팀',
    name: '박패키지',
    access: true,
  },
  member: {
    username: 'member@e2e.example.com',
    password: 'Member#2024a',
    company: '일반상사',
    division: '구매팀',
    name: '이일반',
    access: false,
  },
} as const satisfies Record<string, E2eAccount>
