import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { hidePopups, hydrated } from './helpers.ts'
import { readMail } from './mail.ts'

/**
 * Member accounts in Chromium, with the real mail path: the server sends through SMTP to the
 * local server of global-setup.ts, and the tests read the received files. Every test signs up
 * its own address.
 */

const PASSWORD = 'Valve#2024a'
let seq = 0
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${process.pid}.${++seq}@example.com`

// The home popups would cover the page after every login (which lands on /).
test.beforeEach(async ({ page }) => hidePopups(page))
// Each test signs up and waits for real mail, with argon2 on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 })

type Member = { username: string; password: string; company: string; division: string; name: string }

/** A verified member made through the API and the real verification mail. */
async function createMember(request: APIRequestContext, prefix: string, extra: Partial<Member> = {}): Promise<Member> {
  const member = {
    username: uniqueEmail(prefix),
    password: PASSWORD,
    company: 'E2E Valves',
    division: 'Purchasing',
    name: `Tester ${++seq}`,
    ...extra,
  }
  const res = await request.post('/api/sign', { data: { ...member, consent_service: true, consent_privacy: true } })
  expect(res.status()).toBe(200)
  const mail = await readMail(member.username, '/confirm')
  const query = new URL(mail.link).search
  expect((await request.get(`/api/email/regist${query}`)).status()).toBe(200)
  return member
}

const userIcon = (page: Page) => page.locator('.site-header__tools .utility li').nth(3).getByRole('link')

async function logIn(page: Page, username: string, password: string, lang: 'ko' | 'en' = 'ko') {
  await page.goto(`/login?lang=${lang}`)
  // Keep the language after the redirect home, as the header's language switch would (lang cookie).
  await page.context().addCookies([{ name: 'lang', value: lang, url: new URL(page.url()).origin }])
  await hydrated(page)
  await page.getByLabel(lang === 'ko' ? '아이디(이메일)' : 'ID (e-mail)').fill(username)
  await page
    .getByLabel(lang === 'ko' ? '비밀번호' : 'Password', { exact: false })
    .first()
    .fill(password)
  // Enter submits.
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/(\?.*)?$/)
  // The header learns about the session from GET /api/user after the redirect.
  await expect(userIcon(page)).toHaveAccessibleName(lang === 'ko' ? '마이페이지' : 'My page')
}

test.describe('sign-up, verification, login, password change, logout', () => {
  test('the whole path of a new member, with the real e-mail', async ({ page, browser }) => {
    const username = uniqueEmail('journey')
    await page.goto('/signup')
    await hydrated(page)
    await expect(page.getByText('[필수]').first()).toBeVisible()
    await page.getByLabel('회사명').fill('대한밸브')
    await page.getByLabel('부서명').fill('설비팀')
    await page.getByLabel('이름').fill('박여정')
    await page.getByLabel('아이디(이메일)').fill(username)
    await page.getByLabel('비밀번호', { exact: false }).first().fill(PASSWORD)
    await page.getByLabel('비밀번호 확인').fill(PASSWORD)
    // Both consents, each with its terms opening in a new tab.
    await expect(page.getByRole('link', { name: '서비스 이용약관 보기 (새 창)' })).toHaveAttribute('target', '_blank')
    await expect(page.getByRole('link', { name: '개인정보처리방침 보기 (새 창)' })).toHaveAttribute(
      'href',
      '/terms/privacy',
    )
    await page.getByText('서비스 이용약관에 동의합니다.').click()
    await page.getByText('개인정보 수집 및 이용에 동의합니다.').click()
    await page.getByRole('button', { name: '인증 메일 보내기' }).click()

    // Home, with the modal that the verification e-mail was sent.
    await expect(page).toHaveURL(/\/$/)
    const sent = page.getByRole('dialog')
    await expect(sent).toContainText('인증 메일을 보냈습니다')
    await sent.getByRole('button', { name: '확인' }).click()
    await expect(sent).toBeHidden()

    // Not verified yet: login is refused with the reason.
    await page.goto('/login')
    await hydrated(page)
    await page.getByLabel('아이디(이메일)').fill(username)
    await page.getByLabel('비밀번호', { exact: false }).first().fill(PASSWORD)
    await page.getByRole('button', { name: '로그인', exact: true }).click()
    await expect(page.getByRole('alert')).toContainText('이메일 인증이 완료되지 않았습니다')

    // The real message: Korean, HTML and text, with the link. The refused login sent a second
    // one, whose code replaced the first.
    const mail = await readMail(username, '/confirm', 2)
    expect(mail.subject).toContain('이메일 인증')
    expect(mail.html).toContain('이메일 인증하기')
    const link = new URL(mail.link)
    expect(link.searchParams.get('username')).toBe(username)
    await page.goto(mail.link)
    await expect(page.getByRole('heading', { name: '인증이 완료되었습니다.' })).toBeVisible()
    await page.getByRole('link', { name: '로그인' }).last().click()
    await expect(page).toHaveURL(/\/login$/)

    // Log in (Enter submits); the header's user icon now leads to my page.
    await logIn(page, username, PASSWORD)
    await expect(userIcon(page)).toHaveAccessibleName('마이페이지')
    const cookies = await page.context().cookies()
    const session = cookies.find((c) => c.name === 'session')!
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(session.expires - Date.now() / 1000).toBeGreaterThan(4_377_600 - 120)

    // A second browser logged in as well: its session must end with the password change.
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await hidePopups(otherPage)
    await logIn(otherPage, username, PASSWORD)
    expect((await otherPage.request.get('/api/user')).status()).toBe(200)

    await userIcon(page).click()
    await expect(page).toHaveURL(/\/mypage$/)
    await expect(page.getByLabel('아이디(이메일)')).toHaveValue(username)
    await expect(page.getByLabel('회사명')).toHaveAttribute('readonly', '')
    await expect(page.getByText('고객센터로 문의해 주세요')).toBeVisible()
    // When the member joined: the dotted date and how long ago (section 9), minutes ago at most.
    await expect(page.locator('.member-joined')).toHaveText(/^가입일 \d{4}\.\d{2}\.\d{2} \((방금 전|\d+분 전)\)$/)
    const newPassword = 'Changed#2025b'
    await page.getByLabel('현재 비밀번호').fill('Wrong#2024z')
    await page.getByLabel(/^새 비밀번호 \[필수\]/).fill(newPassword)
    await page.getByLabel('새 비밀번호 확인').fill(newPassword)
    await page.getByRole('button', { name: '비밀번호 변경' }).click()
    await expect(page.getByText('비밀번호가 일치하지 않습니다.')).toBeVisible()
    await page.getByLabel('현재 비밀번호').fill(PASSWORD)
    await page.getByLabel(/^새 비밀번호 \[필수\]/).fill(newPassword)
    await page.getByLabel('새 비밀번호 확인').fill(newPassword)
    await page.getByRole('button', { name: '비밀번호 변경' }).click()
    const changed = page.getByRole('dialog')
    await expect(changed).toContainText('새 비밀번호로 다시 로그인해 주세요')
    await changed.getByRole('button', { name: '확인' }).click()
    await expect(page).toHaveURL(/\/login$/)
    // Old sessions are gone: this browser's and the other one's.
    expect((await page.request.get('/api/user')).status()).toBe(401)
    expect((await otherPage.request.get('/api/user')).status()).toBe(401)
    await other.close()

    // The new password works; log out through my page.
    await logIn(page, username, newPassword)
    await userIcon(page).click()
    await expect(page).toHaveURL(/\/mypage$/)
    await page.getByRole('button', { name: '로그아웃' }).click()
    const confirm = page.getByRole('dialog')
    await expect(confirm).toContainText('로그아웃하시겠습니까?')
    await confirm.getByRole('button', { name: '로그아웃' }).click()
    await expect(page.getByRole('dialog')).toContainText('로그아웃되었습니다.')
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(userIcon(page)).toHaveAccessibleName('로그인')
    expect((await page.request.get('/api/user')).status()).toBe(401)
  })

  test('an address already registered gets the modal that leads to login', async ({ page, request }) => {
    const member = await createMember(request, 'twice')
    await page.goto('/signup?lang=en')
    await hydrated(page)
    await page.getByLabel('Company').fill('Other')
    await page.getByLabel('Department').fill('Other')
    await page.getByLabel('Name').fill('Other')
    await page.getByLabel('ID (e-mail)').fill(member.username)
    await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD)
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await page.getByText('I agree to the Service Terms and Conditions.').click()
    await page.getByText('I agree to the collection and use of personal information.').click()
    await page.getByRole('button', { name: 'Send authentication E-mail' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('You are already a registered member.')
    await dialog.getByRole('button', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('the sign-up form shows every rule at its field before sending anything', async ({ page }) => {
    await page.goto('/signup?lang=en')
    await hydrated(page)
    await page.getByRole('button', { name: 'Send authentication E-mail' }).click()
    for (const message of [
      'Please enter the company name.',
      'Please enter your department name.',
      'Please enter your name.',
      'Please enter your ID.',
      'Please enter your password.',
    ]) {
      await expect(page.getByText(message).first()).toBeVisible()
    }
    await expect(page.getByText('Please agree to the terms and conditions.')).toHaveCount(2)
    await page.getByLabel('ID (e-mail)').fill('not-an-email')
    await page.getByLabel('Password', { exact: false }).first().fill('password')
    await page.getByRole('button', { name: 'Send authentication E-mail' }).click()
    await expect(page.getByText('The email format is not valid.')).toBeVisible()
    await expect(page.getByText('Please check the password conditions.')).toBeVisible()
    await expect(page).toHaveURL(/\/signup/)
  })
})

test.describe('login messages', () => {
  test('client rules, then the server answers 1 (ID) and 2 (password) at their fields', async ({ page, request }) => {
    const member = await createMember(request, 'messages')
    await page.goto('/login?lang=en')
    await hydrated(page)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page.getByText('Please enter your ID.')).toBeVisible()
    await expect(page.getByText('Please enter your password.')).toBeVisible()
    await page.getByLabel('ID (e-mail)').fill('abc')
    await page.getByLabel('Password', { exact: false }).first().fill('short')
    await page.keyboard.press('Enter')
    await expect(page.getByText('The email format is not valid.')).toBeVisible()
    await expect(page.getByText('Please check the password conditions.')).toBeVisible()

    await page.getByLabel('ID (e-mail)').fill(uniqueEmail('ghost'))
    await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD)
    await page.keyboard.press('Enter')
    await expect(page.getByText('The ID does not match.')).toBeVisible()

    await page.getByLabel('ID (e-mail)').fill(member.username)
    await page.getByLabel('Password', { exact: false }).first().fill('Wrong#2024x')
    await page.keyboard.press('Enter')
    await expect(page.getByText('The password does not match.')).toBeVisible()

    // The show/hide toggle.
    const input = page.getByLabel('Password', { exact: false }).first()
    await expect(input).toHaveAttribute('type', 'password')
    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(input).toHaveAttribute('type', 'text')
  })
})

test.describe('find ID and password reset', () => {
  test('find ID shows the masked ID with a log-in button; nothing matching says so', async ({ page, request }) => {
    const member = await createMember(request, 'findid', {
      company: 'Find Valves',
      division: 'Sales',
      name: 'Finder Kim',
    })
    await page.goto('/login?lang=en')
    await hydrated(page)
    await page.getByRole('button', { name: 'Find ID' }).click()
    let dialog = page.getByRole('dialog', { name: 'Find ID' })
    await dialog.getByLabel('Company').fill('Find Valves')
    await dialog.getByLabel('Department').fill('Nobody')
    await dialog.getByLabel('Name').fill('Finder Kim')
    await dialog.getByRole('button', { name: 'Find ID' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('No matching information.')
    await dialog.getByLabel('Department').fill('Sales')
    await dialog.getByRole('button', { name: 'Find ID' }).click()
    dialog = page.getByRole('dialog', { name: 'Find ID' })
    const found = dialog.getByTestId('found-id')
    await expect(found).toContainText(member.username.slice(0, 2))
    await expect(found).toContainText('*')
    await expect(found).not.toContainText(member.username)
    await dialog.getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page).toHaveURL(/\/login/)
  })

  test('find password e-mails a single-use link to set a new password', async ({ page, request }) => {
    const member = await createMember(request, 'reset', { company: 'Reset Valves', name: 'Resetter Lee' })
    await page.goto('/login?lang=en')
    await hydrated(page)
    await page.getByRole('button', { name: 'Find password' }).click()
    const dialog = page.getByRole('dialog', { name: 'Find password' })
    await dialog.getByLabel('ID (e-mail)').fill(member.username)
    await dialog.getByLabel('Company').fill('Reset Valves')
    await dialog.getByLabel('Name').fill('Resetter Lee')
    await dialog.getByRole('button', { name: 'Send reset link' }).click()
    await expect(dialog).toContainText('We have e-mailed you a link to set a new password.')
    await dialog.getByRole('button', { name: 'OK' }).click()

    const mail = await readMail(member.username, '/reset-password')
    expect(mail.subject).toBe('[Daehan Actuator] Reset your password')
    expect(mail.text).not.toContain(member.password)
    await page.goto(mail.link)
    await hydrated(page)
    const newPassword = 'Reset#2025c'
    await page.getByLabel(/^New password/).fill(newPassword)
    await page.getByLabel('Confirm new password').fill('Reset#2025x')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('The password confirmation does not match.')).toBeVisible()
    await page.getByLabel('Confirm new password').fill(newPassword)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('status')).toContainText('Your password has been changed.')
    // The link is used up.
    await page.goto(mail.link)
    await expect(page.getByRole('alert')).toContainText('invalid or has expired')
    await logIn(page, member.username, newPassword, 'en')
    await expect(userIcon(page)).toHaveAccessibleName('My page')
  })
})

test.describe('withdrawal and access', () => {
  test('a member resigns; the ID is refused afterwards', async ({ page, request }) => {
    const member = await createMember(request, 'resign')
    await logIn(page, member.username, member.password, 'en')
    await userIcon(page).click()
    await expect(page).toHaveURL(/\/mypage$/)
    await expect(page.locator('.member-joined')).toHaveText(
      /^Member since \d{4}\.\d{2}\.\d{2} \((just now|1 minute ago|\d+ minutes ago)\)$/,
    )
    await page.getByRole('button', { name: 'Resign' }).click()
    const confirm = page.getByRole('dialog')
    await expect(confirm).toContainText('Do you really want to resign?')
    await confirm.getByRole('button', { name: 'Resign' }).click()
    await expect(page.getByRole('dialog')).toContainText('You have resigned your membership.')
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect((await page.request.get('/api/user')).status()).toBe(401)

    await page.goto('/login?lang=en')
    await hydrated(page)
    await page.getByLabel('ID (e-mail)').fill(member.username)
    await page.getByLabel('Password', { exact: false }).first().fill(member.password)
    await page.keyboard.press('Enter')
    await expect(page.getByText('The ID does not match.')).toBeVisible()
  })

  test('a member without access_yn sees the permission modal; /mypage without navigation state goes home', async ({
    page,
    request,
  }) => {
    const member = await createMember(request, 'access')
    await logIn(page, member.username, member.password, 'en')
    await page.locator('.site-header__tools').getByRole('button', { name: 'Manufacturing specifications' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('You do not have permission to access')
    await dialog.getByRole('button', { name: 'OK' }).click()
    await expect(dialog).toBeHidden()
    // Typed into the address bar: no navigation state.
    await page.goto('/mypage')
    await expect(page).toHaveURL(/\/$/)
  })

  test('an anonymous visitor reaching my page with state sees the members-only gate', async ({ page }) => {
    await page.goto('/?lang=en')
    await hydrated(page)
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string, o: object): void } }
      ).__reactRouterDataRouter.navigate('/mypage', { state: { from: '/' } }),
    )
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Only registered member can use it, Please log in after signing up')
    await dialog.getByRole('button', { name: 'Join membership' }).click()
    await expect(page).toHaveURL(/\/signup$/)
  })

  test('an anonymous visitor never asks for the session (no GET /api/user, no 401)', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/user') asked.push(r.url())
    })
    await page.goto('/')
    await hydrated(page)
    await page.goto('/login')
    await hydrated(page)
    expect(asked).toEqual([])
  })

  test('a form post from another origin is refused', async ({ request }) => {
    const res = await request.post('/api/login', {
      headers: { origin: 'https://evil.example' },
      form: { username: 'a@example.com', password: PASSWORD },
    })
    expect(res.status()).toBe(403)
  })
})
