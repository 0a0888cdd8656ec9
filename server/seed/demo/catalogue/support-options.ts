/**
 * Option groups of the 12 service second depths (type = second-depth index + 6 × first-depth
 * index + 1). An option's `code` is unique within its type (documents refer to it); `name` is
 * the group key. show 'N' options are listed but disabled.
 */

export type OptionDef = { code: string; title: string; title_en: string; show?: 'N' }
export type GroupDef = { name: string; title: string; title_en: string; options: OptionDef[] }

const o = (code: string, title: string, title_en = title, show?: 'N'): OptionDef => ({
  code,
  title,
  title_en,
  ...(show ? { show } : {}),
})

const MODELS = [o('TM', 'TM'), o('TX', 'TX'), o('TQ', 'TQ'), o('LTMD-O', 'LTMD-O'), o('WT', 'WT')]
const DISCONTINUED = o('TS', 'TS (단종)', 'TS (discontinued)', 'N')

function modelGroup(extra: OptionDef[] = []): GroupDef {
  return { name: 'model', title: '모델명', title_en: 'Model name', options: [...MODELS, ...extra] }
}

const POWER = [
  o('AC220-1P', 'AC 220V 1상', 'AC 220V 1Ph'),
  o('AC380-3P', 'AC 380V 3상', 'AC 380V 3Ph'),
  o('AC440-3P', 'AC 440V 3상', 'AC 440V 3Ph'),
  o('DC24', 'DC 24V'),
]
const AC110 = o('AC110-1P', 'AC 110V 1상 (주문 제작)', 'AC 110V 1Ph (made to order)', 'N')
const powerGroup = (extra: OptionDef[] = []): GroupDef => ({
  name: 'power',
  title: '전원',
  title_en: 'Power',
  options: [...POWER, ...extra],
})

const CONTROL: GroupDef = {
  name: 'control',
  title: '제어 방식',
  title_en: 'Control',
  options: [
    o('ONOFF', '개폐형 On-Off', 'On-Off'),
    o('MOD', '조절형 Modulating', 'Modulating'),
    o('INT', '인테그랄 Integral', 'Integral'),
    o('SMART', '스마트 Smart', 'Smart'),
  ],
}

