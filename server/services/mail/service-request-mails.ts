import type { Lang } from '#shared/locales.ts'
import type { RequestKind } from '#shared/service-request-status.ts'
import { CONFIRM_HOURS } from '#shared/service-request-rules.ts'
import { render, type Copy } from './templates.ts'

/** The service requests' mails (docs/decisions/065-service-requests.md, 069), in the requester's language. */

/** What a request is called in a mail: the A/S request or the inquiry. */
const named: Record<RequestKind, Record<Lang, { noun: string; subjectNoun: string }>> = {
  as: {
    ko: { noun: 'A/S 신청', subjectNoun: 'A/S 신청' },
    en: { noun: 'service request', subjectNoun: 'service request' },
  },
  iq: {
    ko: { noun: '문의·견적 요청', subjectNoun: '문의·견적 요청' },
    en: { noun: 'inquiry', subjectNoun: 'inquiry' },
  },
}

const signature: Record<Lang, string> = { ko: '㈜대한액추에이터', en: 'Daehan Actuator Co., Ltd.' }
const fallback: Record<Lang, string> = {
  ko: '버튼이 동작하지 않으면 아래 주소를 브라우저에 붙여 넣어 주세요.',
  en: 'If the button does not work, paste this address into your browser:',
}

/** The confirmation link of a requester who is not signed in: the request is accepted when it is opened. */
export function serviceRequestConfirmMail(kind: RequestKind, lang: Lang, name: string, link: string) {
  const n = named[kind][lang]
  const copy: Copy =
    lang === 'ko'
      ? {
          subject: `[대한액추에이터] ${n.subjectNoun}을 확인해 주세요`,
          greeting: (n) => `${n}님, 안녕하세요.`,
          lines: [
            `홈페이지에서 ${n.noun}이 이 이메일 주소로 작성되었습니다.`,
            `아래 버튼을 눌러 신청을 확인하면 접수되고 접수 번호가 발급됩니다. 확인 링크는 ${CONFIRM_HOURS}시간 동안 유효합니다.`,
          ],
          button: `${n.noun} 확인하기`,
          fallback: fallback.ko,
          ignore: `본인이 신청하지 않았다면 이 메일을 무시해 주세요. 확인하지 않은 신청은 ${CONFIRM_HOURS}시간 후 접수되지 않고 삭제됩니다.`,
          signature: signature.ko,
        }
      : {
          subject: `[Daehan Actuator] Please confirm your ${n.subjectNoun}`,
          greeting: (n) => `Dear ${n},`,
          lines: [
            `${n.noun === 'inquiry' ? 'An inquiry' : 'A service request'} was filled in on our website with this e-mail address.`,
            `Follow the button below to confirm it: the request is then received and given a tracking number. The link is valid for ${CONFIRM_HOURS} hours.`,
          ],
          button: `Confirm my ${n.noun}`,
          fallback: fallback.en,
          ignore: `If you did not file it, please ignore this e-mail. A request not confirmed within ${CONFIRM_HOURS} hours is deleted without being received.`,
          signature: signature.en,
        }
  return render(copy, lang, name, link)
}

/** The acceptance: the tracking number and the link to the status page. */
export function serviceRequestAcceptedMail(
  kind: RequestKind,
  lang: Lang,
  name: string,
  tracking: string,
  link: string,
) {
  const n = named[kind][lang]
  const copy: Copy =
    lang === 'ko'
      ? {
          subject: `[대한액추에이터] ${n.subjectNoun}이 접수되었습니다 (${tracking})`,
          greeting: (n) => `${n}님, 안녕하세요.`,
          lines: [
            `${n.noun}이 접수되었습니다. 접수 번호는 ${tracking}입니다.`,
            '담당자가 확인한 뒤 연락드리겠습니다. 아래 버튼을 누르면 신청 내용과 진행 상태를 볼 수 있습니다.',
          ],
          button: '신청 상태 보기',
          fallback: fallback.ko,
          ignore: '이 링크는 신청하신 분만을 위한 것입니다. 다른 사람에게 전달하지 마세요.',
          signature: signature.ko,
        }
      : {
          subject: `[Daehan Actuator] ${kind === 'iq' ? 'Inquiry' : 'Service request'} received (${tracking})`,
          greeting: (n) => `Dear ${n},`,
          lines: [
            `We have received your ${n.noun}. Its tracking number is ${tracking}.`,
            `Our ${kind === 'iq' ? 'sales' : 'service'} team will contact you. Follow the button below to see your request and its status.`,
          ],
          button: 'See my request',
          fallback: fallback.en,
          ignore: 'This link is for you alone: please do not forward it.',
          signature: signature.en,
        }
  return render(copy, lang, name, link)
}
