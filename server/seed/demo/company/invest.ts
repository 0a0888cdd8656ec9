import { NOTICE_TYPE, type NoticeType } from '#shared/type-codes.ts'
import { groupDigits } from '#shared/group-digits.ts'

/**
 * Investor notices for /investment/shareholder and /investment/settlement (NOTICE_TYPE).
 * The pages are Korean only, so titles and download names are Korean; the attached PDFs
 * carry English text because the built-in PDF font has no Hangul. All figures are fictional.
 *
 * Fiscal years run January to December and the first term was 1987, so the accounts of
 * fiscal year Y are the (Y - 1986)th term, approved at the AGM held in March of Y + 1.
 */

export type InvestCategoryKey = 'agm-notice' | 'agm-result' | 'other' | 'settlement' | 'audit'

export const investCategoryData: { key: InvestCategoryKey; type: NoticeType; title: string }[] = [
  { key: 'agm-notice', type: NOTICE_TYPE.shareholder, title: '주주총회 소집공고' },
  { key: 'agm-result', type: NOTICE_TYPE.shareholder, title: '주주총회 결과' },
  { key: 'other', type: NOTICE_TYPE.shareholder, title: '기타 공시' },
  { key: 'settlement', type: NOTICE_TYPE.settlement, title: '결산공고' },
  { key: 'audit', type: NOTICE_TYPE.settlement, title: '감사보고서' },
]

export type InvestFile = {
  /** Storage key below `invest/`, without extension. */
  slug: string
  /** Korean download name. */
  name: string
  pdfTitle: string
  lines: string[]
}

export type InvestPost = { category: InvestCategoryKey; title: string; date: string; files: InvestFile[] }

const COMPANY = 'Daehan Actuator Co., Ltd. (KOSDAQ)'
const VENUE = 'Venue: Auditorium, Head Office, 87 Saneopdanji-ro, Ganam-eup, Yeoju-si, Gyeonggi-do'
const DEMO = 'Demo document of a fictional company.'

/** Annual general meetings (all Fridays) by the year they are held in. */
const AGM_DATES: Record<number, string> = {
  2019: '2019-03-22',
  2020: '2020-03-27',
  2021: '2021-03-26',
  2022: '2022-03-25',
  2023: '2023-03-24',
  2024: '2024-03-22',
  2025: '2025-03-28',
  2026: '2026-03-27',
}

/** Fictional key figures per fiscal year, KRW million: revenue, operating profit, net income, total assets. */
const FIGURES: Record<number, [number, number, number, number]> = {
  2018: [41250, 2180, 1650, 68420],
  2019: [43870, 2640, 2010, 70950],
  2020: [40960, 1920, 1380, 71330],
  2021: [44310, 2870, 2240, 74860],
  2022: [49720, 3410, 2730, 83120],
  2023: [53480, 4020, 3150, 87540],
  2024: [56930, 4560, 3620, 91870],
  2025: [58210, 4390, 3480, 94260],
}

const ordinal = (n: number) => {
  const suffix =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')
  return `${n}${suffix}`
}
const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
const won = (n: number) => groupDigits(n)

