import type { StaffRole } from '#shared/staff-rules.ts'

/**
 * Enrolled staff accounts for the end-to-end console specs, one or more per spec file: a TOTP code
 * works once per account and 30-second step, so specs running in parallel never share an account.
 * scripts/e2e-console.ts enrols them before the server starts and writes their secrets to the file
 * E2E_CONSOLE_ACCOUNTS_FILE names; tests/e2e/console-session.ts signs in with them.
 */
export const E2E_STAFF = {
  members: { username: 'e2e.members@example.com', name: '이회원관리', role: 'admin' },
  content: { username: 'e2e.content@example.com', name: '박편집', role: 'editor' },
  popups: { username: 'e2e.popups@example.com', name: '최팝업', role: 'editor' },
  popupsSecond: { username: 'e2e.popups2@example.com', name: '오두번째', role: 'editor' },
  popupsSchedule: { username: 'e2e.popups-schedule@example.com', name: '예약팝업', role: 'editor' },
  uploads: { username: 'e2e.uploads@example.com', name: '정업로드', role: 'editor' },
  terms: { username: 'e2e.terms@example.com', name: '한약관', role: 'editor' },
  viewer: { username: 'e2e.viewer@example.com', name: '윤감사', role: 'viewer' },
  editors: { username: 'e2e.editors@example.com', name: '서편집', role: 'editor' },
  banners: { username: 'e2e.banners@example.com', name: '배너담당', role: 'editor' },
  catalogue: { username: 'e2e.catalogue@example.com', name: '구카탈로그', role: 'editor' },
  catalogueSecond: { username: 'e2e.catalogue2@example.com', name: '나상세', role: 'editor' },
  catalogueSeries: { username: 'e2e.catalogue-series@example.com', name: '시리즈추가', role: 'editor' },
  guard: { username: 'e2e.guard@example.com', name: '지킴이', role: 'editor' },
  imports: { username: 'e2e.imports@example.com', name: '가져오기담당', role: 'editor' },
  documents: { username: 'e2e.documents@example.com', name: '문서담당', role: 'editor' },
  documentsAxe: { username: 'e2e.documents-axe@example.com', name: '문서점검', role: 'editor' },
  conflictDocs: { username: 'e2e.conflict-docs@example.com', name: '문서먼저', role: 'editor' },
  conflictDocsSecond: { username: 'e2e.conflict-docs2@example.com', name: '문서나중', role: 'editor' },
  conflictTexts: { username: 'e2e.conflict-texts@example.com', name: '문구먼저', role: 'editor' },
  conflictTextsSecond: { username: 'e2e.conflict-texts2@example.com', name: '문구나중', role: 'editor' },
  conflictNotices: { username: 'e2e.conflict-notices@example.com', name: '공시먼저', role: 'editor' },
  conflictNoticesSecond: { username: 'e2e.conflict-notices2@example.com', name: '공시나중', role: 'editor' },
  conflictTerms: { username: 'e2e.conflict-terms@example.com', name: '약관먼저', role: 'editor' },
  conflictTermsSecond: { username: 'e2e.conflict-terms2@example.com', name: '약관나중', role: 'editor' },
  languages: { username: 'e2e.languages@example.com', name: '한영게시', role: 'editor' },
  languagesEn: { username: 'e2e.languages-en@example.com', name: '영문게시', role: 'editor' },
  autosave: { username: 'e2e.autosave@example.com', name: '자동저장', role: 'editor' },
  history: { username: 'e2e.history@example.com', name: '기록담당', role: 'editor' },
  synonyms: { username: 'e2e.synonyms@example.com', name: '동의어담당', role: 'editor' },
  synonymsEn: { username: 'e2e.synonyms-en@example.com', name: '동의어영문', role: 'editor' },
  defectsMembers: { username: 'e2e.defects-members@example.com', name: '동의확인', role: 'admin' },
  defectsCodes: { username: 'e2e.defects-codes@example.com', name: '복구코드', role: 'viewer' },
  defectsCodesEn: { username: 'e2e.defects-codes-en@example.com', name: '영문코드', role: 'viewer' },
  defectsPopups: { username: 'e2e.defects-popups@example.com', name: '팝업상태', role: 'editor' },
  defectsFiles: { username: 'e2e.defects-files@example.com', name: '파일이름', role: 'editor' },
  dashboard: { username: 'e2e.dashboard@example.com', name: '현황편집', role: 'editor' },
  dashboardAdmin: { username: 'e2e.dashboard-admin@example.com', name: 'Dash Admin', role: 'admin' },
  pageCopy: { username: 'e2e.page-copy@example.com', name: '문구편집', role: 'editor' },
  pageCopyEn: { username: 'e2e.page-copy-en@example.com', name: '영문문구', role: 'editor' },
  pageCopyEnSecond: { username: 'e2e.page-copy-en2@example.com', name: '영문동료', role: 'editor' },
  media: { username: 'e2e.media@example.com', name: '매체담당', role: 'editor' },
  mediaFirst: { username: 'e2e.media-first@example.com', name: '매체먼저', role: 'editor' },
  mediaSecond: { username: 'e2e.media-second@example.com', name: '매체나중', role: 'editor' },
  mediaPublish: { username: 'e2e.media-publish@example.com', name: '매체게시', role: 'editor' },
  lists: { username: 'e2e.lists@example.com', name: '목록담당', role: 'editor' },
  listsEn: { username: 'e2e.lists-en@example.com', name: 'List Editor', role: 'editor' },
  labels: { username: 'e2e.labels@example.com', name: '라벨담당', role: 'editor' },
  mediaSession: { username: 'e2e.media-session@example.com', name: '매체세션', role: 'editor' },
  termsList: { username: 'e2e.terms-list@example.com', name: '약관목록', role: 'editor' },
  importsList: { username: 'e2e.imports-list@example.com', name: 'Import Lister', role: 'editor' },
  catalogueList: { username: 'e2e.catalogue-list@example.com', name: '제품목록', role: 'editor' },
  catalogueListEn: { username: 'e2e.catalogue-list-en@example.com', name: 'Catalogue Lister', role: 'editor' },
} as const satisfies Record<string, { username: string; name: string; role: StaffRole }>

export type E2EStaffKey = keyof typeof E2E_STAFF
export const E2E_STAFF_PASSWORD = 'Console#2026e2e-staff'
