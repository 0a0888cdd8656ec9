import { expect, test, type Locator, type Page } from '@playwright/test'
import fs from 'node:fs'
import { makePdf } from '#server/seed/demo/demo-files.ts'
import { expectNoSeriousA11yViolations } from './a11y.ts'
import { E2E_STAFF, type E2EStaffKey } from './console-accounts.ts'
import { signInConsole, staffCode } from './console-session.ts'
import { hydrated } from './helpers.ts'
import { koreaLocal } from '../helpers/korea-local.ts'

/**
 * The small console defects of issue 33 as staff see them, in Chromium, in Korean and English: a
 * member's consents name the terms version and the real time of consent; the recovery codes are a
 * readable grid at desktop, tablet and phone widths that can be copied, downloaded and printed
 * (codes only); the popup list says Scheduled, Live and Expired; file fields show a file's
 * original name. Each test signs in with its own account (a code works once per account and step).
 */
test.describe.configure({ timeout: 120_000 })

/** A number for this run's texts: a retry runs on the database its first try changed. */
const runTag = () => String(Date.now() % 1_000_000)

/** The date of today in Korea as the console writes it in each language ("2026. 11. 28.", "28 Nov 2026"). */
const koreaToday = (lang: 'ko' | 'en') =>
  new Date().toLocaleDateString(lang === 'ko' ? 'ko-KR' : 'en-GB', { timeZone: 'Asia/Seoul', dateStyle: 'medium' })

