import type { Lang } from '#shared/locales.ts'
import { render, type Copy } from '../mail/templates.ts'

/** The inbox's mails (docs/decisions/070-service-inbox.md): a reply to the customer, in their language; a customer's answer, to the assignee. */

const signature: Record<Lang, string> = { ko: '㈜대한액추에이터', en: 'Daehan Actuator Co., Ltd.' }
const fallback: Record<Lang, string> = {
  ko: '버튼이 동작하지 않으면 아래 주소를 브라우저에 붙여 넣어 주세요.',
  en: 'If the button does not work, paste this address into your browser:',
}

/** The reply's paragraphs as written (blank lines part them; a single line break stays a space in HTML). */
const paragraphs = (body: string) =>
  body
    .split(/\n{2,}/)
    .map((p) => p.replace(/\n/g, ' ').trim())
    .filter(Boolean)

/** Staff's reply: its text, and the status page's link (a guest's carries the reply key). */
export function serviceReplyMail(lang: Lang, name: string, tracking: string, body: string, link: string) {
  const copy: Copy =
    lang === 'ko'
      ? {
          subject: `[대한액추에이터] 신청하신 건(${tracking})에 답변드립니다`,
          greeting: (n) => `${n}님, 안녕하세요.`,
          lines: [
            `접수 번호 ${tracking}에 대한 답변입니다.`,
            ...paragraphs(body),
            '아래 버튼을 눌러 진행 상태를 보고 답장하실 수 있습니다.',
          ],
          button: '신청 상태 보기·답장하기',
          fallback: fallback.ko,
          ignore: '이 링크는 신청하신 분만을 위한 것입니다. 다른 사람에게 전달하지 마세요.',
          signature: signature.ko,
        }
      : {
          subject: `[Daehan Actuator] A reply to your request ${tracking}`,
          greeting: (n) => `Dear ${n},`,
          lines: [
            `This is our reply to your request ${tracking}.`,
            ...paragraphs(body),
            'Follow the button below to see its status and to answer.',
          ],
          button: 'See the request and answer',
          fallback: fallback.en,
          ignore: 'This link is for you alone: please do not forward it.',
          signature: signature.en,
        }
  return render(copy, lang, name, link)
}

/** To the assignee: the customer answered (the text is read in the console, not sent by mail). */
export function customerAnsweredMail(lang: Lang, name: string, tracking: string, link: string) {
  const copy: Copy =
    lang === 'ko'
      ? {
          subject: `[문의함] ${tracking} 고객 답장이 도착했습니다`,
          greeting: (n) => `${n}님, 안녕하세요.`,
          lines: [`담당하신 ${tracking} 건에 고객이 답장했습니다. 콘솔의 문의함에서 확인해 주세요.`],
          button: '문의함에서 보기',
          fallback: fallback.ko,
          ignore: '담당자에게 보내는 알림입니다.',
          signature: signature.ko,
        }
      : {
          subject: `[Inbox] The customer answered ${tracking}`,
          greeting: (n) => `Dear ${n},`,
          lines: [`The customer answered ${tracking}, assigned to you. Please read it in the console's inbox.`],
          button: 'Open in the inbox',
          fallback: fallback.en,
          ignore: 'A notice to the request’s assignee.',
          signature: signature.en,
        }
  return render(copy, lang, name, link)
}
