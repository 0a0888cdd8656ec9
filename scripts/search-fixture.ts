// The site-search bench fixture: service documents with Korean and English titles and the text of
// a Korean and an English PDF edition, written the way a maintenance archive reads. Sentences are
// built from a small grammar over the domain's vocabulary (components, actions, conditions,
// facilities, places, models, ratings, serial numbers), so a given term occurs in a few percent
// of the documents, as in a real archive, rather than in all of them. 100,000 documents make
// 200,000 index entries. Deterministic: the same seed gives the same text.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { attachments, files, serviceDocuments } from '#server/db/schema.ts'
import { insertRows } from '#server/seed/demo/file-batch.ts'
import { seededRandom } from '#server/seed/demo/seeded-random.ts'

type Pair = [ko: string, en: string]

const FACILITIES: Pair[] = [
  ['정수장', 'water treatment plant'],
  ['하수처리장', 'sewage treatment plant'],
  ['배수지', 'service reservoir'],
  ['취수장', 'water intake'],
  ['가압장', 'booster pump station'],
  ['다목적댐', 'multipurpose dam'],
  ['수중보', 'weir'],
  ['농업용 저수지', 'irrigation reservoir'],
  ['화력발전소', 'thermal power plant'],
  ['원자력발전소', 'nuclear power plant'],
  ['복합화력발전소', 'combined cycle plant'],
  ['열병합발전소', 'cogeneration plant'],
  ['정유공장', 'oil refinery'],
  ['석유화학 플랜트', 'petrochemical plant'],
  ['LNG 인수기지', 'LNG terminal'],
  ['가스 배관망', 'gas pipeline'],
  ['조선소', 'shipyard'],
  ['제철소', 'steelworks'],
  ['지역난방 열원시설', 'district heating plant'],
  ['산업단지 폐수처리장', 'industrial wastewater plant'],
  ['해수담수화 설비', 'desalination plant'],
  ['배수펌프장', 'drainage pump station'],
]
const PLACES: Pair[] = [
  ['여주', 'Yeoju'],
  ['대구', 'Daegu'],
  ['부산', 'Busan'],
  ['울산', 'Ulsan'],
  ['인천', 'Incheon'],
  ['광주', 'Gwangju'],
  ['대전', 'Daejeon'],
  ['청주', 'Cheongju'],
  ['포항', 'Pohang'],
  ['창원', 'Changwon'],
  ['여수', 'Yeosu'],
  ['당진', 'Dangjin'],
  ['평택', 'Pyeongtaek'],
  ['세종', 'Sejong'],
  ['제주', 'Jeju'],
  ['춘천', 'Chuncheon'],
  ['강릉', 'Gangneung'],
  ['전주', 'Jeonju'],
  ['목포', 'Mokpo'],
  ['안동', 'Andong'],
  ['하노이', 'Hanoi'],
  ['호치민', 'Ho Chi Minh City'],
  ['자카르타', 'Jakarta'],
  ['두바이', 'Dubai'],
  ['리야드', 'Riyadh'],
  ['도하', 'Doha'],
]
const VALVES: Pair[] = [
  ['버터플라이', 'butterfly'],
  ['게이트', 'gate'],
  ['글로브', 'globe'],
  ['볼', 'ball'],
  ['플러그', 'plug'],
  ['나이프 게이트', 'knife gate'],
  ['콘', 'cone'],
]
const FAMILIES: Pair[] = [
  ['전동 액추에이터', 'electric actuator'],
  ['다회전 액추에이터', 'multi-turn actuator'],
  ['부분회전 액추에이터', 'part-turn actuator'],
  ['리니어 액추에이터', 'linear actuator'],
  ['수문 권양기', 'gate hoist'],
  ['스마트 제어기', 'smart controller'],
]
const MODELS = ['TM-BASIC', 'TM-INTEGRAL', 'TM SMART', 'TX', 'TQ-BASIC', 'LTMD-O', 'WT', 'GATE-TM', 'GATE-TX']
const COMPONENTS: Pair[] = [
  ['감속기', 'gearbox'],
  ['모터', 'motor'],
  ['리밋 스위치', 'limit switch'],
  ['토크 스위치', 'torque switch'],
  ['수동 핸들', 'handwheel'],
  ['개도 지시계', 'position indicator'],
  ['제어 기판', 'control board'],
  ['포지셔너', 'positioner'],
  ['서지 보호기', 'surge arrester'],
  ['스페이스 히터', 'space heater'],
  ['단자대', 'terminal block'],
  ['케이블 글랜드', 'cable gland'],
  ['오일 씰', 'oil seal'],
  ['베어링', 'bearing'],
  ['웜 기어', 'worm gear'],
  ['클러치', 'clutch'],
  ['앱솔루트 인코더', 'absolute encoder'],
  ['포텐셔미터', 'potentiometer'],
  ['전류 변환기', 'current transmitter'],
  ['브레이크', 'brake'],
  ['퓨즈', 'fuse'],
  ['릴레이', 'relay'],
  ['컨택터', 'contactor'],
  ['표시 램프', 'indicator lamp'],
  ['현장 조작반', 'local control panel'],
  ['통신 모듈', 'communication module'],
  ['배터리', 'battery'],
  ['커버 볼트', 'cover bolt'],
  ['스템 너트', 'stem nut'],
  ['커플링', 'coupling'],
  ['방수 패킹', 'watertight gasket'],
  ['냉각 팬', 'cooling fan'],
  ['위상 검출기', 'phase detector'],
  ['절연 저항', 'insulation resistance'],
  ['접지 단자', 'earth terminal'],
  ['윤활유', 'lubricating oil'],
  ['구동축', 'drive shaft'],
  ['멈춤 나사', 'set screw'],
  ['열 보호기', 'thermal protector'],
  ['디스플레이', 'display'],
]
const ACTIONS: Pair[] = [
  ['점검하십시오', 'inspect'],
  ['교체하십시오', 'replace'],
  ['조정하십시오', 'adjust'],
  ['설정하십시오', 'set'],
  ['확인하십시오', 'check'],
  ['청소하십시오', 'clean'],
  ['윤활하십시오', 'lubricate'],
  ['교정하십시오', 'calibrate'],
  ['시험하십시오', 'test'],
  ['측정하십시오', 'measure'],
  ['조이십시오', 'tighten'],
  ['분해하십시오', 'dismantle'],
  ['기록하십시오', 'record'],
  ['재설정하십시오', 'reset'],
  ['봉인하십시오', 'seal'],
]
const CONDITIONS: Pair[] = [
  ['시운전 전에', 'Before commissioning'],
  ['정기 점검 때', 'At each periodic inspection'],
  ['정전 후', 'After a power failure'],
  ['누유가 보이면', 'If oil leaks'],
  ['과부하로 정지하면', 'After an overload trip'],
  ['동결이 우려되면', 'When frost is expected'],
  ['장기 보관 후', 'After long storage'],
  ['설치 직후', 'Right after installation'],
  ['밸브 교체 시', 'When the valve is replaced'],
  ['이상 소음이 나면', 'If unusual noise occurs'],
  ['통신이 끊기면', 'If communication is lost'],
  ['우기 전에', 'Before the rainy season'],
  ['개도가 맞지 않으면', 'If the position reading drifts'],
  ['절연 경보가 뜨면', 'On an insulation alarm'],
  ['연 1회', 'Once a year'],
]
const DOC_TYPES: Pair[] = [
  ['카탈로그', 'catalog'],
  ['결선도', 'wiring diagram'],
  ['외형도', 'outline drawing'],
  ['토크 선정표', 'torque selection table'],
  ['취급설명서', 'operation manual'],
  ['유지보수 지침', 'maintenance guideline'],
  ['설치 매뉴얼', 'installation manual'],
  ['시운전 보고서', 'commissioning report'],
  ['시험 성적서', 'test report'],
  ['인증서', 'certificate'],
  ['교육 자료', 'training material'],
  ['자주 묻는 질문', 'FAQ'],
  ['부품 목록', 'parts list'],
  ['기술 회보', 'technical bulletin'],
]
const POWERS: Pair[] = [
  ['AC220V 1상', 'AC220V 1Ph'],
  ['AC380V 3상', 'AC380V 3Ph'],
  ['AC440V 3상', 'AC440V 3Ph'],
  ['DC24V', 'DC24V'],
]

