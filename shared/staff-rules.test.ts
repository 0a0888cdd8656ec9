import { describe, expect, it } from 'vitest'
import { fieldErrors } from './field-errors.ts'
import { passwordMeetsRule } from './member-limits.ts'
import { passwordChangeFormSchema, signUpFormSchema } from './member-rules.ts'
import { setupPasswordSchema, STAFF_PASSWORD, staffLoginSchema, staffPasswordChangeSchema } from './staff-rules.ts'

/** A passphrase of `n` code points: words and spaces, no digit, no special character. */
const passphrase = (n: number) => 'correct horse battery staple '.repeat(10).slice(0, n)

const setup = (password: string, confirm = password) =>
  setupPasswordSchema.safeParse({ password, password_confirm: confirm })
const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.success ? {} : fieldErrors(result.error!)

describe('staff passwords (docs/decisions/051-staff-passphrases.md)', () => {
  it('take 8 to 128 characters with spaces and no composition rule', () => {
    expect(STAFF_PASSWORD).toEqual({ min: 8, max: 128 })
    for (const ok of [
      passphrase(8),
      passphrase(64),
      passphrase(128),
      '        ',
      '밸브 구동기 네 대를 점검했다',
      'abcdefgh',
      ' leading and trailing spaces are kept ',
    ]) {
      expect(setup(ok).success, ok).toBe(true)
    }
    // Never trimmed: the spaces are part of the password.
    const spaced = setup(' kept as typed ')
    expect(spaced.success && spaced.data.password).toBe(' kept as typed ')
  })

  it('refuse too short, too long and control characters, each with its own message', () => {
    expect(errorsOf(setup(''))).toMatchObject({ password: 'member.error.passwordRequired' })
    expect(errorsOf(setup('seven c'))).toMatchObject({ password: 'console.error.passwordShort' })
    expect(errorsOf(setup(passphrase(129)))).toMatchObject({ password: 'console.error.passwordLong' })
    expect(errorsOf(setup('line one\nline two'))).toMatchObject({ password: 'console.error.passwordControl' })
    expect(errorsOf(setup('tab\tseparated'))).toMatchObject({ password: 'console.error.passwordControl' })
    expect(errorsOf(setup(passphrase(20), passphrase(19)))).toMatchObject({
      password_confirm: 'member.error.passwordConfirm',
    })
  })

  it('count code points, and compare NFKC forms (a Korean passphrase typed decomposed equals the composed one)', () => {
    // 128 emoji: 256 UTF-16 units, 128 characters.
    expect(setup('🔑'.repeat(128)).success).toBe(true)
    expect(errorsOf(setup('🔑'.repeat(129)))).toMatchObject({ password: 'console.error.passwordLong' })
    const composed = '밸브 점검 완료 보고서'
    const decomposed = composed.normalize('NFD')
    expect(decomposed).not.toBe(composed)
    const result = setup(decomposed, composed)
    expect(result.success && result.data.password).toBe(composed)
    const login = staffLoginSchema.safeParse({ username: 'staff@example.com', password: decomposed })
    expect(login.success && login.data.password).toBe(composed)
  })

  it('apply to the console account password change, which also wants the current one and a different new one', () => {
    const change = (old_password: string, new_password: string, confirm = new_password) =>
      staffPasswordChangeSchema.safeParse({ old_password, new_password, new_password_confirm: confirm })
    expect(change('Console#2026staff', passphrase(100)).success).toBe(true)
    expect(errorsOf(change('', passphrase(20)))).toMatchObject({ old_password: 'member.error.currentPasswordRequired' })
    expect(errorsOf(change('old one here', 'short'))).toMatchObject({ new_password: 'console.error.passwordShort' })
    expect(errorsOf(change(passphrase(30), passphrase(30)))).toMatchObject({
      new_password: 'member.error.passwordSame',
    })
    expect(errorsOf(change('old one here', passphrase(30), ''))).toMatchObject({
      new_password_confirm: 'member.error.passwordConfirm',
    })
  })

  it('leave the members with the specification’s rule (8-30, letter, digit and special, no spaces)', () => {
    expect(passwordMeetsRule(passphrase(40))).toBe(false)
    expect(passwordMeetsRule('Valve #2024')).toBe(false)
    const member = signUpFormSchema.safeParse({
      company: '대한밸브',
      division: '구매팀',
      name: '홍길동',
      username: 'member@example.com',
      password: passphrase(40),
      password_confirm: passphrase(40),
      consent_service: 'Y',
      consent_privacy: 'Y',
    })
    expect(errorsOf(member)).toMatchObject({ password: 'member.error.passwordRule' })
    const memberChange = passwordChangeFormSchema.safeParse({
      old_password: 'Valve#2024a',
      new_password: passphrase(40),
      new_password_confirm: passphrase(40),
    })
    expect(errorsOf(memberChange)).toMatchObject({ new_password: 'member.error.passwordRule' })
  })
})
