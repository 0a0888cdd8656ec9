import type { Lang } from '#shared/locales.ts'

/**
 * The member e-mails, in the visitor's language, each as HTML and plain text. Server-only text,
 * so it lives here rather than in the browser's message catalogues.
 */

export type MailContent = { subject: string; html: string; text: string }

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export type Copy = {
  subject: string
  greeting: (name: string) => string
  lines: string[]
  button: string
  fallback: string
  ignore: string
  signature: string
}

const verifyCopy: Record<Lang, Copy> = {
  ko: {
    subject: '[대한액추에이터] 회원가입 이메일 인증을 완료해 주세요',
    greeting: (name) => `${name}님, 안녕하세요.`,
    lines: [
      '㈜대한액추에이터 홈페이지 회원가입을 신청해 주셔서 감사합니다.',
      '아래 버튼을 눌러 이메일 인증을 완료하면 회원가입이 끝납니다. 인증 링크는 24시간 동안 한 번만 사용할 수 있습니다.',
    ],
    button: '이메일 인증하기',
    fallback: '버튼이 동작하지 않으면 아래 주소를 브라우저에 붙여 넣어 주세요.',
    ignore: '본인이 신청하지 않았다면 이 메일을 무시해 주세요. 인증하지 않은 가입 신청은 7일 후 자동으로 삭제됩니다.',
    signature: '㈜대한액추에이터',
  },
  en: {
    subject: '[Daehan Actuator] Please verify your e-mail address',
    greeting: (name) => `Dear ${name},`,
    lines: [
      'Thank you for signing up on the Daehan Actuator website.',
      'Follow the button below to verify your e-mail address and complete your sign-up. The link can be used once within 24 hours.',
    ],
    button: 'Verify my e-mail',
    fallback: 'If the button does not work, paste this address into your browser:',
    ignore: 'If you did not sign up, please ignore this e-mail. Unverified sign-ups are deleted after 7 days.',
    signature: 'Daehan Actuator Co., Ltd.',
  },
}

const resetCopy: Record<Lang, Copy> = {
  ko: {
    subject: '[대한액추에이터] 비밀번호 재설정 안내',
    greeting: (name) => `${name}님, 안녕하세요.`,
    lines: [
      '비밀번호 찾기를 요청하셨습니다.',
      '아래 버튼을 눌러 새 비밀번호를 설정해 주세요. 이 링크는 30분 동안 한 번만 사용할 수 있습니다. 비밀번호를 바꾸면 로그인된 모든 기기에서 로그아웃됩니다.',
    ],
    button: '새 비밀번호 설정하기',
    fallback: '버튼이 동작하지 않으면 아래 주소를 브라우저에 붙여 넣어 주세요.',
    ignore: '본인이 요청하지 않았다면 이 메일을 무시해 주세요. 비밀번호는 바뀌지 않습니다.',
    signature: '㈜대한액추에이터',
  },
  en: {
    subject: '[Daehan Actuator] Reset your password',
    greeting: (name) => `Dear ${name},`,
    lines: [
      'You asked to reset your password.',
      'Follow the button below to set a new password. The link can be used once within 30 minutes. Changing your password logs you out on every device.',
    ],
    button: 'Set a new password',
    fallback: 'If the button does not work, paste this address into your browser:',
    ignore: 'If you did not ask for this, please ignore this e-mail: your password stays unchanged.',
    signature: 'Daehan Actuator Co., Ltd.',
  },
}

const staffInviteCopy: Record<Lang, Copy> = {
  ko: {
    subject: '[대한액추에이터] 관리자 콘솔 계정 초대',
    greeting: (name) => `${name}님, 안녕하세요.`,
    lines: [
      '㈜대한액추에이터 홈페이지 관리자 콘솔에 초대되었습니다.',
      '아래 버튼을 눌러 비밀번호를 정하고 인증 앱(OTP)을 등록해 주세요. 이 링크는 24시간 동안 한 번만 사용할 수 있습니다.',
    ],
    button: '계정 설정하기',
    fallback: '버튼이 동작하지 않으면 아래 주소를 브라우저에 붙여 넣어 주세요.',
    ignore: '초대를 예상하지 못했다면 이 메일을 무시하고 관리자에게 알려 주세요.',
    signature: '㈜대한액추에이터',
  },
  en: {
    subject: '[Daehan Actuator] Invitation to the website console',
    greeting: (name) => `Dear ${name},`,
    lines: [
      'You have been invited to the Daehan Actuator website console.',
      'Follow the button below to choose your password and enrol an authenticator app. The link can be used once within 24 hours.',
    ],
    button: 'Set up my account',
    fallback: 'If the button does not work, paste this address into your browser:',
    ignore: 'If you did not expect this invitation, ignore this e-mail and tell an administrator.',
    signature: 'Daehan Actuator Co., Ltd.',
  },
}

export function render(copy: Copy, lang: Lang, name: string, link: string): MailContent {
  const text = [
    copy.greeting(name),
    '',
    ...copy.lines,
    '',
    `${copy.button}: ${link}`,
    '',
    copy.ignore,
    '',
    copy.signature,
    '',
  ].join('\n')
  const html = `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:'Noto Sans KR','Malgun Gothic',Arial,sans-serif;color:#1d2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px">
<tr><td style="padding:32px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(copy.greeting(name))}</p>
${copy.lines.map((l) => `<p style="margin:0 0 12px;font-size:15px;line-height:1.6">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#0b2a4a;color:#fff;text-decoration:none;border-radius:6px;font-weight:700">${escapeHtml(copy.button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5b6570">${escapeHtml(copy.fallback)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5b6570">${escapeHtml(copy.ignore)}</p>
<p style="margin:16px 0 0;font-size:13px;color:#5b6570">${escapeHtml(copy.signature)}</p>
</td></tr></table></body></html>
`
  return { subject: copy.subject, html, text }
}

export const verificationMail = (lang: Lang, name: string, link: string) => render(verifyCopy[lang], lang, name, link)
export const passwordResetMail = (lang: Lang, name: string, link: string) => render(resetCopy[lang], lang, name, link)
export const staffInviteMail = (lang: Lang, name: string, link: string) =>
  render(staffInviteCopy[lang], lang, name, link)
