import { PRODUCT_TYPE, type ProductType } from '#shared/type-codes.ts'

/**
 * The demo product tree. Ids are fixed (other seed data and links point at them):
 * 1 electric actuator › 2 TM (3 BASIC, 4 INTEGRAL, 5 SMART), 6 TX, 7 TQ (8 BASIC), 9 LTMD-O, 10 WT;
 * 11 gate hoist › 12 TM, 13 TX. Options of the type-2 products are in product-options.ts.
 */

/** One row of the specification table: Korean label and value, English label and value. */
export type Spec = [label: string, value: string, labelEn: string, valueEn: string]

export type ProductSeed = {
  id: number
  parent_id: number | null
  depth: 1 | 2 | 3
  /** PRODUCT_TYPE: related items (its children), or options and the reference button. */
  type: ProductType
  title: string
  title_en: string
  introduce: string
  introduce_en: string
  /** Detail page text, turned into sanitized HTML by the seeder. */
  detail?: {
    lead: string
    lead_en: string
    specs: Spec[]
    features: string[]
    features_en: string[]
    item: string
    item_en: string
    item_introduce: string
    item_introduce_en: string
    /** Number of detail images (1–6). */
    images: number
    hue: number
  }
}

const IP68: Spec = ['보호 등급', 'IP68 (수심 7 m, 72시간)', 'Enclosure', 'IP68 (7 m head, 72 h)']
const POWER: Spec = [
  '전원',
  'AC 220 V 1상 / AC 380·440 V 3상 (50/60 Hz), DC 24 V',
  'Power supply',
  'AC 220 V 1-phase / AC 380/440 V 3-phase (50/60 Hz), DC 24 V',
]
const AMBIENT: Spec = ['사용 온도', '-25 ~ +70 ℃', 'Ambient temperature', '-25 to +70 °C']
const MULTI_TURN: Spec = ['작동 방식', '다회전 (Multi-turn)', 'Operation', 'Multi-turn']
const PART_TURN: Spec = ['작동 방식', '부분회전 (Part-turn, 90° ±10°)', 'Operation', 'Part-turn (90° ±10°)']

