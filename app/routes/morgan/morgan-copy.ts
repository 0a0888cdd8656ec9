import { groupDigits } from '#shared/group-digits.ts'

/**
 * Every word of the restricted area (/morgan), in Korean only: the specification keeps this
 * area Korean (section 2), so its copy lives here rather than in the ko/en catalogues, where
 * an English half would have to be invented and kept in step (docs/decisions/013).
 * The validation messages are the API's own rule messages (restricted.error.*), read in Korean.
 */
export const COPY = {
  areaTitle: '제작사양 조회',
  skipToContent: '본문 바로가기',
  back: '뒤로',
  home: '홈',
  notFound: '페이지를 찾을 수 없습니다',
  metaDescription: '협력사와 임직원을 위한 액추에이터 제작사양 조회',

  tabsLabel: '조회 구분',
  searchLabel: '제작사양 검색',
  name: '프로젝트명',
  namePlaceholder: '프로젝트명 일부를 입력하세요',
  ord: 'ORD 번호',
  ordFirst: 'ORD 번호 앞 2자리',
  ordSecond: 'ORD 번호 뒤 4자리',
  ordHint: '숫자만 입력합니다. 예: 25 - 0100 (앞 2자리만으로도 검색됩니다)',
  submit: '검색',
  searching: '검색 중…',
  typeInvalid: '조회 구분은 ERP 또는 EPS만 가능합니다.',

  prompt: '검색어를 입력해 주세요.',
  noResults: '검색 결과가 없습니다.',
  resultCount: (total: number) => `검색 결과 ${groupDigits(total)}건`,
  tableCaption: (system: string) => `${system} 제작사양 검색 결과`,
  columns: {
    no: '순번',
    workNo: '작업번호',
    project: '프로젝트명',
    ord: 'ORD 번호',
    customer: '고객사',
    delivery: '납기일',
  },

  detailTitle: (system: string) => `${system} 제작사양`,
  previous: '이전',
  print: '인쇄',
  printHint: '인쇄 화면에서 PDF로 저장할 수 있습니다.',
  packageDownload: '주문 패키지 내려받기 (ZIP)',
  packageHint: '사양서 PDF, 결선도, 취급설명서(국문·영문)를 한 파일로 받습니다.',
  empty: '-',
  printedOn: '출력일',
  workNo: '작업번호',
} as const
