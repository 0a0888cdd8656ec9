import { describe, expect, it } from 'vitest'
import { fieldErrors } from './field-errors.ts'
import { EMAIL_PATTERN } from './email.ts'
import { loginSchema } from './member-fields.ts'
import { passwordMeetsRule, PASSWORD_SPECIALS } from './member-limits.ts'
import { maskUsername, signUpFormSchema } from './member-rules.ts'

describe('password rule (section 5)', () => {
  it('accepts 8-30 characters with a letter, a digit and an allowed special', () => {
    for (const ok of [
      'Valve#24',
      'a1!aaaaa',
      `Aa1${'!'.repeat(27)}`,
      ...[...PASSWORD_SPECIALS].map((c) => `Valve202${c}`),
    ]) {
      expect(passwordMeetsRule(ok), ok).toBe(true)
    }
  })
  it('refuses short, long, one-kind and foreign characters', () => {
    for (const bad of [
      'Va#2',
      `Aa1!${'x'.repeat(27)}`,
      'password',
      '12345678',
      '!!!!!!!!',
      'Passw0rd',
      'Pass!word',
      '1234!@#$',
      'Valve#24 ',
      'Valve#24가',
      'Valve#24€',
    ]) {
      expect(passwordMeetsRule(bad), bad).toBe(false)
    }
  })
})

describe('e-mail pattern', () => {
  it('takes ordinary addresses and refuses malformed ones', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.co.kr', 'x_y-z%1@mail-host.com'])
      expect(EMAIL_PATTERN.test(ok), ok).toBe(true)
    for (const bad of ['abc', 'a@b', '@b.com', 'a@.com', 'a b@c.com', 'a@b..com', 'a@-b.com', 'a@b.c', 'a@b.com.'])
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false)
  })
})

describe('schemas', () => {
  it('lower-cases and trims the ID', () => {
    expect(loginSchema.parse({ username: '  Kim@Example.COM ', password: 'Valve#24' }).username).toBe('kim@example.com')
  })
  it('gives one message key per field, in field order', () => {
    const result = signUpFormSchema.safeParse({ username: 'x', password: 'short', password_confirm: 'other' })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({
      company: 'member.error.companyRequired',
      division: 'member.error.divisionRequired',
      name: 'member.error.nameRequired',
      username: 'member.error.emailInvalid',
      password: 'member.error.passwordRule',
      consent_service: 'member.error.consentRequired',
      consent_privacy: 'member.error.consentRequired',
      password_confirm: 'member.error.passwordConfirm',
    })
  })
  it('an empty sign-up form gets the confirmation message together with every other one', () => {
    const empty = { company: '', division: '', name: '', username: '', password: '', password_confirm: '', lang: 'ko' }
    expect(Object.keys(fieldErrors(signUpFormSchema.safeParse(empty).error!)).sort()).toEqual([
      'company',
      'consent_privacy',
      'consent_service',
      'division',
      'name',
      'password',
      'password_confirm',
      'username',
    ])
  })
  it('requires the confirmation to match', () => {
    const base = {
      company: 'A',
      division: 'B',
      name: 'C',
      username: 'a@b.co',
      password: 'Valve#24',
      consent_service: 'Y',
      consent_privacy: 'on',
    }
    expect(signUpFormSchema.safeParse({ ...base, password_confirm: 'Valve#24' }).success).toBe(true)
    expect(fieldErrors(signUpFormSchema.safeParse({ ...base, password_confirm: 'Valve#25' }).error!)).toEqual({
      password_confirm: 'member.error.passwordConfirm',
    })
    expect(fieldErrors(signUpFormSchema.safeParse(base).error!)).toEqual({
      password_confirm: 'member.error.passwordConfirm',
    })
  })
})

describe('maskUsername', () => {
  it('keeps the first two characters of the local part and the first domain label, and the rest of the domain', () => {
    expect(maskUsername('findme@valves.co.kr')).toBe('fi****@va****.co.kr')
    expect(maskUsername('ab@x.com')).toBe('a*@x*.com')
    expect(maskUsername('kim.cs@example.com')).toBe('ki****@ex*****.com')
  })
})