type Pick = <T>(list: readonly T[]) => T

/** One document: titles, and the sentences of its Korean and English editions (same facts in both). */
function documentText(pick: Pick, n: () => number) {
  const [place, placeEn] = pick(PLACES)
  const [facility, facilityEn] = pick(FACILITIES)
  const [valve, valveEn] = pick(VALVES)
  const [family, familyEn] = pick(FAMILIES)
  const [docType, docTypeEn] = pick(DOC_TYPES)
  const [power, powerEn] = pick(POWERS)
  const model = pick(MODELS)
  const serial = `${pick(['24', '25', '26'])}-${String(Math.floor(n() * 10000)).padStart(4, '0')}`
  const torque = 50 + Math.floor(n() * 60) * 50
  const rpm = pick([12, 18, 24, 36, 48])
  const ko: string[] = [`${place} ${facility} ${valve} 밸브용 ${model} ${family}.`]
  const en: string[] = [`${model} ${familyEn} for the ${valveEn} valves of the ${placeEn} ${facilityEn}.`]
  const facts = [
    () => [
      `정격 토크 ${torque}Nm, 출력 회전수 ${rpm}rpm, 전원 ${power}.`,
      `Rated torque ${torque} Nm, ${rpm} rpm output, ${powerEn} supply.`,
    ],
    () => [
      `시리얼 번호 DA${serial.replace('-', '')}-A 제품에 해당합니다.`,
      `Applies to serial number DA${serial.replace('-', '')}-A.`,
    ],
    () => [`보호 등급 IP68, 방폭 구조 Ex d IIB T4.`, 'Enclosure IP68, explosion-proof Ex d IIB T4.'],
    () => [`밸브 닫힘 시간은 ${pick([30, 45, 60, 90])}초입니다.`, `Valve closing time ${pick([30, 45, 60, 90])} s.`],
  ]
  for (const fact of facts) {
    if (n() < 0.5) continue
    const [k, e] = fact()
    ko.push(k!)
    en.push(e!)
  }
  // Three to six maintenance instructions: a condition, a component and what to do with it.
  for (let i = 0, count = 3 + Math.floor(n() * 4); i < count; i++) {
    const [when, whenEn] = pick(CONDITIONS)
    const [part, partEn] = pick(COMPONENTS)
    const [action, actionEn] = pick(ACTIONS)
    ko.push(`${when} ${part}을(를) ${action}.`)
    en.push(`${whenEn}, ${actionEn} the ${partEn}.`)
  }
  const style = Math.floor(n() * 3)
  const [part, partEn] = pick(COMPONENTS)
  const titles: Pair[] = [
    [`${model} ${part} ${docType}`, `${model} ${partEn} ${docTypeEn}`],
    [`${place} ${facility} ${family} ${docType}`, `${placeEn} ${facilityEn} ${familyEn} ${docTypeEn}`],
    [`${model} ${family} ${docType} (${power})`, `${model} ${familyEn} ${docTypeEn} (${powerEn})`],
  ]
  const [title, titleEn] = titles[style]!
  return { title, titleEn, textKo: ko.join(' '), textEn: en.join(' ') }
}