export const PRODUCTS: ProductSeed[] = [
  {
    id: 1,
    parent_id: null,
    depth: 1,
    type: PRODUCT_TYPE.relatedItems,
    title: '전동 액추에이터',
    title_en: 'Electric actuator',
    introduce: '밸브를 전기 모터로 구동하는 다회전·부분회전 액추에이터',
    introduce_en: 'Multi-turn and part-turn actuators that drive valves with an electric motor',
  },
  {
    id: 2,
    parent_id: 1,
    depth: 2,
    type: PRODUCT_TYPE.relatedItems,
    title: 'TM',
    title_en: 'TM',
    introduce: '게이트·글로브·슬루스 밸브용 다회전 전동 액추에이터',
    introduce_en: 'Multi-turn electric actuator for gate, globe and sluice valves',
    detail: {
      lead: 'TM 시리즈는 1987년 창립 이래 쌓아 온 기술로 설계한 당사의 대표 다회전 전동 액추에이터입니다. 견고한 알루미늄 합금 하우징과 자체 잠금형 웜 기어 감속 구조로 상하수도, 발전, 석유화학 플랜트의 밸브를 안정적으로 구동합니다.',
      lead_en:
        'The TM series is our flagship multi-turn electric actuator, built on the know-how we have gathered since 1987. A rugged aluminium-alloy housing and self-locking worm gearing drive valves reliably in water and wastewater, power and petrochemical plants.',
      specs: [
        MULTI_TURN,
        ['토크 범위', '30 ~ 3,000 N·m', 'Torque range', '30 – 3,000 N·m'],
        ['출력 속도', '18 ~ 192 rpm (50 Hz)', 'Output speed', '18 – 192 rpm (50 Hz)'],
        IP68,
        POWER,
        ['운전 등급', 'S2-15분 (개폐용), S4-25 % (조절용)', 'Duty', 'S2-15 min (on-off), S4-25 % (modulating)'],
        ['밸브 연결', 'ISO 5210 F10 ~ F30', 'Valve attachment', 'ISO 5210 F10 – F30'],
        AMBIENT,
      ],
      features: [
        '정전 시에도 조작 가능한 핸들 휠 기본 장착',
        '토크 스위치에 의한 밸브 과부하 보호',
        '외부 제어형부터 스마트형까지 동일한 기계부 공유',
      ],
      features_en: [
        'Handwheel for manual operation during power failure as standard',
        'Valve overload protection by torque switches',
        'One mechanical design shared from externally controlled to smart models',
      ],
      item: 'TM 아이템 유형',
      item_en: 'TM item types',
      item_introduce:
        '제어 사양에 따라 BASIC, INTEGRAL, SMART 세 가지 모델로 구성됩니다. 현장 제어반 구성에 맞는 모델을 선택하십시오.',
      item_introduce_en:
        'Three models by control specification: BASIC, INTEGRAL and SMART. Choose the one that matches the control panel on site.',
      images: 6,
      hue: 210,
    },
  },
  {
    id: 3,
    parent_id: 2,
    depth: 3,
    type: PRODUCT_TYPE.options,
    title: 'BASIC',
    title_en: 'BASIC',
    introduce: '외부 제어반에서 운전하는 TM 기본형 다회전 액추에이터',
    introduce_en: 'The basic TM multi-turn actuator, operated from an external control panel',
    detail: {
      lead: 'TM BASIC은 모터, 감속기, 리밋·토크 스위치만으로 구성된 단순하고 견고한 모델입니다. 기동기와 보호 회로는 고객의 MCC 또는 현장 제어반에 두고 운전합니다.',
      lead_en:
        'TM BASIC is a simple, robust model made of motor, gearing and limit/torque switches. The motor starter and protection circuits sit in the customer MCC or local control panel.',
      specs: [
        MULTI_TURN,
        ['토크 범위', '30 ~ 3,000 N·m', 'Torque range', '30 – 3,000 N·m'],
        ['출력 속도', '18 ~ 192 rpm', 'Output speed', '18 – 192 rpm'],
        ['제어 방식', '외부 제어 (On-Off)', 'Control', 'External control (on-off)'],
        ['스위치', '리밋 스위치 2 EA, 토크 스위치 2 EA', 'Switches', '2 limit switches, 2 torque switches'],
        IP68,
        POWER,
      ],
      features: ['단순한 구조로 유지보수가 쉬움', '기존 MCC 결선을 그대로 사용'],
      features_en: ['Simple design that is easy to maintain', 'Works with existing MCC wiring as is'],
      item: 'TM BASIC',
      item_en: 'TM BASIC',
      item_introduce: '개폐용 밸브의 기본 자동화에 적합합니다.',
      item_introduce_en: 'Suited to basic automation of on-off valves.',
      images: 3,
      hue: 200,
    },
  },
  {
    id: 4,
    parent_id: 2,
    depth: 3,
    type: PRODUCT_TYPE.options,
    title: 'INTEGRAL',
    title_en: 'INTEGRAL',
    introduce: '모터 기동기와 현장 조작부를 내장한 TM 일체형 액추에이터',
    introduce_en: 'The integral TM actuator with built-in motor starter and local controls',
    detail: {
      lead: 'TM INTEGRAL은 가역 접촉기, 상 순서 자동 보정, 현장/원격 선택 스위치와 개·정지·폐 푸시 버튼을 내장하여 전원과 제어 신호만 연결하면 바로 운전할 수 있습니다.',
      lead_en:
        'TM INTEGRAL houses a reversing contactor, automatic phase correction, a local/remote selector and open/stop/close push buttons: connect power and control signals and it is ready to run.',
      specs: [
        MULTI_TURN,
        ['토크 범위', '30 ~ 3,000 N·m', 'Torque range', '30 – 3,000 N·m'],
        ['출력 속도', '18 ~ 144 rpm', 'Output speed', '18 – 144 rpm'],
        ['제어 방식', '내장 컨트롤러 (On-Off / Modulating)', 'Control', 'Built-in controller (on-off / modulating)'],
        ['원격 입력', 'DC 24 V / AC 110 V', 'Remote inputs', '24 V DC / 110 V AC'],
        IP68,
        POWER,
      ],
      features: ['상 순서 자동 보정으로 오결선 시에도 정방향 운전', '현장 조작부 잠금 기능'],
      features_en: [
        'Automatic phase correction keeps the right direction even if wired wrongly',
        'Lockable local control station',
      ],
      item: 'TM INTEGRAL',
      item_en: 'TM INTEGRAL',
      item_introduce: '제어반 공간을 줄이고 결선을 단순화해야 하는 현장에 적합합니다.',
      item_introduce_en: 'For sites that need a smaller control panel and simpler wiring.',
      images: 3,
      hue: 190,
    },
  },
  {
    id: 5,
    parent_id: 2,
    depth: 3,
    type: PRODUCT_TYPE.options,
    title: 'SMART',
    title_en: 'SMART',
    introduce: 'LCD 표시부와 비접촉 설정 기능을 갖춘 TM 지능형 액추에이터',
    introduce_en: 'The intelligent TM actuator with LCD display and non-intrusive setting',
    detail: {
      lead: 'TM SMART는 절대값 엔코더와 전자식 토크 검출로 커버를 열지 않고 리모컨이나 블루투스로 모든 설정을 마칠 수 있습니다. 운전 이력과 알람을 기록하는 데이터 로거로 예지 정비를 지원합니다.',
      lead_en:
        'TM SMART uses an absolute encoder and electronic torque sensing, so every setting is made with the remote control or Bluetooth without opening the cover. A data logger of operations and alarms supports predictive maintenance.',
      specs: [
        MULTI_TURN,
        ['토크 범위', '30 ~ 3,000 N·m', 'Torque range', '30 – 3,000 N·m'],
        ['출력 속도', '18 ~ 144 rpm', 'Output speed', '18 – 144 rpm'],
        ['제어 방식', '스마트 (On-Off / Modulating, 4–20 mA)', 'Control', 'Smart (on-off / modulating, 4–20 mA)'],
        ['통신', 'Modbus RTU, Profibus DP, HART', 'Communication', 'Modbus RTU, Profibus DP, HART'],
        ['표시부', '2.4인치 LCD (국문/영문)', 'Display', '2.4-inch LCD (Korean/English)'],
        IP68,
        POWER,
      ],
      features: [
        '비접촉 설정 (적외선 리모컨, 블루투스)',
        '운전 이력 3,000건 저장 데이터 로거',
        '자기 진단 및 알람 표시',
      ],
      features_en: [
        'Non-intrusive setting (infrared remote, Bluetooth)',
        'Data logger storing 3,000 events',
        'Self-diagnosis and alarm display',
      ],
      item: 'TM SMART',
      item_en: 'TM SMART',
      item_introduce: '원격 감시와 통신 제어가 필요한 최신 플랜트에 적합합니다.',
      item_introduce_en: 'For modern plants that need remote monitoring and fieldbus control.',
      images: 4,
      hue: 170,
    },
  },
  {
    id: 6,
    parent_id: 1,
    depth: 2,
    type: PRODUCT_TYPE.options,
    title: 'TX',
    title_en: 'TX',
    introduce: '볼·버터플라이·플러그 밸브용 부분회전(쿼터턴) 전동 액추에이터',
    introduce_en: 'Part-turn (quarter-turn) electric actuator for ball, butterfly and plug valves',
    detail: {
      lead: 'TX 시리즈는 90° 회전 밸브를 위한 부분회전 액추에이터로, 기계식 스토퍼와 웜 휠 감속 구조로 정확한 위치 정지를 보장합니다. 소형 볼 밸브부터 대구경 버터플라이 밸브까지 감속기 조합으로 폭넓게 대응합니다.',
      lead_en:
        'The TX series is a part-turn actuator for 90° valves; mechanical end stops and worm-wheel gearing ensure accurate positioning. Combined with gearboxes it covers everything from small ball valves to large butterfly valves.',
      specs: [
        PART_TURN,
        [
          '토크 범위',
          '100 ~ 6,000 N·m (감속기 부착 시 60,000 N·m)',
          'Torque range',
          '100 – 6,000 N·m (60,000 N·m with gearbox)',
        ],
        ['작동 시간', '10 ~ 120초 / 90°', 'Operating time', '10 – 120 s per 90°'],
        ['제어 방식', 'On-Off / Modulating', 'Control', 'On-off / modulating'],
        ['밸브 연결', 'ISO 5211 F07 ~ F30', 'Valve attachment', 'ISO 5211 F07 – F30'],
        IP68,
        POWER,
        AMBIENT,
      ],
      features: ['기계식 스토퍼로 과회전 방지', '위치 표시기 기본 장착'],
      features_en: ['Mechanical end stops prevent over-travel', 'Position indicator as standard'],
      item: 'TX 적용 분야',
      item_en: 'TX applications',
      item_introduce: '정수장, 발전소 냉각수 계통, 가스 배관의 볼·버터플라이 밸브 자동화에 사용됩니다.',
      item_introduce_en:
        'Used to automate ball and butterfly valves in water treatment plants, power-plant cooling water systems and gas pipelines.',
      images: 5,
      hue: 230,
    },
  },
  {
    id: 7,
    parent_id: 1,
    depth: 2,
    type: PRODUCT_TYPE.relatedItems,
    title: 'TQ',
    title_en: 'TQ',
    introduce: '좁은 공간에 설치하는 소형 쿼터턴 전동 액추에이터',
    introduce_en: 'Compact quarter-turn electric actuator for tight spaces',
    detail: {
      lead: 'TQ 시리즈는 가볍고 작은 크기로 배관 밀집 구역이나 스키드 장비에 설치하기 쉬운 쿼터턴 액추에이터입니다. 단상 전원과 DC 24 V 전원을 지원합니다.',
      lead_en:
        'The TQ series is a light, compact quarter-turn actuator that is easy to fit in crowded pipe racks and on skid packages. It runs on single-phase or 24 V DC power.',
      specs: [
        PART_TURN,
        ['토크 범위', '35 ~ 2,000 N·m', 'Torque range', '35 – 2,000 N·m'],
        ['작동 시간', '8 ~ 60초 / 90°', 'Operating time', '8 – 60 s per 90°'],
        ['전원', 'AC 110·220 V 1상, DC 24 V', 'Power supply', 'AC 110/220 V 1-phase, DC 24 V'],
        IP68,
        AMBIENT,
      ],
      features: ['알루미늄 다이캐스팅 경량 하우징', '투명 돔형 위치 표시기'],
      features_en: ['Lightweight die-cast aluminium housing', 'Clear dome position indicator'],
      item: 'TQ 아이템 유형',
      item_en: 'TQ item types',
      item_introduce: 'TQ BASIC을 기본으로 현장에 맞는 옵션을 조합할 수 있습니다.',
      item_introduce_en: 'TQ BASIC is the base model; combine options to suit the site.',
      images: 3,
      hue: 250,
    },
  },
  {
    id: 8,
    parent_id: 7,
    depth: 3,
    type: PRODUCT_TYPE.options,
    title: 'BASIC',
    title_en: 'BASIC',
    introduce: '개폐·조절 겸용 TQ 기본형 쿼터턴 액추에이터',
    introduce_en: 'The basic TQ quarter-turn actuator for on-off and modulating duty',
    detail: {
      lead: 'TQ BASIC은 캠 방식 리밋 스위치와 과부하 보호 회로를 갖춘 소형 쿼터턴 액추에이터로, DN 15 ~ DN 300 볼·버터플라이 밸브에 적합합니다.',
      lead_en:
        'TQ BASIC is a compact quarter-turn actuator with cam-operated limit switches and an overload protection circuit, suited to DN 15 – DN 300 ball and butterfly valves.',
      specs: [
        PART_TURN,
        ['토크 범위', '35 ~ 2,000 N·m', 'Torque range', '35 – 2,000 N·m'],
        ['작동 시간', '8 ~ 60초 / 90°', 'Operating time', '8 – 60 s per 90°'],
        ['제어 방식', 'On-Off / Modulating (4–20 mA)', 'Control', 'On-off / modulating (4–20 mA)'],
        IP68,
        ['전원', 'AC 110·220 V 1상, DC 24 V', 'Power supply', 'AC 110/220 V 1-phase, DC 24 V'],
      ],
      features: ['모터 과열 보호 서모스탯', '수동 오버라이드 기본 장착'],
      features_en: ['Motor thermostat against overheating', 'Manual override as standard'],
      item: 'TQ BASIC',
      item_en: 'TQ BASIC',
      item_introduce: '소구경 밸브의 경제적인 자동화에 적합합니다.',
      item_introduce_en: 'Economical automation of small-bore valves.',
      images: 2,
      hue: 260,
    },
  },
  {
    id: 9,
    parent_id: 1,
    depth: 2,
    type: PRODUCT_TYPE.options,
    title: 'LTMD-O',
    title_en: 'LTMD-O',
    introduce: '글로브·컨트롤 밸브용 리니어 조절형 전동 액추에이터',
    introduce_en: 'Linear modulating electric actuator for globe and control valves',
    detail: {
      lead: 'LTMD-O는 볼 스크루 구동의 직선 추력형 액추에이터로, 4–20 mA 신호에 따라 밸브 개도를 연속 조절합니다. 시간당 1,200회 기동(S9) 운전에 견디도록 설계되었습니다.',
      lead_en:
        'LTMD-O is a ball-screw linear thrust actuator that positions the valve continuously from a 4–20 mA signal. It is designed for 1,200 starts per hour (S9 duty).',
      specs: [
        ['작동 방식', '직선 왕복 (Linear)', 'Operation', 'Linear'],
        ['추력 범위', '4 ~ 100 kN', 'Thrust range', '4 – 100 kN'],
        ['행정 거리', '10 ~ 100 mm', 'Stroke', '10 – 100 mm'],
        ['제어 방식', '조절형 (Modulating, 4–20 mA)', 'Control', 'Modulating (4–20 mA)'],
        ['운전 등급', 'S9 (시간당 1,200회)', 'Duty', 'S9 (1,200 starts/h)'],
        IP68,
        POWER,
      ],
      features: ['분해능 0.1 % 고정밀 위치 제어', '옥외(Outdoor) 설치용 내후성 도장'],
      features_en: [
        'High-precision positioning with 0.1 % resolution',
        'Weather-resistant coating for outdoor installation',
      ],
      item: 'LTMD-O 적용 분야',
      item_en: 'LTMD-O applications',
      item_introduce: '증기, 급수, 화학 약품 주입 계통의 조절 밸브에 사용됩니다.',
      item_introduce_en: 'Used on control valves of steam, feedwater and chemical dosing systems.',
      images: 3,
      hue: 150,
    },
  },
  {
    id: 10,
    parent_id: 1,
    depth: 2,
    type: PRODUCT_TYPE.options,
    title: 'WT',
    title_en: 'WT',
    introduce: '침수 환경에서 연속 운전하는 수중형 방수 전동 액추에이터',
    introduce_en: 'Submersible watertight electric actuator for continuous operation under water',
    detail: {
      lead: 'WT 시리즈는 이중 씰 구조와 수지 충전 단자함으로 밸브 피트나 배수지처럼 상시 침수되는 곳에서도 운전할 수 있는 수중형 액추에이터입니다.',
      lead_en:
        'The WT series is a submersible actuator with double seals and a resin-filled terminal box, able to run where it is permanently flooded, such as valve pits and reservoirs.',
      specs: [
        MULTI_TURN,
        ['토크 범위', '50 ~ 1,500 N·m', 'Torque range', '50 – 1,500 N·m'],
        ['출력 속도', '18 ~ 72 rpm', 'Output speed', '18 – 72 rpm'],
        [
          '보호 등급',
          'IP68 (수심 20 m, 연속 침수 96시간)',
          'Enclosure',
          'IP68 (20 m head, 96 h continuous submersion)',
        ],
        POWER,
      ],
      features: ['스테인리스 외부 체결 부품', '침수 감지 센서 내장'],
      features_en: ['Stainless-steel external fasteners', 'Built-in water ingress sensor'],
      item: 'WT 적용 분야',
      item_en: 'WT applications',
      item_introduce: '상수도 밸브실, 댐 방류 설비, 해수 취수 설비에 사용됩니다.',
      item_introduce_en: 'Used in water-supply valve chambers, dam outlet works and seawater intakes.',
      images: 3,
      hue: 195,
    },
  },
  {
    id: 11,
    parent_id: null,
    depth: 1,
    type: PRODUCT_TYPE.relatedItems,
    title: '수문 권양기',
    title_en: 'Hydrological gate hoist',
    introduce: '댐·보·배수 갑문의 수문을 여닫는 전동·유압식 권양기',
    introduce_en: 'Electric and hydraulic hoists that open and close gates of dams, weirs and drainage sluices',
  },
  {
    id: 12,
    parent_id: 11,
    depth: 2,
    type: PRODUCT_TYPE.options,
    title: 'TM',
    title_en: 'TM',
    introduce: 'TM 액추에이터로 구동하는 스핀들식 전동 수문 권양기',
    introduce_en: 'Spindle-type electric gate hoist driven by a TM actuator',
    detail: {
      lead: 'TM 수문 권양기는 TM 다회전 액추에이터와 스핀들·너트 기구를 결합하여 소·중형 수문을 정밀하게 개폐합니다. 정전 시에는 핸들로 수동 조작할 수 있습니다.',
      lead_en:
        'The TM gate hoist couples a TM multi-turn actuator with a spindle and nut to open and close small and medium gates precisely. It can be hand-operated during power failures.',
      specs: [
        ['구동 방식', '스핀들식 (TM 액추에이터 구동)', 'Drive', 'Spindle type (driven by TM actuator)'],
        ['권양 능력', '1 ~ 30 t', 'Lifting capacity', '1 – 30 t'],
        ['권양 속도', '0.2 ~ 0.5 m/min', 'Lifting speed', '0.2 – 0.5 m/min'],
        ['양정', '최대 6 m', 'Lift', 'Up to 6 m'],
        IP68,
        POWER,
      ],
      features: ['개도계로 수문 열림량 표시', '과부하 시 자동 정지'],
      features_en: ['Gate opening indicator', 'Automatic stop on overload'],
      item: 'TM 수문 권양기 적용 분야',
      item_en: 'TM gate hoist applications',
      item_introduce: '농업용 수로, 배수 갑문, 소규모 보의 수문에 사용됩니다.',
      item_introduce_en: 'Used on gates of irrigation canals, drainage sluices and small weirs.',
      images: 4,
      hue: 180,
    },
  },
  {
    id: 13,
    parent_id: 11,
    depth: 2,
    type: PRODUCT_TYPE.options,
    title: 'TX',
    title_en: 'TX',
    introduce: '대형 수문을 위한 유압 실린더식 수문 권양기',
    introduce_en: 'Hydraulic cylinder gate hoist for large gates',
    detail: {
      lead: 'TX 수문 권양기는 유압 파워 유닛과 복동 실린더로 대형 수문을 큰 힘으로 부드럽게 구동합니다. 댐 여수로, 하굿둑, 원자력·화력 발전소 취수구에 적용됩니다.',
      lead_en:
        'The TX gate hoist drives large gates smoothly and powerfully with a hydraulic power unit and double-acting cylinders. It serves dam spillways, estuary barrages and intakes of nuclear and thermal power plants.',
      specs: [
        ['구동 방식', '유압 실린더식', 'Drive', 'Hydraulic cylinder'],
        ['권양 능력', '10 ~ 200 t', 'Lifting capacity', '10 – 200 t'],
        ['권양 속도', '0.3 ~ 1.0 m/min', 'Lifting speed', '0.3 – 1.0 m/min'],
        ['사용 압력', '최대 21 MPa', 'Working pressure', 'Up to 21 MPa'],
        ['전원', 'AC 380·440 V 3상', 'Power supply', 'AC 380/440 V 3-phase'],
        ['보호 등급', 'IP68 (실린더), IP55 (파워 유닛)', 'Enclosure', 'IP68 (cylinder), IP55 (power unit)'],
      ],
      features: ['동기 제어로 2련 실린더 수평 유지', '비상 수동 펌프 장착 가능'],
      features_en: ['Synchronised control keeps twin cylinders level', 'Emergency hand pump available'],
      item: 'TX 수문 권양기 적용 분야',
      item_en: 'TX gate hoist applications',
      item_introduce: '댐 여수로 수문, 하굿둑 배수 갑문, 발전소 취수 수문에 사용됩니다.',
      item_introduce_en: 'Used on dam spillway gates, estuary barrage sluices and power-plant intake gates.',
      images: 4,
      hue: 220,
    },
  },
]

