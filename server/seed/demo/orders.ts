import { orderFields } from '#shared/order-fields.ts'
import type { OrderSystem } from '#shared/order-rules.ts'
import type { OrderRow } from '#server/services/restricted/order-row.ts'
import { seededRandom } from './seeded-random.ts'

/**
 * Realistic restricted-area orders for the demo (a few hundred) and the bench fixture (120,000
 * ERP + 40,000 EPS): Korean project names of water, dam and power plants, their customers,
 * models of the demo catalogue, ORD numbers `YY-NNNN` shared by a few orders each, serials of two
 * letters, six digits and a suffix. Deterministic: the same seed gives the same orders.
 */

const REGIONS = [
  '서울',
  '부산',
  '대구',
  '인천',
  '광주',
  '대전',
  '울산',
  '세종',
  '수원',
  '청주',
  '전주',
  '포항',
  '창원',
  '김해',
  '제주',
  '춘천',
  '원주',
  '강릉',
  '천안',
  '아산',
  '여수',
  '순천',
  '목포',
  '구미',
  '안동',
  '진주',
  '군산',
  '익산',
  '평택',
  '화성',
  '용인',
  '파주',
  '김포',
  '고양',
  '충주',
  '제천',
  '보령',
  '당진',
  '서산',
  '영주',
  '경주',
  '거제',
  '통영',
  '양산',
  '밀양',
  '남원',
  '정읍',
  '나주',
]
const FACILITIES = [
  '정수장',
  '하수처리장',
  '배수지',
  '가압장',
  '다목적댐',
  '생활용수댐',
  '홍수조절댐',
  '보',
  '화력발전소',
  '복합화력발전소',
  '수력발전소',
  '양수발전소',
  '열병합발전소',
  '취수장',
  '폐수처리시설',
  '공공하수처리시설',
  '산업단지 용수공급시설',
  'LNG 인수기지',
  '해수담수화 플랜트',
  '자원회수시설',
  '지역난방 열공급시설',
  '광역상수도',
  '농업용 저수지',
  '배수펌프장',
]
const WORKS = [
  '고도처리시설 설치공사',
  '전기계장설비 개량공사',
  '밸브 구동기 교체공사',
  '노후설비 개선사업',
  '증설공사',
  '자동화설비 구축공사',
  '수문 개보수공사',
  '비상발전설비 공사',
  '여과지 개량공사',
  '송수관로 복선화사업',
  '통합운영센터 구축',
  '기계설비 정비공사',
]
const PREFIXES = ['', '', '', '제2 ', '신 ', '광역 ']
const CUSTOMERS = [
  '한국수자원공사',
  '한국환경공단',
  '한국남동발전',
  '한국중부발전',
  '한국서부발전',
  '한국남부발전',
  '한국동서발전',
  '한국수력원자력',
  '한국농어촌공사',
  '한국가스공사',
  '한국지역난방공사',
  '서울시설공단',
  '부산환경공단',
  '인천환경공단',
  '현대건설',
  '대우건설',
  'GS건설',
  '포스코이앤씨',
  '삼성물산',
  '두산에너빌리티',
  '코오롱글로벌',
  '태영건설',
  '계룡건설산업',
  '금호건설',
  '한신공영',
]
const ERP_MODELS = [
  'TM-BASIC 10',
  'TM-BASIC 25',
  'TM-INTEGRAL 25',
  'TM-INTEGRAL 60',
  'TM-SMART 25',
  'TM-SMART 100',
  'TX-BASIC 40',
  'TX-INTEGRAL 80',
  'TQ 250',
  'TQ 500',
]
const EPS_MODELS = ['LTMD-O 30', 'LTMD-O 50', 'WT 15', 'WT 30', 'TM 200 (수문)', 'TX 400 (수문)']
const SERIAL_LETTERS = ['TM', 'TX', 'TQ', 'LT', 'WT', 'EA']

