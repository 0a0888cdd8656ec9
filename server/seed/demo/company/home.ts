/** Home-page content: banners, the "Introduction of item" slider, news videos and popups. */

/** Three main banners; labels are drawn into the SVGs (short enough for 750 px mobile). */
export const bannerData = [
  {
    title: '밸브 자동화의 기준',
    title_en: 'The standard in valve automation',
    hue: 212,
    ko: { label: '밸브 자동화의 기준', sublabel: '1987년부터 전동 액추에이터 한 길' },
    en: { label: 'Valve Automation', sublabel: 'Electric actuators since 1987' },
  },
  {
    title: '물을 다스리는 기술',
    title_en: 'Engineering that controls water',
    hue: 192,
    ko: { label: '물을 다스리는 기술', sublabel: '댐·하천·상하수도 수문 권양기' },
    en: { label: 'Water Control', sublabel: 'Gate hoists for dams and rivers' },
  },
  {
    title: '세계로 가는 품질',
    title_en: 'Quality trusted worldwide',
    hue: 228,
    ko: { label: '세계로 가는 품질', sublabel: '20개국 50여 고객사의 선택' },
    en: { label: 'Trusted Worldwide', sublabel: '50+ clients in 20 countries' },
  },
]

/** Six product cards; urls follow the catalogue seed's product ids. */
export const productBannerData = [
  {
    url: '/product/electric-actuator/tm',
    label: 'TM',
    title: 'TM 시리즈',
    title_en: 'TM Series',
    introduce: '게이트·글로브 밸브용 다회전 전동 액추에이터의 표준 모델',
    introduce_en: 'Our standard multi-turn electric actuator for gate and globe valves',
  },
  {
    url: '/product/electric-actuator/tx',
    label: 'TX',
    title: 'TX 시리즈',
    title_en: 'TX Series',
    introduce: '정유·가스 플랜트의 위험 지역을 위한 방폭형 액추에이터',
    introduce_en: 'Explosion-proof actuators for hazardous areas in oil and gas plants',
  },
  {
    url: '/product/electric-actuator/tq',
    label: 'TQ',
    title: 'TQ 시리즈',
    title_en: 'TQ Series',
    introduce: '볼·버터플라이 밸브를 위한 90° 회전형 액추에이터',
    introduce_en: 'Quarter-turn actuators for ball and butterfly valves',
  },
  {
    url: '/product/electric-actuator/ltmd-o',
    label: 'LTMD-O',
    title: 'LTMD-O',
    title_en: 'LTMD-O',
    introduce: '직선 운동이 필요한 밸브와 댐퍼를 위한 리니어 구동기',
    introduce_en: 'Linear drive for valves and dampers that need a straight stroke',
  },
  {
    url: '/product/electric-actuator/wt',
    label: 'WT',
    title: 'WT 시리즈',
    title_en: 'WT Series',
    introduce: '침수 환경의 상하수도 시설을 위한 수밀형 액추에이터',
    introduce_en: 'Watertight actuators for flood-prone water and sewage facilities',
  },
  {
    url: '/product/hydrological-gate-hoist/tm',
    label: 'GATE TM',
    title: '수문 권양기 TM',
    title_en: 'Gate Hoist TM',
    introduce: '댐과 하천 수문을 안정적으로 개폐하는 전동식 권양기',
    introduce_en: 'Electric hoist that opens and closes dam and river gates reliably',
  },
]

/** News videos: youtube-nocookie embed addresses (fictional ids), one per language. */
const embed = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`

export const videoData = [
  {
    title: '대한액추에이터 기업 홍보 영상',
    title_en: 'Daehan Actuator corporate film',
    url: embed('q7VbK2xLm4E'),
    url_en: embed('Zr3nP8tYw1Q'),
  },
  {
    title: 'TM 시리즈 전동 액추에이터 제품 소개',
    title_en: 'Introducing the TM series electric actuator',
    url: embed('H4dJs9cXe0U'),
    url_en: embed('bN6fT1kRa8M'),
  },
  {
    title: '수문 권양기 현장 설치 사례',
    title_en: 'Gate hoist installation on site',
    url: embed('pL2wQe7Vz5A'),
    url_en: embed('pL2wQe7Vz5A'),
  },
  {
    title: '대구 제2공장 스마트 생산 라인',
    title_en: 'Smart production line at the Daegu 2nd factory',
    url: embed('tY8mC3gHs6K'),
    url_en: embed('xD5aR0uJn9W'),
  },
]

/**
 * Home popups: two published now (one with an image), one whose window has ended. Their phone
 * numbers are the Customer Center panel's (site settings: sales_phone, as_phone).
 */
export const popupData = [
  {
    title: 'TM SMART 신제품 출시',
    title_en: 'New TM SMART released',
    image: { label: 'TM SMART', sublabel: 'NEW · 2026', hue: 205 },
    description: `<h3>TM SMART 신제품 출시</h3>
<p>블루투스 설정과 자가 진단 기능을 갖춘 <strong>TM SMART</strong>를 출시했습니다.</p>
<p>자세한 사양은 <a href="/product/electric-actuator/tm/smart">제품 페이지</a>에서 확인하실 수 있습니다.</p>`,
    description_en: `<h3>New TM SMART released</h3>
<p>Meet the <strong>TM SMART</strong>, with Bluetooth commissioning and built-in self-diagnosis.</p>
<p>See the full specifications on the <a href="/product/electric-actuator/tm/smart">product page</a>.</p>`,
    starts_at: '2024-01-01T00:00:00+09:00',
    ends_at: null,
  },
  {
    title: '홈페이지 개편 안내',
    title_en: 'Our website has been renewed',
    image: null,
    description: `<h3>홈페이지 개편 안내</h3>
<p>대한액추에이터 홈페이지가 새롭게 단장했습니다.</p>
<ul>
<li>자료실에서 카탈로그·회로도를 옵션별로 검색할 수 있습니다.</li>
<li>기존 회원은 비밀번호 찾기로 새 비밀번호를 설정해 주십시오.</li>
</ul>
<p>문의: 고객센터 영업 031-880-1990, A/S 031-880-1995 (평일 09:00 - 18:00)</p>`,
    description_en: `<h3>Our website has been renewed</h3>
<p>The Daehan Actuator website has a new look.</p>
<ul>
<li>Search catalogues and circuit diagrams by option in the document library.</li>
<li>Existing members, please set a new password with "Find password".</li>
</ul>
<p>Contact: Customer Center, sales 031-880-1990, after-sales 031-880-1995 (weekdays 09:00 - 18:00)</p>`,
    starts_at: '2024-01-01T00:00:00+09:00',
    ends_at: '2099-12-31T23:59:59+09:00',
  },
  {
    title: '2024년 상반기 출하 일정 안내',
    title_en: 'Shipping schedule, first half of 2024',
    image: null,
    description: `<h3>2024년 상반기 출하 일정 안내</h3>
<p>여주 제1공장 정기 설비 점검으로 6월 17일부터 21일까지 출하가 일시 중단됩니다.</p>`,
    description_en: `<h3>Shipping schedule, first half of 2024</h3>
<p>Shipments pause from 17 to 21 June for scheduled maintenance at the Yeoju 1st factory.</p>`,
    starts_at: '2024-01-01T00:00:00+09:00',
    ends_at: '2024-06-30T23:59:59+09:00',
  },
]