/** Detail HTML (before sanitizing) in one language. */
export function productDescription(p: ProductSeed, lang: 'ko' | 'en'): string {
  const d = p.detail
  if (!d) return ''
  const en = lang === 'en'
  const rows = d.specs
    .map(
      ([label, value, labelEn, valueEn]) =>
        `<tr><th scope="row">${en ? labelEn : label}</th><td>${en ? valueEn : value}</td></tr>`,
    )
    .join('')
  const features = (en ? d.features_en : d.features).map((f) => `<li>${f}</li>`).join('')
  return [
    `<p>${en ? d.lead_en : d.lead}</p>`,
    `<h3>${en ? 'Main specifications' : '주요 사양'}</h3>`,
    `<table class="spec-table"><tbody>${rows}</tbody></table>`,
    `<h3>${en ? 'Features' : '특징'}</h3>`,
    `<ul>${features}</ul>`,
  ].join('')
}

/** The name used in file names and image labels, e.g. 'TM BASIC', 'Gate hoist TX'. */
export function productLabel(p: ProductSeed): string {
  const parent = PRODUCTS.find((x) => x.id === p.parent_id)
  if (p.depth === 3 && parent) return `${parent.title_en} ${p.title_en}`
  if (p.parent_id === 11) return `Gate hoist ${p.title_en}`
  return p.title_en
}
