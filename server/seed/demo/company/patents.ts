import { PATENT_TYPE, type PatentType } from '#shared/type-codes.ts'

/**
 * Patents and certificates (PATENT_TYPE), all fictional. `slug` names the stored files
 * (`patents/<slug>.pdf`, `patents/<slug>-thumb.svg`); `pdf` is the English text of the
 * downloadable certificate (the PDF fonts carry no Hangul).
 */
type PatentItem = {
  type: PatentType
  slug: string
  title: string
  title_en: string
  number: string
  number_en: string
  /** Short language-neutral label and sublabel drawn on the thumbnail. */
  label: string
  sublabel: string
  file: string
  file_en: string
  pdf: { title: string; lines: string[] }
}

const patent = (
  slug: string,
  title: string,
  title_en: string,
  no: string,
  date: string,
  file: string,
  file_en: string,
): PatentItem => ({
  type: PATENT_TYPE.patent,
  slug,
  title,
  title_en,
  number: `특허 제10-${no}호`,
  number_en: `Patent No. 10-${no}`,
  label: 'PATENT',
  sublabel: `No. 10-${no}`,
  file: `특허증_${file}.pdf`,
  file_en: `Patent_Certificate_${file_en}.pdf`,
  pdf: {
    title: 'Certificate of Patent',
    lines: [
      `Patent No.: 10-${no}`,
      `Title of invention: ${title_en}`,
      'Patentee: Daehan Actuator Co., Ltd.',
      '87 Saneopdanji-ro, Ganam-eup, Yeoju-si, Gyeonggi-do, Korea',
      `Registration date: ${date}`,
      'Issued by the Korean Intellectual Property Office',
      '',
      'Demo document of a fictional company.',
    ],
  },
})

const certificate = (
  slug: string,
  title: string,
  title_en: string,
  numbers: string | [string, string],
  label: string,
  file: string,
  file_en: string,
  scope: string,
  issuer: string,
  date: string,
): PatentItem => {
  const [number, number_en] = typeof numbers === 'string' ? [numbers, numbers] : numbers
  return {
    type: PATENT_TYPE.certificate,
    slug,
    title,
    title_en,
    number,
    number_en,
    label,
    sublabel: number_en,
    file: `${file}.pdf`,
    file_en: `${file_en}.pdf`,
    pdf: {
      title: `Certificate: ${title_en}`,
      lines: [
        `Certificate No.: ${number_en}`,
        'Holder: Daehan Actuator Co., Ltd.',
        // The Daegu 2nd factory and R&D centre were set up in 2022.
        `Sites: Yeoju HQ & 1st Factory${date >= '2022' ? '; Daegu 2nd Factory & R&D Centre' : ''}`,
        `Scope: ${scope}`,
        `Issued by: ${issuer}`,
        `Date of issue: ${date}`,
        '',
        'Demo document of a fictional company.',
      ],
    },
  }
}

export const patentData: PatentItem[] = [
  patent(
    'patent-01',
    '전동 액추에이터의 토크 감지 장치',
    'Torque sensing device for electric actuators',
    '1123456',
    '2011-09-14',
    '전동액추에이터_토크감지장치',
    'Actuator_Torque_Sensing_Device',
  ),
  patent(
    'patent-02',
    '비접촉식 절대 위치 검출기를 구비한 밸브 구동기',
    'Valve drive with a non-contact absolute position detector',
    '1489023',
    '2014-12-03',
    '비접촉식_절대위치검출기',
    'Non-contact_Absolute_Position_Detector',
  ),
  patent(
    'patent-03',
    '수문 권양기용 과부하 방지 장치',
    'Overload protection device for gate hoists',
    '1675310',
    '2016-11-22',
    '수문권양기_과부하방지장치',
    'Gate_Hoist_Overload_Protection',
  ),
  patent(
    'patent-04',
    '방폭형 액추에이터의 케이블 인입 구조',
    'Cable entry structure of an explosion-proof actuator',
    '1893372',
    '2018-08-09',
    '방폭형_케이블인입구조',
    'Explosion-proof_Cable_Entry',
  ),
  patent(
    'patent-05',
    '수동 핸들 자동 분리 클러치 기구',
    'Automatic declutch mechanism for a manual handwheel',
    '2087641',
    '2020-02-17',
    '수동핸들_자동분리클러치',
    'Handwheel_Automatic_Declutch',
  ),
  patent(
    'patent-06',
    '무선 통신 기반 액추에이터 원격 진단 시스템',
    'Remote diagnosis system for actuators over wireless links',
    '2314598',
    '2021-10-05',
    '액추에이터_원격진단시스템',
    'Actuator_Remote_Diagnosis_System',
  ),
  patent(
    'patent-07',
    '정전 시 비상 개폐를 위한 전원 공급 장치',
    'Power supply for emergency operation during a power failure',
    '2476015',
    '2022-11-28',
    '정전시_비상개폐_전원공급장치',
    'Emergency_Operation_Power_Supply',
  ),
  patent(
    'patent-08',
    '유압식 수문 권양기의 동기 제어 방법',
    'Synchronous control method for hydraulic gate hoists',
    '2658832',
    '2024-04-16',
    '유압식_수문권양기_동기제어',
    'Hydraulic_Gate_Hoist_Synchronous_Control',
  ),
]