test('a member’s consents show the terms version and the real date and time of consent', async ({ page, request }) => {
  const member = {
    username: `e2e.consents.${Date.now().toString(36)}@example.com`,
    password: 'Consent#2026a',
    company: '동의확인밸브',
    division: '법무팀',
    name: '한동의',
  }
  const signUp = await request.post('/api/sign', { data: { ...member, consent_service: true, consent_privacy: true } })
  expect(signUp.status()).toBe(200)

  await signInConsole(page, 'defectsMembers', 'ko')
  await page.goto(`/admin/members?q=${encodeURIComponent(member.username)}`)
  await page.getByRole('row').filter({ hasText: member.username }).getByRole('link', { name: member.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible()
  const memberUrl = page.url().split('?')[0]!

  for (const lang of ['ko', 'en'] as const) {
    await page.goto(`${memberUrl}?lang=${lang}`)
    const consents = page.getByRole('table', { name: lang === 'ko' ? '약관 동의' : 'Consents' })
    await expect(consents.getByRole('columnheader')).toHaveText(
      lang === 'ko'
        ? ['동의 항목', '동의한 약관 버전', '동의 일시', '철회일']
        : ['Consent', 'Terms version consented to', 'Consented at', 'Withdrawn'],
    )
    const service = consents
      .getByRole('row')
      .filter({ hasText: lang === 'ko' ? '서비스 이용약관' : 'Terms of service' })
    const cells = service.getByRole('cell')
    // The version as a version, linked to it, with the day it took effect.
    await expect(cells.nth(0).getByRole('link', { name: lang === 'ko' ? '버전 1' : 'Version 1' })).toHaveAttribute(
      'href',
      /^\/admin\/terms\/\d+$/,
    )
    await expect(cells.nth(0)).toContainText(lang === 'ko' ? '시행' : 'effective')
    // The consent's own moment: today (the member signed up just now), never the year 2001.
    await expect(cells.nth(1)).toContainText(koreaToday(lang))
    const when = await cells.nth(1).locator('time').getAttribute('dateTime')
    expect(Math.abs(Date.parse(when!) - Date.now())).toBeLessThan(10 * 60_000)
    await expect(consents).not.toContainText('2001')
    await expectNoSeriousA11yViolations(page)
  }
})

/**
 * How the codes lie: pairs of items or of codes whose boxes overlap, codes that stick out of their
 * item or the list (or are cut inside their own box) or break over two lines, the number of
 * columns, the codes' font.
 */
async function codesLayout(list: Locator) {
  return list.evaluate((ol) => {
    const items = [...ol.querySelectorAll('li')]
    const itemBoxes = items.map((li) => li.getBoundingClientRect())
    const codes = items.map((li) => li.querySelector('code')!)
    const codeBoxes = codes.map((c) => c.getBoundingClientRect())
    const meet = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5
    let overlaps = 0
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) {
        if (meet(itemBoxes[i]!, itemBoxes[j]!)) overlaps++
        if (meet(codeBoxes[i]!, codeBoxes[j]!)) overlaps++
      }
    const listBox = ol.getBoundingClientRect()
    const clipped = codes.filter((c, i) => {
      const box = codeBoxes[i]!
      const item = itemBoxes[i]!
      return (
        (c.clientWidth > 0 && c.scrollWidth > c.clientWidth + 1) ||
        box.right > Math.min(item.right, listBox.right) + 0.5 ||
        box.left < Math.max(item.left, listBox.left) - 0.5
      )
    }).length
    // A code broken over two lines (at a hyphen) is as hard to read back as an overlapping one.
    const wrapped = codes.filter((c, i) => codeBoxes[i]!.height > 2 * parseFloat(getComputedStyle(c).fontSize)).length
    return {
      overlaps,
      clipped,
      wrapped,
      columns: new Set(itemBoxes.map((r) => Math.round(r.left))).size,
      font: getComputedStyle(codes[0]!).fontFamily,
      userSelect: getComputedStyle(codes[0]!).userSelect,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }
  })
}

for (const [lang, key] of [
  ['ko', 'defectsCodes'],
  ['en', 'defectsCodesEn'],
] as const satisfies readonly (readonly ['ko' | 'en', E2EStaffKey])[]) {
  test(`recovery codes (${lang}): a readable grid at 1366, 768 and 390 px; copy, download and print`, async ({
    page,
  }) => {
    const ko = lang === 'ko'
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signInConsole(page, key, lang)
    await page.goto(`/admin/account?lang=${lang}`)
    await hydrated(page)
    const recovery = page.getByRole('region', { name: ko ? '복구 코드 새로 만들기' : 'New recovery codes' })
    await recovery.getByRole('textbox', { name: ko ? /인증 코드/ : /^Code/ }).fill(staffCode(key, 1))
    await recovery.getByRole('button', { name: ko ? '새 복구 코드 만들기' : 'Make new codes' }).click()
    const list = page.getByTestId('recovery-codes')
    await expect(list.locator('li')).toHaveCount(10)
    const codes = (await list.locator('code').allInnerTexts()).map((c) => c.trim())
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/)
    // The list is named by the line above it: the site and the account.
    const heading = ko
      ? `㈜대한액추에이터 관리자 콘솔(${new URL(page.url()).host}) 복구 코드 · ${E2E_STAFF[key].username}`
      : `Recovery codes for ${E2E_STAFF[key].username} · Daehan Actuator Co., Ltd. console (${new URL(page.url()).host})`
    await expect(page.getByRole('list', { name: heading })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    for (const [width, height, columns] of [
      [1366, 900, 2],
      [768, 1024, null],
      [390, 844, 1],
    ] as const) {
      await page.setViewportSize({ width, height })
      const layout = await codesLayout(list)
      expect(layout, `${width} px`).toMatchObject({ overlaps: 0, clipped: 0, wrapped: 0, userSelect: 'text' })
      if (columns !== null) expect(layout.columns, `${width} px`).toBe(columns)
      expect(layout.font, `${width} px`).toMatch(/monospace/)
      expect(layout.pageOverflow, `${width} px`).toBeLessThanOrEqual(0)
    }
    await page.setViewportSize({ width: 1366, height: 900 })

    // Copy all: the ten codes, one a line, and a visible confirmation.
    await page.getByRole('button', { name: ko ? '모두 복사' : 'Copy all' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: ko ? '클립보드에 복사했습니다' : 'copied to the clipboard' }),
    ).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))

    // Download: a .txt file headed by the site and the account, then the numbered codes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: ko ? '다운로드(.txt)' : 'Download (.txt)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^recovery-codes-[\w.-]+\.txt$/)
    const lines = fs.readFileSync((await download.path())!, 'utf8').split('\n')
    expect(lines[0]).toBe(heading)
    expect(lines.slice(3, 13)).toEqual(codes.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`))

    // Print: the codes and their heading only.
    await page.emulateMedia({ media: 'print' })
    await expect(list).toBeVisible()
    await expect(page.getByRole('list', { name: heading })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden()
    await expect(page.getByRole('heading', { level: 2, name: ko ? '비밀번호 변경' : 'Change password' })).toBeHidden()
    await expect(page.locator('input[name="old_password"]')).toBeHidden()
    await expect(page.getByRole('button', { name: ko ? '모두 복사' : 'Copy all' })).toBeHidden()
    await expect(page.getByRole('navigation').first()).toBeHidden()
    await page.emulateMedia({ media: 'screen' })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
}

test('the popup list says Scheduled, Live and Expired by the dates, in both languages', async ({ page }) => {
  const tag = runTag()
  const popups = [
    { name: `예약 팝업 ${tag}`, en: `Scheduled popup ${tag}`, from: 60 * 3, until: 60 * 24 },
    { name: `지금 팝업 ${tag}`, en: `Live popup ${tag}`, from: -60, until: 60 * 24 },
    { name: `지난 팝업 ${tag}`, en: `Expired popup ${tag}`, from: -60 * 48, until: -60 },
  ]
  await signInConsole(page, 'defectsPopups', 'en')
  const made: string[] = []
  for (const p of popups) {
    await page.goto('/admin/content/popups/new?lang=en')
    await hydrated(page)
    await page.getByLabel('Title (Korean)').fill(p.name)
    await page.getByLabel('Title (English)').fill(p.en)
    await page.getByRole('textbox', { name: 'Body (Korean)' }).fill(`${p.name} 본문`)
    await page.getByRole('textbox', { name: 'Body (English)' }).fill(`${p.en} body`)
    await page.getByLabel('Shown from (Korea time)').fill(koreaLocal(p.from))
    await page.getByLabel('Shown until (Korea time)').fill(koreaLocal(p.until))
    await page.getByRole('button', { name: 'Save and publish' }).click()
    await expect(page).toHaveURL(/\/admin\/content\/popups\/\d+\?done=publish$/)
    made.push(page.url().split('?')[0]!)
  }

  const status = (title: string) => page.getByRole('row').filter({ hasText: title }).locator('.status-badges')
  await page.goto('/admin/content/popups?lang=en')
  await expect(status(popups[0]!.en)).toHaveText('Korean: ScheduledEnglish: Scheduled')
  await expect(status(popups[1]!.en)).toHaveText('Korean: LiveEnglish: Live')
  await expect(status(popups[2]!.en)).toHaveText('Korean: ExpiredEnglish: Expired')
  await expectNoSeriousA11yViolations(page)
  await page.goto('/admin/content/popups?lang=ko')
  await expect(status(popups[0]!.name)).toHaveText('한국어: 예약됨영어: 예약됨')
  await expect(status(popups[1]!.name)).toHaveText('한국어: 게시 중영어: 게시 중')
  await expect(status(popups[2]!.name)).toHaveText('한국어: 종료됨영어: 종료됨')
  await expectNoSeriousA11yViolations(page)

  // The editor's own page says the same.
  await page.goto(`${made[0]}?lang=ko`)
  await expect(page.locator('.content-state .status-badges')).toHaveText('한국어: 예약됨영어: 예약됨')

  // Clean up: the live one would stay on the home page of the specs that run after this one.
  for (const url of made) {
    await page.goto(`${url}?lang=en`)
    await page.getByLabel('Delete this entry (cannot be undone)').check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/content\/popups\?deleted=1/)
  }
})

/** The first upload field labelled `label` on the page (a document's page also has the new revision's). */
const uploadField = (page: Page, label: string) =>
  page
    .locator('.upload-field')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .first()

test('file fields show the file’s original name, not its storage key, in both languages', async ({ page }) => {
  const tag = runTag()
  const fileName = `TM 카탈로그 ${tag} (원본).pdf`
  await signInConsole(page, 'defectsFiles', 'ko')
  await page.goto('/admin/documents/reference/new?lang=ko')
  await hydrated(page)
  await page.getByLabel('제목 (한국어)').fill(`원본 이름 문서 ${tag}`)
  await page.getByLabel('제목 (영어)').fill(`Original name document ${tag}`)
  const field = uploadField(page, '파일 1')
  await field.getByLabel('파일 1', { exact: true }).setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: makePdf(`Original name ${tag}`, ['A file with a readable name']),
  })
  await expect(field.getByRole('status')).toHaveText(`업로드했습니다: ${fileName}`, { timeout: 30_000 })
  const key = await field.locator('input[type="hidden"]').inputValue()
  expect(key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{20}\.pdf$/)
  await page.getByRole('button', { name: '저장', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/documents\/reference\/\d+\?done=created$/)
  const docUrl = page.url().split('?')[0]!

  // Loaded afresh from the server, in each language: the name, never the key.
  for (const [lang, label, current] of [
    ['ko', '파일 1', '현재 파일'],
    ['en', 'File 1', 'Current file'],
  ] as const) {
    await page.goto(`${docUrl}?lang=${lang}`)
    const stored = uploadField(page, label)
    await expect(stored.locator('input[type="hidden"]')).toHaveValue(key)
    await expect(stored.locator('.upload-field__facts')).toContainText(current)
    await expect(stored.getByRole('link', { name: fileName })).toBeVisible()
    await expect(stored).not.toContainText(key.split('/').pop()!)
  }

  // The media list names it too.
  for (const lang of ['ko', 'en'] as const) {
    await page.goto(`/admin/media?lang=${lang}`)
    await expect(page.getByRole('table').getByRole('rowheader').filter({ hasText: fileName })).toBeVisible()
  }
})