/**
 * Adds `count` service documents (with a Korean and an English PDF each, their text in
 * `files.text_content`) and returns how many were added. The search index is not touched:
 * reindex afterwards.
 */
export async function addSearchFixture(db: Db, count: number, onProgress?: (done: number) => void): Promise<number> {
  const next = seededRandom(20261122)
  const pick: Pick = (list) => list[Math.floor(next() * list.length)]!
  const [last] = await db
    .select({ max: sql<number>`coalesce(max(${serviceDocuments.id}), 0)::int` })
    .from(serviceDocuments)
  const start = Number(last?.max ?? 0) + 1
  const batch = 5000
  const since = Date.UTC(2015, 0, 1)
  for (let from = 0; from < count; from += batch) {
    const docs: (typeof serviceDocuments.$inferInsert)[] = []
    const fileRows: (typeof files.$inferInsert)[] = []
    const links: (typeof attachments.$inferInsert)[] = []
    for (let i = from; i < Math.min(count, from + batch); i++) {
      const id = start + i
      const doc = documentText(pick, next)
      docs.push({
        id,
        type: 1 + Math.floor(next() * 12),
        // Its own numbers: the default (`DA-` and 5 digits of a shared sequence) runs out past 99,999 documents.
        doc_number: `DA-SVC-${String(id).padStart(6, '0')}`,
        title: doc.title,
        title_en: doc.titleEn,
        url: '',
        url_en: '',
        created_at: new Date(since + Math.floor(next() * 11 * 365) * 86_400_000),
      })
      // A Korean and an English edition, as the demo documents have: each language's entry indexes its own.
      const editions = [
        {
          key: `bench/service/${id}-ko.pdf`,
          name: `${doc.title.replace(/\s+/g, '_')}_국문.pdf`,
          icon: 'KOR',
          text: doc.textKo,
        },
        {
          key: `bench/service/${id}-en.pdf`,
          name: `${doc.titleEn.replace(/\W+/g, '_')}_EN.pdf`,
          icon: 'ENG',
          text: doc.textEn,
        },
      ]
      editions.forEach((e, sort_order) => {
        fileRows.push({
          file_name: e.key,
          origin_file_name: e.name,
          content_type: 'application/pdf',
          size: 4096,
          text_content: e.text,
        })
        links.push({
          owner_type: 'service',
          owner_id: id,
          file_name: e.key,
          origin_file_name: e.name,
          icon: e.icon,
          sort_order,
        })
      })
    }
    await insertRows(db, serviceDocuments, docs)
    await insertRows(db, files, fileRows)
    await insertRows(db, attachments, links)
    onProgress?.(Math.min(count, from + batch))
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('service_documents', 'id'), (select max(id) from service_documents))`,
  )
  return count
}