export const certificateData: PatentItem[] = [
  certificate(
    'certificate-iso9001',
    'ISO 9001 품질경영시스템',
    'ISO 9001 Quality Management System',
    'KQ-QMS-0871',
    'ISO 9001',
    'ISO9001_품질경영시스템_인증서',
    'ISO9001_Certificate',
    'Design, manufacture and service of electric actuators and gate hoists',
    'Korea Quality Certification Center (demo)',
    '2024-06-20',
  ),
  certificate(
    'certificate-iso14001',
    'ISO 14001 환경경영시스템',
    'ISO 14001 Environmental Management System',
    'KQ-EMS-0412',
    'ISO 14001',
    'ISO14001_환경경영시스템_인증서',
    'ISO14001_Certificate',
    'Manufacture of electric actuators and gate hoists',
    'Korea Quality Certification Center (demo)',
    '2024-06-20',
  ),
  certificate(
    'certificate-iso45001',
    'ISO 45001 안전보건경영시스템',
    'ISO 45001 Occupational Health and Safety',
    'KQ-OHS-0265',
    'ISO 45001',
    'ISO45001_안전보건경영시스템_인증서',
    'ISO45001_Certificate',
    'Manufacture of electric actuators and gate hoists',
    'Korea Quality Certification Center (demo)',
    '2023-09-11',
  ),
  certificate(
    'certificate-ks',
    'KS 제품 인증 (밸브용 전동 액추에이터)',
    'KS product certification (electric valve actuators)',
    ['KS 제21-0387호', 'KS No. 21-0387'],
    'KS',
    'KS_제품인증서_전동액추에이터',
    'KS_Product_Certificate',
    'Electric actuators for industrial valves',
    'Korean Standards Association (demo)',
    '2021-05-12',
  ),
  certificate(
    'certificate-ce',
    'CE 적합성 선언 (기계·EMC 지침)',
    'CE declaration (Machinery and EMC Directives)',
    'CE-DA-2023-114',
    'CE',
    'CE_적합성선언서',
    'CE_Declaration_of_Conformity',
    'Machinery Directive 2006/42/EC, EMC Directive 2014/30/EU',
    'Notified body (demo)',
    '2023-02-08',
  ),
  certificate(
    'certificate-atex',
    'ATEX 방폭 인증',
    'ATEX explosion protection',
    'EX-ATEX-19-0562X',
    'ATEX',
    'ATEX_방폭인증서',
    'ATEX_Certificate',
    'Ex db IIB T4 Gb - TX series electric actuators',
    'Notified body (demo)',
    '2019-07-30',
  ),
  certificate(
    'certificate-iecex',
    'IECEx 방폭 인증',
    'IECEx explosion protection',
    'IECEx DEM 19.0034X',
    'IECEx',
    'IECEx_방폭인증서',
    'IECEx_Certificate',
    'Ex db IIB T4 Gb - TX series electric actuators',
    'IECEx certification body (demo)',
    '2019-09-02',
  ),
  certificate(
    'certificate-sil',
    'SIL 2 기능안전 인증 (IEC 61508)',
    'SIL 2 functional safety (IEC 61508)',
    'FS-SIL2-2022-0917',
    'SIL 2',
    'SIL2_기능안전인증서',
    'SIL2_Functional_Safety_Certificate',
    'IEC 61508 SIL 2 capable - TM and TQ series',
    'Functional safety assessor (demo)',
    '2022-09-17',
  ),
]