export const SUPPORT_GROUPS: Record<number, GroupDef[]> = {
  // reference › catalog
  1: [
    modelGroup([DISCONTINUED]),
    {
      name: 'family',
      title: '제품군',
      title_en: 'Product family',
      options: [o('EA', '전동 액추에이터', 'Electric actuator'), o('GH', '수문 권양기', 'Gate hoist')],
    },
    {
      name: 'language',
      title: '언어',
      title_en: 'Language',
      options: [o('KO', '국문', 'Korean'), o('EN', '영문', 'English'), o('RU', '러시아어', 'Russian', 'N')],
    },
  ],
  // reference › circuit-diagram: the standard-diagram selector reads the groups in this order.
  2: [
    modelGroup([DISCONTINUED]),
    powerGroup([AC110]),
    CONTROL,
    {
      name: 'option',
      title: '옵션',
      title_en: 'Option',
      options: [
        o('STD', '표준', 'Standard'),
        o('POS', '포지셔너', 'Positioner'),
        o('MODBUS', 'Modbus RTU'),
        o('PROFIBUS', 'Profibus DP'),
        o('EXP', '방폭', 'Explosion-proof'),
        o('HART', 'HART', 'HART', 'N'),
      ],
    },
  ],
  // reference › external-map (appearance charts)
  3: [
    modelGroup(),
    {
      name: 'flange',
      title: '플랜지 규격',
      title_en: 'Flange',
      options: [
        o('F07', 'F07'),
        o('F10', 'F10'),
        o('F14', 'F14'),
        o('F16', 'F16'),
        o('F25', 'F25'),
        o('F30', 'F30'),
        o('F40', 'F40 (주문 제작)', 'F40 (made to order)', 'N'),
      ],
    },
    { name: 'format', title: '파일 형식', title_en: 'File format', options: [o('PDF', 'PDF'), o('CAD', 'CAD (DWG)')] },
  ],
  // reference › table (torque tables)
  4: [
    modelGroup(),
    powerGroup([AC110]),
    {
      name: 'duty',
      title: '운전 등급',
      title_en: 'Duty',
      options: [
        o('S2', '개폐용 S2-15분', 'On-off S2-15 min'),
        o('S4', '조절용 S4-25%', 'Modulating S4-25%'),
        o('S9', '연속 조절 S9', 'Continuous modulating S9'),
      ],
    },
  ],
  // reference › software
  5: [
    modelGroup(),
    {
      name: 'category',
      title: '구분',
      title_en: 'Category',
      options: [
        o('SETUP', '설정 프로그램', 'Setup program'),
        o('FW', '펌웨어', 'Firmware'),
        o('DD', '장치 기술 파일 (GSD·EDS)', 'Device description (GSD/EDS)'),
        o('APP', '모바일 앱 (준비 중)', 'Mobile app (coming soon)', 'N'),
      ],
    },
    {
      name: 'protocol',
      title: '통신',
      title_en: 'Communication',
      options: [
        o('MODBUS', 'Modbus RTU'),
        o('PROFIBUS', 'Profibus DP'),
        o('BT', '블루투스', 'Bluetooth'),
        o('HART', 'HART', 'HART', 'N'),
      ],
    },
  ],
  // reference › certification
  6: [
    {
      name: 'certificate',
      title: '인증 종류',
      title_en: 'Certificate',
      options: [
        o('KC', 'KC 인증', 'KC'),
        o('CE', 'CE'),
        o('KCS', 'KCs 방폭', 'KCs explosion-proof'),
        o('ATEX', 'ATEX'),
        o('IECEX', 'IECEx'),
        o('SIL', 'SIL 2'),
        o('IP68', 'IP68 시험성적서', 'IP68 test report'),
        o('UL', 'UL (인증 진행 중)', 'UL (in progress)', 'N'),
      ],
    },
    modelGroup(),
  ],
  // as › faq
  7: [
    {
      name: 'category',
      title: '분류',
      title_en: 'Category',
      options: [
        o('INSTALL', '설치', 'Installation'),
        o('WIRING', '결선', 'Wiring'),
        o('SETTING', '설정', 'Setting'),
        o('TROUBLE', '고장 진단', 'Troubleshooting'),
        o('COMM', '통신', 'Communication'),
        o('WARRANTY', '보증 (준비 중)', 'Warranty (coming soon)', 'N'),
      ],
    },
    modelGroup(),
  ],
  // as › educational-materials
  8: [
    {
      name: 'course',
      title: '교육 과정',
      title_en: 'Course',
      options: [
        o('BASIC', '기초 과정', 'Basic course'),
        o('COMMISSION', '시운전 과정', 'Commissioning course'),
        o('MAINT', '정비 과정', 'Maintenance course'),
        o('NUCLEAR', '원자력 특화 과정 (준비 중)', 'Nuclear course (coming soon)', 'N'),
      ],
    },
    {
      name: 'format',
      title: '자료 형식',
      title_en: 'Format',
      options: [
        o('TEXT', '교재', 'Textbook'),
        o('VIDEO', '동영상', 'Video'),
        o('SHEET', '실습 시트', 'Practice sheet'),
      ],
    },
    modelGroup(),
  ],
  // as › guidelines
  9: [
    {
      name: 'interval',
      title: '점검 주기',
      title_en: 'Interval',
      options: [
        o('DAILY', '일상 점검', 'Daily'),
        o('MONTHLY', '월간 점검', 'Monthly'),
        o('ANNUAL', '연간 점검', 'Annual'),
        o('STORAGE', '장기 보관', 'Long-term storage'),
        o('OVERHAUL', '오버홀 (본사 수행)', 'Overhaul (factory only)', 'N'),
      ],
    },
    modelGroup(),
  ],
  // as › setting
  10: [
    modelGroup(),
    CONTROL,
    {
      name: 'item',
      title: '설정 항목',
      title_en: 'Setting item',
      options: [
        o('LIMIT', '리밋', 'Limit'),
        o('TORQUE', '토크', 'Torque'),
        o('POS', '포지셔너', 'Positioner'),
        o('COMM', '통신', 'Communication'),
        o('REMOTE', '원격 진단 (준비 중)', 'Remote diagnostics (coming soon)', 'N'),
      ],
    },
  ],
  // as › as (replacement and repair)
  11: [
    modelGroup(),
    {
      name: 'part',
      title: '부품',
      title_en: 'Part',
      options: [
        o('MOTOR', '모터', 'Motor'),
        o('LS', '리밋 스위치', 'Limit switch'),
        o('TS', '토크 스위치', 'Torque switch'),
        o('BOARD', '제어 기판', 'Control board'),
        o('SEAL', '씰 키트', 'Seal kit'),
        o('GEAR', '기어', 'Gear'),
        o('OLD', '단종 부품', 'Discontinued parts', 'N'),
      ],
    },
    {
      name: 'service',
      title: '서비스 구분',
      title_en: 'Service',
      options: [o('REPLACE', '교체', 'Replacement'), o('REPAIR', '수리', 'Repair'), o('INSPECT', '점검', 'Inspection')],
    },
  ],
  // as › nuclear-as (WT is not qualified for nuclear service)
  12: [
    {
      name: 'model',
      title: '모델명',
      title_en: 'Model name',
      options: [...MODELS.slice(0, 4), o('WT', 'WT (원자력 미적용)', 'WT (not qualified)', 'N')],
    },
    {
      name: 'class',
      title: '안전 등급',
      title_en: 'Safety class',
      options: [
        o('1E', '안전등급 Class 1E', 'Safety class 1E'),
        o('NON1E', '비안전등급 Non-1E', 'Non-safety (Non-1E)'),
      ],
    },
    {
      name: 'doctype',
      title: '문서 종류',
      title_en: 'Document type',
      options: [
        o('PROC', '정비 절차서', 'Maintenance procedure'),
        o('EQ', '환경검증 보고서', 'EQ report'),
        o('PARTS', '부품 교체', 'Parts replacement'),
        o('SUPPORT', '기술 지원', 'Technical support'),
      ],
    },
  ],
}