function yearPosts(year: number): InvestPost[] {
  const meeting = AGM_DATES[year]!
  const term = year - 1987
  const fy = year - 1
  const [revenue, operating, net, assets] = FIGURES[fy]!
  const th = ordinal(term)
  const agenda = [
    `Agenda 1: Approval of the financial statements for the ${th} fiscal year (FY${fy})`,
    'Agenda 2: Election of directors',
    'Agenda 3: Approval of the remuneration limit for directors',
  ]
  const posts: InvestPost[] = [
    {
      category: 'audit',
      title: `제${term}기 감사보고서 제출`,
      date: shift(meeting, -7),
      files: [
        {
          slug: `audit-report-${term}`,
          name: `제${term}기_감사보고서.pdf`,
          pdfTitle: `Independent Auditor's Report - ${th} Fiscal Year`,
          lines: [
            COMPANY,
            `Fiscal year: 1 January ${fy} to 31 December ${fy}`,
            'Auditor: Hanul Accounting Corporation (demo)',
            'Opinion: unqualified',
            `Report date: ${shift(meeting, -9)}`,
            DEMO,
          ],
        },
        {
          slug: `consolidated-audit-report-${term}`,
          name: `제${term}기_연결감사보고서.pdf`,
          pdfTitle: `Consolidated Audit Report - ${th} Fiscal Year`,
          lines: [
            COMPANY,
            'Consolidated subsidiary: Daehan Actuator Vietnam Co., Ltd.',
            'Auditor: Hanul Accounting Corporation (demo)',
            'Opinion: unqualified',
            `Report date: ${shift(meeting, -9)}`,
            DEMO,
          ],
        },
      ],
    },
    {
      category: 'agm-notice',
      title: `제${term}기 정기주주총회 소집공고`,
      date: shift(meeting, -15),
      files: [
        {
          slug: `agm-notice-${term}`,
          name: `제${term}기_정기주주총회_소집공고.pdf`,
          pdfTitle: `Notice of the ${th} Annual General Meeting`,
          lines: [COMPANY, `Date and time: ${meeting}, 10:00 (KST)`, VENUE, ...agenda, DEMO],
        },
        ...(year >= 2021
          ? [
              {
                slug: `agm-reference-${term}`,
                name: `제${term}기_정기주주총회_참고서류.pdf`,
                pdfTitle: `Reference Materials - ${th} AGM`,
                lines: [
                  COMPANY,
                  ...agenda,
                  `Revenue FY${fy}: KRW ${won(revenue)} million`,
                  `Net income FY${fy}: KRW ${won(net)} million`,
                  DEMO,
                ],
              },
            ]
          : []),
      ],
    },
    {
      category: 'agm-result',
      title: `제${term}기 정기주주총회 결과`,
      date: meeting,
      files: [
        {
          slug: `agm-result-${term}`,
          name: `제${term}기_정기주주총회_결과.pdf`,
          pdfTitle: `Results of the ${th} Annual General Meeting`,
          lines: [COMPANY, `Held on ${meeting}`, ...agenda.map((a) => `${a}: approved as proposed`), DEMO],
        },
      ],
    },
    {
      category: 'settlement',
      title: `제${term}기 결산공고`,
      date: shift(meeting, 4),
      files: [
        {
          slug: `settlement-${term}`,
          name: `제${term}기_결산공고.pdf`,
          pdfTitle: `Public Notice of Settlement - ${th} Fiscal Year`,
          lines: [
            COMPANY,
            `Fiscal year: 1 January ${fy} to 31 December ${fy} (KRW million)`,
            `Total assets: ${won(assets)}`,
            'Share capital: 4,880',
            `Revenue: ${won(revenue)}`,
            `Operating profit: ${won(operating)}`,
            `Net income: ${won(net)}`,
            DEMO,
          ],
        },
        ...(year >= 2022
          ? [
              {
                slug: `settlement-consolidated-${term}`,
                name: `제${term}기_연결재무제표.pdf`,
                pdfTitle: `Consolidated Financial Statements - ${th} Fiscal Year`,
                lines: [
                  COMPANY,
                  'Consolidated subsidiary: Daehan Actuator Vietnam Co., Ltd.',
                  `Fiscal year ${fy}, KRW million`,
                  DEMO,
                ],
              },
            ]
          : []),
      ],
    },
  ]
  if (year >= 2021) {
    posts.push({
      category: 'agm-notice',
      title: `제${term}기 정기주주총회 전자투표 및 전자위임장 권유 안내`,
      date: shift(meeting, -15),
      files: [
        {
          slug: `agm-evoting-${term}`,
          name: `제${term}기_전자투표_및_전자위임장_안내.pdf`,
          pdfTitle: 'Electronic Voting and Electronic Proxy',
          lines: [
            COMPANY,
            `Meeting: ${th} AGM on ${meeting}`,
            `Voting period: ${shift(meeting, -10)} 09:00 to ${shift(meeting, -1)} 17:00`,
            'Shareholders may vote online without attending the meeting.',
            DEMO,
          ],
        },
      ],
    })
  }
  return posts
}

const single = (
  category: InvestCategoryKey,
  title: string,
  date: string,
  slug: string,
  name: string,
  pdfTitle: string,
  lines: string[],
): InvestPost => ({
  category,
  title,
  date,
  files: [{ slug, name, pdfTitle, lines: [COMPANY, ...lines, DEMO] }],
})

