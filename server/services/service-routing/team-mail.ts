import { render, type Copy, type MailContent } from '../mail/templates.ts'

/** What the staff notice of a routed request names. */
export type RoutedRequest = {
  tracking: string
  kind: string
  model: string
  company: string
  teamName: string
  teamNameEn: string
  /** Set on the agency's copy: the head-office team mailed beside it. */
  copyTo?: string
}

const KIND: Record<string, { ko: string; en: string }> = {
  as: { ko: 'A/S 신청', en: 'After-sales service request' },
  iq: { ko: '문의·견적 요청', en: 'Inquiry / request for quotation' },
}

/**
 * The staff notice of a request routed to a team (docs/decisions/071-service-routing.md): one mail
 * in Korean with the English beside it (the agencies abroad read the English), the tracking number,
 * kind, model, requester's company and the console link. No personal data beyond the company.
 */
export function routedRequestMail(request: RoutedRequest, consoleLink: string): MailContent {
  const kind = KIND[request.kind] ?? { ko: request.kind, en: request.kind }
  const model = request.model || '-'
  const copy: Copy = {
    subject: `[대한액추에이터] 새 ${kind.ko} ${request.tracking} / New ${kind.en.toLowerCase()}`,
    greeting: (team) => `${team} 담당자님 / Dear ${request.teamNameEn} team,`,
    lines: [
      `새 요청이 배정되었습니다. / A new request was routed to you.`,
      `접수 번호 / Tracking number: ${request.tracking}`,
      `종류 / Kind: ${kind.ko} / ${kind.en}`,
      `모델 / Model: ${model}`,
      `회사 / Company: ${request.company}`,
      ...(request.copyTo ? [`참조 / Copy to: ${request.copyTo}`] : []),
    ],
    button: '콘솔에서 보기 / Open in the console',
    fallback:
      '버튼이 동작하지 않으면 아래 주소를 브라우저에 붙여 넣어 주세요. / If the button does not work, paste this address into your browser:',
    ignore: '이 메일은 라우팅 규칙에 따라 자동으로 보내졌습니다. / This mail was sent by the routing rules.',
    signature: '㈜대한액추에이터 / Daehan Actuator Co., Ltd.',
  }
  return render(copy, 'ko', request.teamName, consoleLink)
}
