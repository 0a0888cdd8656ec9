/**
 * The restricted area's order specifications (spec section 3, "Restricted-area detail, ERP / EPS"):
 * every field with its stable key and Korean label, in the groups the detail page shows. Written
 * once; the page, the API (`morgan/detail`, `activeEner/detail`) and the importer read it.
 * Keys are unique within a system; an import file may name a column by key or by label.
 *
 * The typed fields (`ORDER_COLUMNS`) are table columns because they are searched or sorted; every
 * other value lives in the order's `spec` object under its key.
 */

import type { OrderSystem } from './order-rules.ts'

export type OrderField = { key: string; label: string }
/** A collapsible part of the detail page; `label` null for a group that is one section. */
export type OrderSection = { key: string; label: string | null; fields: OrderField[] }
export type OrderGroup = { key: string; label: string; sections: OrderSection[] }

/** The searched and sorted fields, table columns of both systems. */
export const ORDER_COLUMNS = {
  work_no: '작업번호',
  ord_no: 'ORD 번호',
  serial_no: '시리얼 번호',
  project_name: '프로젝트명',
  customer: '고객사',
  model: '모델명',
  delivery_date: '납기일',
} as const
export type OrderColumn = keyof typeof ORDER_COLUMNS

type Spec = [key: string, label: string][]
const section = (key: string, label: string | null, fields: Spec): OrderSection => ({
  key,
  label,
  fields: fields.map(([k, l]) => ({ key: k, label: l })),
})
const column = (key: OrderColumn): [string, string] => [key, ORDER_COLUMNS[key]]
const numbered = (key: string, label: string, count: number): Spec =>
  Array.from({ length: count }, (_, i) => [`${key}${i + 1}`, `${label} ${i + 1}`])

const ERP_GROUPS: OrderGroup[] = [
  {
    key: 'mechanical',
    label: '기계 사양',
    sections: [
      section('actuator', '액추에이터', [
        column('work_no'),
        column('ord_no'),
        column('serial_no'),
        column('model'),
        ['actuator_type', '타입'],
        ['quantity', '수량'],
        column('customer'),
        column('project_name'),
        column('delivery_date'),
        ['handwheel_cw_close', '핸들 시계방향 닫힘'],
        ['motor', '모터'],
        ['protection', '보호 구조'],
        ['rpm', 'RPM'],
        ['worm_gear', '웜 기어'],
        ['ab_gear', 'A/B 기어'],
        ['manual_reducer', '수동 감속기'],
        ['open_close_time', '개폐 시간'],
        ['torque_open', '토크 값 (열림)'],
        ['torque_close', '토크 값 (닫힘)'],
        ['torque_spring', '토크 스프링'],
        ['material', '재질'],
        ['bore_machining', '보어 가공'],
        ['key_way', '키 웨이'],
        ['stem_cover', '스템 커버'],
      ]),
      section('valve', '밸브', [
        ['valve_tag', '밸브 태그'],
        ['valve_service', '서비스'],
        ['valve_type', '밸브 형식'],
        ['valve_size', '사이즈'],
        ['stem_diameter', '스템 직경'],
        ['stroke', '스트로크'],
        ['thread_direction', '나사 방향'],
        ['lead', '리드'],
        ['thread_count', '나사 줄 수'],
        ['tpi', 'TPI'],
        ['valve_purchase', '밸브 구매 여부'],
      ]),
      section('position_indicator', '개도 지시계', [
        ['output_turns', '출력 회전수'],
        ['angle', '각도'],
        ['ratio', '비율'],
        ['pi_limit_switch', '리밋 스위치'],
        ['pi_torque_switch', '토크 스위치'],
        ['potentiometer', '포텐셔미터'],
        ['pi_converter', '컨버터'],
        ['resistance', '저항'],
        ['pi_arrester', '어레스터'],
        ['proportional_control', '비례 제어'],
        ['pot_gear', 'POT 기어'],
      ]),
      section('supply_power', '공급 전원', [
        ['power', '전원'],
        ['contactor', '컨택터'],
        ['control', '제어'],
        ['dc', 'DC'],
        ['heater', '히터'],
        ['capacity', '용량'],
        ['cable_entry', '케이블 인입구'],
        ['paint', '도장'],
        ...numbered('memo', '메모', 4),
        ...numbered('revision', '개정 이력', 3),
      ]),
      section('reducer', '감속기', [
        ['reducer_kind', '종류'],
        ['reducer_model', '모델'],
        ['turn_type', '싱글/멀티 턴'],
        ['stand', '스탠드'],
        ['joint', '조인트'],
        ['reducer_key', '키'],
      ]),
    ],
  },
  {
    key: 'electrical',
    label: '전기 사양',
    sections: [
      section('electrical', '전기', [
        ['circuit_no', '결선도 번호'],
        ['limit_switch', '리밋 스위치'],
        ['torque_switch', '토크 스위치'],
        ['space_heater', '스페이스 히터'],
        ['terminal', '단자대'],
      ]),
      section('options', '옵션', [
        ['opt_converter', '컨버터'],
        ['opt_arrester', '어레스터'],
        ['positioner', '포지셔너'],
      ]),
      section('integral', '컨트롤러: 인티그랄', [
        ['int_controller', '컨트롤러'],
        ['int_display', '디스플레이'],
        ['int_communication', '통신'],
        ['int_relay', '릴레이 출력'],
        ['int_remote', '원격 제어'],
        ['int_signal', '개도 신호'],
      ]),
      section('semi_integral', '컨트롤러: 세미 인티그랄', [
        ['semi_controller', '컨트롤러'],
        ['semi_cable_length', '케이블 길이'],
        ['semi_mounting', '설치 방식'],
        ['semi_communication', '통신'],
      ]),
      section('local_panel', '컨트롤러: 로컬 패널', [
        ['panel_type', '패널 형식'],
        ['panel_enclosure', '외함'],
        ['panel_selector', '선택 스위치'],
        ['panel_lamps', '표시등'],
        ['panel_meter', '개도 지시계'],
      ]),
    ],
  },
]