/** Values of the specification fields, by key; a key not here gets no value (a dash). */
const SPEC_VALUES: Record<string, string[]> = {
  actuator_type: ['멀티턴', '쿼터턴', '리니어'],
  quantity: ['1', '1', '2', '3', '4', '6', '8', '12'],
  handwheel_cw_close: ['Y', 'Y', 'N'],
  motor: ['3상 0.4 kW', '3상 0.75 kW', '3상 1.5 kW', '단상 0.25 kW'],
  protection: ['IP67', 'IP68', 'Ex d IIB T4'],
  rpm: ['18', '24', '36', '48', '72'],
  worm_gear: ['1:40', '1:52', '1:60'],
  ab_gear: ['A', 'B'],
  manual_reducer: ['없음', '베벨 1:4', '스퍼 1:8'],
  open_close_time: ['30 s', '45 s', '60 s', '90 s'],
  torque_open: ['250 N·m', '500 N·m', '1,000 N·m'],
  torque_close: ['250 N·m', '500 N·m', '1,000 N·m'],
  torque_spring: ['표준', '강화'],
  material: ['FC250', 'SCS13', 'SM45C'],
  bore_machining: ['Ø32 H8', 'Ø40 H8', 'Ø50 H8'],
  key_way: ['10×8', '12×8', '14×9'],
  stem_cover: ['Y', 'N'],
  valve_tag: ['FV-101', 'MOV-201', 'XV-305', 'HV-410'],
  valve_service: ['원수', '정수', '슬러지', '냉각수', '증기'],
  valve_type: ['버터플라이', '게이트', '글로브', '볼', '플러그'],
  valve_size: ['100A', '200A', '300A', '500A', '800A', '1200A'],
  stem_diameter: ['Ø30', 'Ø45', 'Ø60'],
  stroke: ['90°', '250 mm', '400 mm'],
  thread_direction: ['우나사', '좌나사'],
  lead: ['6', '8', '10'],
  thread_count: ['1', '2'],
  tpi: ['4', '5', '6'],
  valve_purchase: ['Y', 'N'],
  output_turns: ['10', '25', '40'],
  angle: ['90°', '0–90°'],
  ratio: ['1:1', '1:4'],
  pi_limit_switch: ['2 SET', '4 SET'],
  pi_torque_switch: ['2 SET'],
  potentiometer: ['1 kΩ', '5 kΩ'],
  pi_converter: ['4–20 mA'],
  resistance: ['1 kΩ'],
  pi_arrester: ['Y', 'N'],
  proportional_control: ['Y', 'N'],
  pot_gear: ['1:10', '1:25'],
  power: ['AC 380 V 3상 60 Hz', 'AC 440 V 3상 60 Hz', 'AC 220 V 단상 60 Hz'],
  contactor: ['내장', '외장'],
  control: ['AC 220 V', 'DC 24 V'],
  dc: ['DC 24 V', '없음'],
  heater: ['Y', 'N'],
  capacity: ['0.4 kW', '0.75 kW', '1.5 kW'],
  cable_entry: ['G 3/4" ×2', 'G 1" ×3'],
  paint: ['RAL 5015', 'RAL 7035', 'Munsell 7.5BG 7/2'],
  memo1: ['현장 설치 시 방향 확인', '명판 영문 병기', '출하 전 입회 검사'],
  revision1: ['Rev.0 최초 발행', 'Rev.1 전원 사양 변경'],
  reducer_kind: ['베벨', '웜', '스퍼'],
  reducer_model: ['BG-200', 'WG-300', 'SG-100'],
  turn_type: ['싱글 턴', '멀티 턴'],
  stand: ['Y', 'N'],
  joint: ['유니버설', '플렉시블'],
  reducer_key: ['10×8', '12×8'],
  circuit_no: ['25-0100', '24-0312', '23-1020', '25-0456'],
  limit_switch: ['2 SET', '4 SET'],
  torque_switch: ['2 SET'],
  space_heater: ['AC 220 V 10 W'],
  terminal: ['24P', '36P'],
  opt_converter: ['4–20 mA 출력'],
  opt_arrester: ['Y', 'N'],
  positioner: ['4–20 mA 입력', '없음'],
  int_controller: ['SMART-C', 'IC-200'],
  int_display: ['LCD', 'OLED'],
  int_communication: ['Modbus RTU', 'Profibus DP', 'HART'],
  int_relay: ['4점', '8점'],
  int_remote: ['Y', 'N'],
  int_signal: ['4–20 mA'],
  semi_controller: ['SIC-100'],
  semi_cable_length: ['10 m', '20 m'],
  semi_mounting: ['벽부형', '스탠드형'],
  semi_communication: ['Modbus RTU'],
  panel_type: ['옥외 자립형', '벽부형'],
  panel_enclosure: ['SUS304', 'STS 2.0t'],
  panel_selector: ['LOCAL/OFF/REMOTE'],
  panel_lamps: ['개/폐/고장'],
  panel_meter: ['아날로그', '디지털'],
  process_range: ['조립~출하', '가공~출하', '도장~출하'],
  valve_pressure: ['PN10', 'PN16', 'ANSI 150'],
  valve_maker: ['삼신밸브', '한국밸브', '대성밸브'],
  motor_kw: ['0.4', '0.75', '1.5', '2.2', '3.7'],
  motor_brake: ['Y', 'N'],
  motor_thermal: ['Y', 'N'],
  motor_space_heater: ['Y', 'N'],
  motor_encoder: ['Y', 'N'],
  control_method: ['ON/OFF', '비례 제어', '인칭'],
  control_option: ['원격', '현장'],
  operating_type: ['S2-15 min', 'S4-25 %'],
  main_power: ['AC 380 V 3상 60 Hz', 'AC 440 V 3상 60 Hz'],
  control_power: ['AC 220 V', 'DC 24 V'],
  hammer_blow: ['Y', 'N'],
  gear: ['스퍼', '헬리컬'],
  worm: ['1:40', '1:60'],
  setting_range: ['40–100 %'],
  max_torque: ['2,000 N·m', '5,000 N·m', '12,000 N·m'],
  setting_torque_open: ['80 %', '90 %'],
  setting_torque_close: ['80 %', '90 %'],
  seating_method: ['토크 안착', '위치 안착'],
  masking_color: ['RAL 5015', 'RAL 7035'],
  masking_area: ['출력축', '명판'],
  su_limit: ['2 SET', '4 SET'],
  su_torque: ['2 SET'],
  su_auxiliary: ['Y', 'N'],
  pot_type: ['권선형', '전도성 플라스틱'],
  pot_resistance: ['1 kΩ', '5 kΩ'],
  fp_nameplate: ['SUS 에칭'],
  fp_packing: ['목상자', '팔레트'],
  fp_inspection: ['자체 검사', '입회 검사'],
  fp_certificate: ['Y', 'N'],
  reducer_ratio: ['1:4', '1:8', '1:16'],
  remarks: ['수문 권양 높이 6 m', '예비품 포함', '도면 승인 후 제작'],
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/**
 * `count` orders of one system. Orders come in projects of a few dozen (one customer each) and
 * ORD numbers of one to four orders; the delivery dates run over 2019–2026.
 */
export function demoOrders(system: OrderSystem, count: number, seed = system === 'ERP' ? 11 : 29): OrderRow[] {
  const next = seededRandom(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const keys = orderFields(system)
    .map((f) => f.key)
    .filter((key) => key in SPEC_VALUES)
  const rows: OrderRow[] = []
  const ordSeq = new Map<number, number>()
  let project = { name: '', customer: '', left: 0 }
  let ord = { no: '', left: 0, year: 0 }
  for (let i = 0; i < count; i++) {
    if (project.left === 0) {
      project = {
        name: `${pick(REGIONS)} ${pick(PREFIXES)}${pick(FACILITIES)} ${pick(WORKS)}`,
        customer: pick(CUSTOMERS),
        left: 5 + Math.floor(next() * 60),
      }
    }
    project.left--
    if (ord.left === 0) {
      const year = 19 + Math.floor(next() * 8)
      const seq = (ordSeq.get(year) ?? 0) + 1
      ordSeq.set(year, seq)
      ord = { no: `${year}-${pad(seq % 10000, 4)}`, left: 1 + Math.floor(next() * 4), year }
    }
    ord.left--
    const spec: Record<string, string> = {}
    for (const key of keys) if (next() < 0.85) spec[key] = pick(SPEC_VALUES[key]!)
    const month = 1 + Math.floor(next() * 12)
    rows.push({
      work_no: `${system === 'ERP' ? 'E' : 'P'}${ord.year}-${pad(i + 1, 6)}`,
      ord_no: ord.no,
      serial_no: `${pick(SERIAL_LETTERS)}${ord.year}${pad(Math.floor(next() * 10000), 4)}-${1 + Math.floor(next() * 4)}`,
      project_name: project.name,
      customer: project.customer,
      model: pick(system === 'ERP' ? ERP_MODELS : EPS_MODELS),
      delivery_date: next() < 0.97 ? `20${ord.year}-${pad(month, 2)}-${pad(1 + Math.floor(next() * 28), 2)}` : null,
      spec,
    })
  }
  return rows
}

/**
 * Every tenth order of a year that has serial-number circuit diagrams carries one of their serials
 * on its nameplate (same letters and suffix, the six digits of a diagram's code), so the demo's
 * unit pages /id/{serial} show a circuit diagram (docs/decisions/058-unit-pages.md).
 */
export function withCircuitSerials(rows: OrderRow[], codes: readonly { code1: string; code2: string }[]): OrderRow[] {
  const byYear = new Map<string, string[]>()
  for (const { code1, code2 } of codes) byYear.set(code1, [...(byYear.get(code1) ?? []), code2])
  return rows.map((row, i) => {
    const m = i % 10 === 0 ? /^([A-Z]{2})(\d{2})\d{4}(-.+)$/.exec(row.serial_no ?? '') : null
    const list = m ? byYear.get(m[2]!) : undefined
    if (!m || !list) return row
    return { ...row, serial_no: `${m[1]}${m[2]}${list[(i / 10) % list.length]}${m[3]}` }
  })
}

/** How many orders the demo has: enough to page through (30 per page) and to search. */
export const DEMO_ORDER_COUNTS = { ERP: 300, EPS: 120 } as const
