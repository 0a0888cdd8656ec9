import { expect, test, type Page } from '@playwright/test'
import { hidePopups, hydrated, testIn } from './helpers.ts'

/**
 * The member forms run under the page's Content-Security-Policy without a single violation or
 * DevTools "Issues" entry, both when loaded directly and when reached by client-side navigation,
 * and after their validation (zod in the browser), server answers and dialogs have run. zod's
 * eval probe once produced a CSP issue here (Lighthouse best practices 96).
 */

const ui = {
  ko: {
    username: '아이디(이메일)',
    password: '비밀번호',
    login: '로그인',
    headerLogin: '로그인',
    join: '회원가입',
    enterCompany: '회사명을 입력해 주세요.',
    findId: '아이디 찾기',
    findPassword: '비밀번호 찾기',
    sendReset: '재설정 링크 보내기',
    close: '닫기',
    showPassword: '비밀번호 보기',
    signup: '인증 메일 보내기',
    enterId: '아이디를 입력해 주세요.',
    badEmail: '이메일 형식이 올바르지 않습니다.',
    noSuchId: '아이디가 일치하지 않습니다.',
  },
  en: {
    username: 'ID (e-mail)',
    password: 'Password',
    login: 'Login',
    headerLogin: 'Log in',
    join: 'Join membership',
    enterCompany: 'Please enter the company name.',
    findId: 'Find ID',
    findPassword: 'Find password',
    sendReset: 'Send reset link',
    close: 'Close',
    showPassword: 'Show password',
    signup: 'Send authentication E-mail',
    enterId: 'Please enter your ID.',
    badEmail: 'The email format is not valid.',
    noSuchId: 'The ID does not match.',
  },
} as const
type Lang = keyof typeof ui

/**
 * Chromium reports a "DocumentCookie" performance hint wherever script reads document.cookie
 * (the header's member hint does, on every page). It is not a problem of the page, Lighthouse
 * does not count it, and DevTools files it under performance, not security.
 */
const ignored = (issue: { code: string; details: { performanceIssueDetails?: { performanceIssueType?: string } } }) =>
  issue.code === 'PerformanceIssue' && issue.details.performanceIssueDetails?.performanceIssueType === 'DocumentCookie'

type Problems = { issues: unknown[]; violations: string[]; console: string[] }

/** Collects, from before the first navigation on: inspector issues (CDP Audits), `securitypolicyviolation` events and CSP console messages. */
async function watchProblems(page: Page) {
  const problems: Problems = { issues: [], violations: [], console: [] }
  const cdp = await page.context().newCDPSession(page)
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (!ignored(issue)) problems.issues.push(issue)
  })
  await cdp.send('Audits.enable')
  // A binding survives full-page navigations, unlike a variable in the page.
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation
      void report(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline/eval)'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      )
    })
  })
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) problems.console.push(message.text())
  })
  return {
    problems,
    /** Asks Chromium for its form checks too (labels, autocomplete), then expects nothing at all. */
    async expectNone() {
      const { formIssues } = (await cdp.send('Audits.checkFormsIssues')) as { formIssues: unknown[] }
      problems.issues.push(...formIssues)
      // Issues are reported asynchronously: give the last interaction's a moment to arrive.
      await page.waitForTimeout(300)
      expect(problems, JSON.stringify(problems, null, 2)).toEqual({ issues: [], violations: [], console: [] })
    },
  }
}