/** EPS groups are one section each: the detail page shows them as collapsible groups. */
const single = (key: string, label: string, fields: Spec): OrderGroup => ({
  key,
  label,
  sections: [section(key, null, fields)],
})

const EPS_GROUPS: OrderGroup[] = [
  single('actuator_info', '액추에이터 정보', [
    column('work_no'),
    column('ord_no'),
    column('serial_no'),
    ['process_range', '공정 범위'],
    column('customer'),
    ['quantity', '수량'],
    column('delivery_date'),
    column('project_name'),
  ]),
  single('valve_spec', '밸브 사양', [
    ['valve_tag', '밸브 태그'],
    ['valve_type', '밸브 형식'],
    ['valve_size', '사이즈'],
    ['valve_pressure', '압력 등급'],
    ['valve_maker', '밸브 제조사'],
  ]),
  single('basic_spec', '액추에이터 기본 사양', [
    column('model'),
    ['motor_kw', '모터 kW'],
    ['motor_brake', '모터 브레이크'],
    ['motor_thermal', '모터 서멀 보호'],
    ['motor_space_heater', '모터 스페이스 히터'],
    ['motor_encoder', '모터 엔코더'],
    ['control_method', '제어 방식'],
    ['control_option', '제어 옵션'],
    ['operating_type', '동작 형식'],
    ['protection', '보호 등급'],
    ['main_power', '주 전원'],
    ['control_power', '제어 전원'],
    ['hammer_blow', '해머 블로우'],
    ['rpm', 'RPM'],
    ['gear', '기어'],
    ['worm', '웜'],
    ['torque_spring', '토크 스프링'],
    ['setting_range', '설정 범위'],
    ['open_close_time', '개폐 시간'],
    ['max_torque', '최대 토크'],
    ['setting_torque_open', '설정 토크 (열림)'],
    ['setting_torque_close', '설정 토크 (닫힘)'],
    ['seating_method', '안착 방식'],
  ]),
  single('masking', '마스킹 파트', [
    ['masking_color', '도장 색상'],
    ['masking_area', '마스킹 부위'],
    ['masking_note', '마스킹 비고'],
  ]),
  single('switch_unit', '스위치 유닛 파트', [
    ['su_limit', '리밋 스위치'],
    ['su_torque', '토크 스위치'],
    ['su_auxiliary', '보조 스위치'],
  ]),
  single('integral', '인티그랄 파트', [
    ['int_controller', '컨트롤러'],
    ['int_display', '디스플레이'],
    ['int_communication', '통신'],
    ['int_remote', '원격 제어'],
  ]),
  single('pot', 'POT 파트', [
    ['pot_type', 'POT 형식'],
    ['pot_resistance', '저항값'],
    ['pot_gear', 'POT 기어'],
  ]),
  single('finished', '완제품 파트', [
    ['fp_nameplate', '명판'],
    ['fp_packing', '포장'],
    ['fp_inspection', '검사'],
    ['fp_certificate', '성적서'],
  ]),
  single('reducer', '감속기 파트', [
    ['reducer_kind', '종류'],
    ['reducer_model', '모델'],
    ['reducer_ratio', '감속비'],
  ]),
  single('remarks', '비고', [['remarks', '비고']]),
]

export const ORDER_GROUPS: Record<OrderSystem, OrderGroup[]> = { ERP: ERP_GROUPS, EPS: EPS_GROUPS }

/** Every field of a system, in page order. */
export function orderFields(system: OrderSystem): OrderField[] {
  return ORDER_GROUPS[system].flatMap((g) => g.sections.flatMap((s) => s.fields))
}

export const isOrderColumn = (key: string): key is OrderColumn => Object.hasOwn(ORDER_COLUMNS, key)