const extraPosts: InvestPost[] = [
  single(
    'other',
    '전자증권제도 시행에 따른 주권 제출 안내',
    '2019-08-20',
    'electronic-securities-2019',
    '전자증권제도_시행_안내.pdf',
    'Introduction of Electronic Securities',
    [
      'Paper share certificates become void on 16 September 2019.',
      'Please deposit certificates with a securities company.',
    ],
  ),
  single(
    'other',
    '주주명부 폐쇄 기간 및 기준일 설정 공고',
    '2019-12-13',
    'record-date-2019',
    '주주명부_폐쇄기간_및_기준일_공고.pdf',
    'Closure of the Shareholder Register',
    ['Record date: 31 December 2019', 'Closure period: 1 to 15 January 2020'],
  ),
  single(
    'other',
    '임시주주총회 기준일 설정 공고',
    '2020-06-29',
    'egm-record-date-2020',
    '임시주주총회_기준일_설정공고.pdf',
    'Record Date for the Extraordinary General Meeting',
    ['Record date: 14 July 2020'],
  ),
  single(
    'agm-notice',
    '2020년 임시주주총회 소집공고 (사외이사 선임)',
    '2020-08-12',
    'egm-notice-2020',
    '2020년_임시주주총회_소집공고.pdf',
    'Notice of Extraordinary General Meeting 2020',
    ['Date and time: 2020-08-28, 10:00 (KST)', VENUE, 'Agenda: Election of an outside director'],
  ),
  single(
    'agm-result',
    '2020년 임시주주총회 결과',
    '2020-08-28',
    'egm-result-2020',
    '2020년_임시주주총회_결과.pdf',
    'Results of the Extraordinary General Meeting 2020',
    ['Agenda: Election of an outside director: approved as proposed'],
  ),
  {
    category: 'agm-notice',
    title: '[정정] 제35기 정기주주총회 소집공고',
    date: '2022-03-15',
    files: [
      {
        slug: 'agm-notice-35-correction',
        name: '제35기_정기주주총회_소집공고_정정.pdf',
        pdfTitle: 'Correction: Notice of the 35th AGM',
        lines: [
          COMPANY,
          'Corrected item: list of director candidates (Agenda 2)',
          'All other items remain unchanged.',
          DEMO,
        ],
      },
      {
        slug: 'agm-notice-35-corrected',
        name: '제35기_정기주주총회_소집공고(정정본).pdf',
        pdfTitle: 'Notice of the 35th AGM (corrected)',
        lines: [COMPANY, 'Date and time: 2022-03-25, 10:00 (KST)', VENUE, DEMO],
      },
    ],
  },
  single(
    'other',
    '명의개서대리인 변경 공고',
    '2022-06-15',
    'transfer-agent-2022',
    '명의개서대리인_변경공고.pdf',
    'Change of Transfer Agent',
    ['New transfer agent from 1 July 2022: Hanbit Stock Transfer Services (demo)'],
  ),
  single(
    'agm-notice',
    '2023년 임시주주총회 소집공고 (정관 일부 변경)',
    '2023-05-10',
    'egm-notice-2023',
    '2023년_임시주주총회_소집공고.pdf',
    'Notice of Extraordinary General Meeting 2023',
    [
      'Date and time: 2023-05-26, 10:00 (KST)',
      VENUE,
      'Agenda: Partial amendment of the Articles of Incorporation',
      '(dividend record date set by the board; ESG committee)',
    ],
  ),
  single(
    'agm-result',
    '2023년 임시주주총회 결과',
    '2023-05-26',
    'egm-result-2023',
    '2023년_임시주주총회_결과.pdf',
    'Results of the Extraordinary General Meeting 2023',
    ['Agenda: Partial amendment of the Articles of Incorporation: approved as proposed'],
  ),
  ...(
    [
      ['2024-02-06', '2024-02-21'],
      ['2025-02-05', '2025-02-20'],
      ['2026-02-04', '2026-02-19'],
    ] as const
  ).map(([date, record]) => {
    const y = date.slice(0, 4)
    return single(
      'other',
      `${y}년 결산배당 기준일 설정 공고`,
      date,
      `dividend-record-date-${y}`,
      `${y}년_결산배당_기준일_공고.pdf`,
      'Record Date for the Year-end Dividend',
      [`Record date: ${record}`, 'Set by resolution of the board of directors'],
    )
  }),
]

export const investPostData: InvestPost[] = [
  ...[2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026].flatMap(yearPosts),
  ...extraPosts,
].sort((a, b) => a.date.localeCompare(b.date))

/** The internal information rules shown on /investment/internal. */
export const internalRules = {
  key: 'invest/internal-information-rules.pdf',
  name: '내부정보관리규정.pdf',
  title: '내부정보관리규정',
  pdfTitle: 'Internal Information Management Rules',
  lines: [
    COMPANY,
    'Article 1 (Purpose): to prevent unfair use of undisclosed material information.',
    'Article 2 (Scope): directors, employees and persons with access to internal information.',
    'Article 3 (Information officer): the head of the Management Support Division.',
    'Article 4 (Handling): internal information is shared only on a need-to-know basis.',
    'Article 5 (Trading restrictions): no trading in company shares before disclosure.',
    'Article 6 (Disclosure): timely disclosure through the exchange disclosure system.',
    'Effective date: 1 January 2024',
    DEMO,
  ],
}