async function exerciseLogin(page: Page, lang: Lang) {
  const t = ui[lang]
  const form = page.locator('main form').first()
  // Client-side rules (zod in the browser) on an empty form, then on malformed values.
  await form.getByRole('button', { name: t.login, exact: true }).click()
  await expect(page.getByText(t.enterId)).toBeVisible()
  await page.getByLabel(t.username).fill('not-an-email')
  await page.getByLabel(t.password, { exact: false }).first().fill('short')
  await page.keyboard.press('Enter')
  await expect(page.getByText(t.badEmail)).toBeVisible()
  // A well-formed but unknown ID: the server's answer.
  await page.getByLabel(t.username).fill(`nobody.${Date.now().toString(36)}@example.com`)
  await page.getByLabel(t.password, { exact: false }).first().fill('Valve#2024a')
  await page.keyboard.press('Enter')
  await expect(page.getByText(t.noSuchId)).toBeVisible()
  await page.getByRole('button', { name: t.showPassword }).click()
  // Both dialogs, with their own validation.
  for (const [open, submit, message] of [
    [t.findId, t.findId, t.enterCompany],
    [t.findPassword, t.sendReset, t.enterId],
  ] as const) {
    await page.getByRole('button', { name: open, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: open })
    await dialog.getByRole('button', { name: submit, exact: true }).click()
    await expect(dialog.getByText(message)).toBeVisible()
    await dialog.getByRole('button', { name: t.close }).first().click()
    await expect(dialog).toBeHidden()
  }
}

async function exerciseSignup(page: Page, lang: Lang) {
  const t = ui[lang]
  await page.getByRole('button', { name: t.signup }).click()
  await expect(page.getByText(t.enterId)).toBeVisible()
  await page.getByLabel(t.username).fill('not-an-email')
  await page.getByLabel(t.password, { exact: false }).first().fill('short')
  await page.getByRole('button', { name: t.signup }).click()
  await expect(page.getByText(t.badEmail)).toBeVisible()
  await page.getByRole('button', { name: t.showPassword }).first().click()
  await expect(page).toHaveURL(/\/signup/)
}

test.beforeEach(async ({ page }) => hidePopups(page))

for (const lang of ['ko', 'en'] as const) {
  test.describe(`no CSP violation or inspector issue (${lang})`, () => {
    testIn(lang, 'en')(`/login?lang=${lang} loaded directly, its forms and dialogs used`, async ({ page }) => {
      const watch = await watchProblems(page)
      await page.goto(`/login?lang=${lang}`)
      await hydrated(page)
      await exerciseLogin(page, lang)
      await watch.expectNone()
    })

    testIn(lang, 'ko')(`/signup?lang=${lang} loaded directly, its form used`, async ({ page }) => {
      const watch = await watchProblems(page)
      await page.goto(`/signup?lang=${lang}`)
      await hydrated(page)
      await exerciseSignup(page, lang)
      await watch.expectNone()
    })

    testIn(lang, 'ko')(
      `home → /login → /signup by client-side navigation (${lang}), the forms used`,
      async ({ page }) => {
        const watch = await watchProblems(page)
        await page.goto(`/?lang=${lang}`)
        await hydrated(page)
        await page.locator('.site-header__tools').getByRole('link', { name: ui[lang].headerLogin, exact: true }).click()
        await expect(page).toHaveURL(/\/login/)
        await exerciseLogin(page, lang)
        await page.locator('.member-links').getByRole('link', { name: ui[lang].join }).click()
        await expect(page).toHaveURL(/\/signup/)
        await exerciseSignup(page, lang)
        await watch.expectNone()
      },
    )

    test(`a kept page (${lang}): served from memory with its scripts allowed by hash, it hydrates and navigates`, async ({
      page,
    }) => {
      const watch = await watchProblems(page)
      const url = `/company/introduction/info?lang=${lang}`
      // The first visit stores it (once its compressed forms are made); a later one is served from memory.
      await page.request.get(url)
      await expect.poll(async () => (await page.request.get(url)).headers()['x-cache']).toBe('hit')
      const response = await page.goto(url)
      expect(response?.headers()['x-cache']).toBe('hit')
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
      // Its scripts are inert in the HTML and started at the load event (app/utils/scripts-after-load.server.ts).
      const html = (await response?.text()) ?? ''
      expect(html).not.toContain('<link rel="modulepreload"')
      expect(html).toContain('<link rel="x-modulepreload-after-load"')
      expect(html).toContain('type="x-module-after-load"')
      await hydrated(page)
      expect(await page.locator('script[type="x-module-after-load"]').count()).toBe(0)
      await page.locator('.site-header__tools').getByRole('link', { name: ui[lang].headerLogin, exact: true }).click()
      await expect(page).toHaveURL(/\/login/)
      await watch.expectNone()
    })
  })
}
