/**
 * The reference archive (/related-data). type: 1 Catalog, 2 Circuit diagram, 3 Appearance chart,
 * 4 Torque Table, 5 Software, 6 Certification Matters, 7 FAQ, 8 Operator training materials,
 * 9 Maintenance Guidelines, 10 Setting, 11 Replacement/repair, 12 Nuclear Power A/S.
 */

/**
 * Which downloads a document has: Korean and English PDFs (default), one of them, a PDF plus a
 * Profibus GSD file, or no file but an external link (`url`). Appearance charts also get a CAD file.
 */
export type ReferenceFiles = 'ko+en' | 'ko' | 'en' | 'gsd' | 'url'

export type ReferenceSeed = {
  type: number
  product_id: number | null
  title: string
  title_en: string
  /** ISO date of publication. */
  date: string
  files: ReferenceFiles
  url?: string
}

function r(
  type: number,
  product_id: number | null,
  title: string,
  title_en: string,
  date: string,
  files: ReferenceFiles = 'ko+en',
  url?: string,
): ReferenceSeed {
  return { type, product_id, title, title_en, date, files, ...(url ? { url } : {}) }
}

export const REFERENCE_DOCUMENTS: ReferenceSeed[] = [
  // TX (product 6): the full set of classifications.
  r(1, 6, 'TX 카탈로그', 'TX Catalog', '2024-03-12'),
  r(1, 6, 'TX 시리즈 종합 카탈로그 2019', 'TX Series General Catalog 2019', '2019-05-20', 'ko'),
  r(2, 6, 'TX 결선도 (AC 380V 3상 On-Off)', 'TX Circuit Diagram (AC 380V 3Ph On-Off)', '2023-07-04'),
  r(2, 6, 'TX 결선도 (AC 220V 1상 Modulating)', 'TX Circuit Diagram (AC 220V 1Ph Modulating)', '2023-07-04'),
  r(2, 6, 'TX 결선도 (DC 24V Integral)', 'TX Circuit Diagram (DC 24V Integral)', '2025-02-17'),
  r(3, 6, 'TX 외형도 (F07~F16)', 'TX Appearance Chart (F07-F16)', '2022-11-08'),
  r(3, 6, 'TX 외형도 (F25~F30, 감속기 부착형)', 'TX Appearance Chart (F25-F30, with gearbox)', '2022-11-08'),
  r(4, 6, 'TX 토크표', 'TX Torque Table', '2021-09-30'),
  r(
    5,
    6,
    'TX 설정 프로그램 다운로드 (v2.4)',
    'TX Setup Program Download (v2.4)',
    '2025-06-02',
    'url',
    'https://download.example.com/daehan-actuator/tx-setup-2.4',
  ),
  r(6, 6, 'TX KC 인증서', 'TX KC Certificate', '2020-04-14', 'ko'),
  r(6, 6, 'TX 방폭 인증서 (KCs Ex db IIB T4)', 'TX Explosion-proof Certificate (KCs Ex db IIB T4)', '2021-01-26'),
  r(7, 6, 'TX 자주 묻는 질문', 'TX Frequently Asked Questions', '2024-08-19'),
  r(8, 6, 'TX 운전자 교육 자료', 'TX Operator Training Materials', '2023-10-10', 'ko'),
  r(9, 6, 'TX 유지보수 지침서', 'TX Maintenance Guidelines', '2022-06-15'),
  r(10, 6, 'TX 설정 매뉴얼 (리밋·토크)', 'TX Setting Manual (Limit & Torque)', '2024-01-22'),
  r(11, 6, 'TX 부품 교체 절차서 (모터·기어)', 'TX Replacement Procedure (Motor & Gear)', '2025-09-03', 'ko'),
  r(12, 6, 'TX 원자력 발전소 A/S 안내', 'TX Nuclear Power Plant A/S Guide', '2026-02-09'),
  // TM BASIC, INTEGRAL, SMART (products 3-5).
  r(1, 3, 'TM BASIC 카탈로그', 'TM BASIC Catalog', '2023-03-02'),
  r(2, 3, 'TM BASIC 결선도 (AC 380V 3상)', 'TM BASIC Circuit Diagram (AC 380V 3Ph)', '2022-05-11'),
  r(3, 3, 'TM BASIC 외형도', 'TM BASIC Appearance Chart', '2021-07-19'),
  r(4, 3, 'TM BASIC 토크표', 'TM BASIC Torque Table', '2020-10-05'),
  r(9, 3, 'TM BASIC 취급설명서', 'TM BASIC Instruction Manual', '2019-08-27', 'ko'),
  r(1, 4, 'TM INTEGRAL 카탈로그', 'TM INTEGRAL Catalog', '2024-02-14'),
  r(2, 4, 'TM INTEGRAL 결선도 (AC 440V 3상)', 'TM INTEGRAL Circuit Diagram (AC 440V 3Ph)', '2023-09-21'),
  r(5, 4, 'TM INTEGRAL 펌웨어 업데이트 v3.1', 'TM INTEGRAL Firmware Update v3.1', '2025-04-28', 'en'),
  r(10, 4, 'TM INTEGRAL 설정 매뉴얼', 'TM INTEGRAL Setting Manual', '2022-12-01', 'ko'),
  r(1, 5, 'TM SMART 카탈로그', 'TM SMART Catalog', '2025-01-08'),
  r(5, 5, 'TM SMART 설정 소프트웨어 Smart Link v1.8', 'TM SMART Setup Software Smart Link v1.8', '2025-11-11', 'en'),
  r(5, 5, 'TM SMART GSD 파일 (Profibus DP)', 'TM SMART GSD File (Profibus DP)', '2024-06-20', 'gsd'),
  r(
    8,
    5,
    'TM SMART 운전자 교육 동영상',
    'TM SMART Operator Training Video',
    '2024-09-09',
    'url',
    'https://video.example.com/daehan-actuator/tm-smart-training',
  ),
  r(10, 5, 'TM SMART 블루투스 설정 가이드', 'TM SMART Bluetooth Setting Guide', '2025-03-27'),
  // TQ BASIC, LTMD-O, WT.
  r(1, 8, 'TQ BASIC 카탈로그', 'TQ BASIC Catalog', '2022-02-23'),
  r(2, 8, 'TQ BASIC 결선도 (DC 24V)', 'TQ BASIC Circuit Diagram (DC 24V)', '2023-01-30'),
  r(3, 8, 'TQ BASIC 외형도', 'TQ BASIC Appearance Chart', '2021-03-16'),
  r(4, 8, 'TQ BASIC 토크표', 'TQ BASIC Torque Table', '2020-06-09', 'en'),
  r(1, 9, 'LTMD-O 카탈로그', 'LTMD-O Catalog', '2023-05-25'),
  r(2, 9, 'LTMD-O 결선도 (AC 220V 1상 조절형)', 'LTMD-O Circuit Diagram (AC 220V 1Ph Modulating)', '2023-05-25'),
  r(4, 9, 'LTMD-O 추력·토크표', 'LTMD-O Thrust & Torque Table', '2021-11-22'),
  r(9, 9, 'LTMD-O 유지보수 지침서', 'LTMD-O Maintenance Guidelines', '2024-04-03', 'ko'),
  r(1, 10, 'WT 카탈로그', 'WT Catalog', '2022-08-30'),
  r(3, 10, 'WT 외형도', 'WT Appearance Chart', '2022-08-30'),
  r(6, 10, 'WT IP68 침수 시험 성적서', 'WT IP68 Submersion Test Report', '2020-12-18', 'en'),
  r(11, 10, 'WT 씰 키트 교체 절차서', 'WT Seal Kit Replacement Procedure', '2025-07-14'),
  // Gate hoists TM (12) and TX (13).
  r(1, 12, '수문 권양기 TM 카탈로그', 'Gate Hoist TM Catalog', '2023-06-07'),
  r(2, 12, '수문 권양기 TM 결선도', 'Gate Hoist TM Circuit Diagram', '2023-06-07'),
  r(3, 12, '수문 권양기 TM 외형도', 'Gate Hoist TM Appearance Chart', '2021-05-12'),
  r(8, 12, '수문 권양기 운전자 교육 자료', 'Gate Hoist Operator Training Materials', '2024-07-01'),
  r(9, 12, '수문 권양기 TM 유지보수 지침서', 'Gate Hoist TM Maintenance Guidelines', '2024-10-29', 'ko'),
  r(11, 12, '수문 권양기 TM 스핀들 교체 절차서', 'Gate Hoist TM Spindle Replacement Procedure', '2025-12-04'),
  r(1, 13, '수문 권양기 TX 카탈로그', 'Gate Hoist TX Catalog', '2024-05-16'),
  r(2, 13, '수문 권양기 TX 유압 회로도', 'Gate Hoist TX Hydraulic Circuit Diagram', '2024-05-16'),
  r(4, 13, '수문 권양기 TX 권양력 표', 'Gate Hoist TX Lifting Force Table', '2022-03-08', 'ko'),
  r(9, 13, '수문 권양기 TX 유압유 관리 지침', 'Gate Hoist TX Hydraulic Oil Maintenance Guidelines', '2025-08-21'),
  r(
    12,
    13,
    '수문 권양기 TX 원자력 발전소 취수구 A/S 사례',
    'Gate Hoist TX Nuclear Plant Intake A/S Case',
    '2025-10-20',
  ),
  // Company-wide documents.
  r(
    3,
    null,
    '액추에이터 플랜지 규격 외형도 (ISO 5210/5211)',
    'Actuator Flange Appearance Chart (ISO 5210/5211)',
    '2020-01-13',
  ),
  r(
    4,
    null,
    '전동 액추에이터 전 모델 토크 선정표',
    'Electric Actuator Torque Selection Table (All Models)',
    '2025-01-20',
  ),
  r(
    5,
    null,
    '통합 설정 프로그램 Daehan Config v4.0',
    'Unified Setup Program Daehan Config v4.0',
    '2026-03-02',
    'url',
    'https://download.example.com/daehan-actuator/daehan-config-4.0',
  ),
  r(6, null, 'ISO 9001 품질경영시스템 인증서', 'ISO 9001 Quality Management Certificate', '2019-03-04'),
  r(6, null, 'ISO 14001 환경경영시스템 인증서', 'ISO 14001 Environmental Management Certificate', '2019-03-04'),
  r(6, null, 'CE 적합성 선언서 (기계류·EMC)', 'CE Declaration of Conformity (Machinery & EMC)', '2023-02-20', 'en'),
  r(6, null, 'SIL 2 기능안전 인증서', 'SIL 2 Functional Safety Certificate', '2024-11-05', 'en'),
  r(
    7,
    null,
    '전동 액추에이터 자주 묻는 질문 (설치·결선)',
    'Electric Actuator FAQ (Installation & Wiring)',
    '2021-04-12',
  ),
  r(7, null, '수동 조작 및 핸들 휠 사용 FAQ', 'Manual Operation & Handwheel FAQ', '2022-09-14', 'ko'),
  r(7, null, '통신 (Modbus/Profibus) 관련 FAQ', 'Communication (Modbus/Profibus) FAQ', '2025-05-19'),
  r(8, null, '전동 액추에이터 기초 교육 교재', 'Electric Actuator Basic Training Textbook', '2020-02-03'),
  r(8, null, '현장 시운전 교육 자료', 'Field Commissioning Training Materials', '2023-08-08', 'ko'),
  r(
    9,
    null,
    '장기 보관 및 설치 전 점검 지침',
    'Long-term Storage & Pre-installation Inspection Guidelines',
    '2019-11-25',
  ),
  r(10, null, '포지셔너 (4-20mA) 설정 가이드', 'Positioner (4-20mA) Setting Guide', '2022-10-17'),
  r(10, null, 'Modbus RTU 통신 설정 매뉴얼', 'Modbus RTU Communication Setting Manual', '2024-12-10', 'en'),
  r(11, null, 'A/S 신청 및 수리 절차 안내', 'A/S Request & Repair Procedure', '2020-08-24', 'ko'),
  r(11, null, '제어 기판 교체 가이드', 'Control Board Replacement Guide', '2023-12-13'),
  r(11, null, '온라인 A/S 접수', 'Online A/S Request', '2026-01-15', 'url', 'https://as.example.com/daehan-actuator'),
  r(12, null, '원자력 발전소용 액추에이터 A/S 절차서', 'Nuclear Power Plant Actuator A/S Procedure', '2019-07-08'),
  r(
    12,
    null,
    '원자력 안전등급 (Class 1E) 부품 교체 지침',
    'Nuclear Safety Class 1E Parts Replacement Guidelines',
    '2021-10-27',
  ),
]
