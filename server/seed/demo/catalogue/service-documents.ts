import type { DocFile } from './document-files.ts'
import { SUPPORT_GROUPS } from './support-options.ts'

/** A service & support document: titles, option codes of its type, downloads, optional link. */
export type ServiceDocSeed = { title: string; title_en: string; codes: string[]; files: DocFile[]; url?: string }

/** `codes` and `files` are space-separated lists (files default 'ko en'). */
const d = (title: string, title_en: string, codes: string, files = 'ko en', url?: string): ServiceDocSeed => ({
  title,
  title_en,
  codes: codes.split(' '),
  files: files.split(' ') as DocFile[],
  ...(url ? { url } : {}),
})

const ALL_MODELS = 'TM TX TQ LTMD-O WT'

function optionTitle(type: number, code: string): { title: string; title_en: string } {
  for (const g of SUPPORT_GROUPS[type] ?? []) {
    const hit = g.options.find((x) => x.code === code)
    if (hit) return hit
  }
  throw new Error(`unknown option ${code} of type ${type}`)
}

/** A standard circuit diagram tagged with exactly one model, power, control and option. */
function circuit(model: string, power: string, control: string, option: string, files = 'ko en'): ServiceDocSeed {
  const parts = [power, control, option].map((c) => optionTitle(2, c))
  return d(
    `${model} 결선도 (${parts.map((p) => p.title).join(' / ')})`,
    `${model} Circuit Diagram (${parts.map((p) => p.title_en).join(' / ')})`,
    `${model} ${power} ${control} ${option}`,
    files,
  )
}

export const SERVICE_DOCUMENTS: Record<number, ServiceDocSeed[]> = {
  1: [
    d('TM 시리즈 카탈로그 (BASIC·INTEGRAL·SMART)', 'TM Series Catalog (BASIC, INTEGRAL, SMART)', 'TM EA KO EN'),
    d('TM SMART 카탈로그', 'TM SMART Catalog', 'TM EA KO', 'ko'),
    d('TX 부분회전 액추에이터 카탈로그', 'TX Part-turn Actuator Catalog', 'TX EA KO EN'),
    d('TX 방폭형 카탈로그', 'TX Explosion-proof Catalog', 'TX EA KO', 'ko'),
    d('TQ 소형 쿼터턴 카탈로그', 'TQ Compact Quarter-turn Catalog', 'TQ EA KO', 'ko'),
    d('LTMD-O 리니어 액추에이터 카탈로그', 'LTMD-O Linear Actuator Catalog', 'LTMD-O EA EN', 'en'),
    d('WT 수중형 액추에이터 카탈로그', 'WT Submersible Actuator Catalog', 'WT EA KO EN'),
    d('TM 수문 권양기 카탈로그', 'TM Gate Hoist Catalog', 'TM GH EN', 'en'),
    d('TX 유압식 수문 권양기 카탈로그', 'TX Hydraulic Gate Hoist Catalog', 'TX GH KO', 'ko'),
    d('대한액추에이터 종합 카탈로그 2026', 'Daehan Actuator General Catalog 2026', `${ALL_MODELS} EA GH KO EN`),
  ],
  2: [
    circuit('TM', 'AC380-3P', 'ONOFF', 'STD', 'ko'),
    circuit('TM', 'AC380-3P', 'ONOFF', 'EXP'),
    circuit('TM', 'AC380-3P', 'MOD', 'POS', 'ko'),
    circuit('TM', 'AC440-3P', 'INT', 'STD'),
    circuit('TM', 'AC440-3P', 'INT', 'MODBUS', 'ko'),
    circuit('TM', 'AC380-3P', 'SMART', 'MODBUS'),
    circuit('TM', 'DC24', 'SMART', 'PROFIBUS', 'en'),
    circuit('TX', 'AC380-3P', 'ONOFF', 'STD', 'ko'),
    circuit('TX', 'AC220-1P', 'MOD', 'POS'),
    circuit('TX', 'DC24', 'INT', 'STD', 'ko'),
    circuit('TX', 'AC380-3P', 'INT', 'PROFIBUS'),
    circuit('TQ', 'DC24', 'ONOFF', 'STD', 'ko'),
    circuit('TQ', 'AC220-1P', 'MOD', 'POS', 'ko'),
    circuit('LTMD-O', 'AC220-1P', 'MOD', 'POS'),
    circuit('LTMD-O', 'DC24', 'MOD', 'STD', 'ko'),
    circuit('WT', 'AC380-3P', 'ONOFF', 'STD'),
    circuit('WT', 'AC440-3P', 'INT', 'MODBUS', 'ko'),
  ],
  3: [
    d('TM 외형도 (F10~F14)', 'TM Appearance Chart (F10-F14)', 'TM F10 F14 PDF CAD', 'ko cad'),
    d('TM 외형도 (F16~F25)', 'TM Appearance Chart (F16-F25)', 'TM F16 F25 PDF CAD', 'ko cad'),
    d('TM 외형도 (F30, 대형)', 'TM Appearance Chart (F30, large)', 'TM F30 PDF', 'ko'),
    d('TX 외형도 (F07~F10)', 'TX Appearance Chart (F07-F10)', 'TX F07 F10 PDF CAD', 'en cad'),
    d('TX 외형도 (F14~F16, 감속기 부착형)', 'TX Appearance Chart (F14-F16, with gearbox)', 'TX F14 F16 CAD', 'cad'),
    d('TX 외형도 (F25~F30)', 'TX Appearance Chart (F25-F30)', 'TX F25 F30 PDF CAD', 'en cad'),
    d('TQ 외형도 (F07)', 'TQ Appearance Chart (F07)', 'TQ F07 PDF'),
    d('LTMD-O 외형도 (요크 부착형)', 'LTMD-O Appearance Chart (yoke mounted)', 'LTMD-O F10 PDF CAD', 'ko cad'),
    d('WT 외형도 (F10~F16)', 'WT Appearance Chart (F10-F16)', 'WT F10 F14 F16 PDF', 'ko'),
    d('WT 외형도 (연장 스핀들 포함)', 'WT Appearance Chart (with extension spindle)', 'WT F16 CAD', 'cad'),
  ],
  4: [
    d('TM 토크표 (AC 380V 3상)', 'TM Torque Table (AC 380V 3Ph)', 'TM AC380-3P S2 S4'),
    d('TM 토크표 (AC 440V 3상)', 'TM Torque Table (AC 440V 3Ph)', 'TM AC440-3P S2 S4', 'en'),
    d('TM 토크표 (DC 24V)', 'TM Torque Table (DC 24V)', 'TM DC24 S2', 'en'),
    d('TX 토크표 (AC 380V 3상)', 'TX Torque Table (AC 380V 3Ph)', 'TX AC380-3P S2 S4'),
    d('TX 토크표 (AC 220V 1상)', 'TX Torque Table (AC 220V 1Ph)', 'TX AC220-1P S2', 'ko'),
    d('TQ 토크표 (AC 220V 1상·DC 24V)', 'TQ Torque Table (AC 220V 1Ph, DC 24V)', 'TQ AC220-1P DC24 S2 S4'),
    d('LTMD-O 추력·토크표', 'LTMD-O Thrust & Torque Table', 'LTMD-O AC220-1P AC380-3P S9', 'ko'),
    d('WT 토크표', 'WT Torque Table', 'WT AC380-3P AC440-3P S2'),
    d(
      '전 모델 토크 선정표',
      'Torque Selection Table (All Models)',
      `${ALL_MODELS} AC220-1P AC380-3P AC440-3P DC24 S2 S4 S9`,
      'en',
    ),
  ],
  5: [
    d('TM SMART 설정 프로그램 Smart Link v1.8', 'TM SMART Setup Program Smart Link v1.8', 'TM SETUP BT MODBUS', 'en'),
    d('TM SMART 펌웨어 v2.3', 'TM SMART Firmware v2.3', 'TM FW', 'en'),
    d('TM SMART GSD 파일 (Profibus DP)', 'TM SMART GSD File (Profibus DP)', 'TM DD PROFIBUS', 'en gsd'),
    d('TM INTEGRAL 펌웨어 v3.1', 'TM INTEGRAL Firmware v3.1', 'TM FW'),
    d('TX 설정 프로그램 v2.4', 'TX Setup Program v2.4', 'TX SETUP MODBUS', 'ko'),
    d('TX GSD 파일 (Profibus DP)', 'TX GSD File (Profibus DP)', 'TX DD PROFIBUS', 'en gsd'),
    d('TQ 펌웨어 업데이트 v1.2', 'TQ Firmware Update v1.2', 'TQ FW', 'en'),
    d('LTMD-O 포지셔너 설정 프로그램', 'LTMD-O Positioner Setup Program', 'LTMD-O SETUP MODBUS'),
    d(
      'Daehan Config 통합 설정 프로그램 v4.0',
      'Daehan Config Unified Setup Program v4.0',
      `${ALL_MODELS} SETUP MODBUS PROFIBUS BT`,
      'ko en',
      'https://download.example.com/daehan-actuator/daehan-config-4.0',
    ),
  ],
  6: [
    d('TM KC 인증서', 'TM KC Certificate', 'KC TM', 'ko'),
    d('TM CE 적합성 선언서', 'TM CE Declaration of Conformity', 'CE TM', 'en'),
    d('TM 방폭 인증서 (KCs Ex db IIB T4)', 'TM Explosion-proof Certificate (KCs Ex db IIB T4)', 'KCS TM'),
    d('TM SMART SIL 2 인증서', 'TM SMART SIL 2 Certificate', 'SIL TM', 'en'),
    d('TX KC 인증서', 'TX KC Certificate', 'KC TX', 'ko'),
    d('TX ATEX 인증서', 'TX ATEX Certificate', 'ATEX TX', 'en'),
    d('TX IECEx 인증서', 'TX IECEx Certificate', 'IECEX TX', 'en'),
    d('TQ CE 적합성 선언서', 'TQ CE Declaration of Conformity', 'CE TQ', 'en'),
    d('WT IP68 침수 시험 성적서 (수심 20 m)', 'WT IP68 Submersion Test Report (20 m head)', 'IP68 WT'),
    d('LTMD-O KC 인증서', 'LTMD-O KC Certificate', 'KC LTMD-O', 'ko'),
  ],
  7: [
    d('TM 액추에이터 설치 방향 FAQ', 'TM Actuator Mounting Orientation FAQ', 'INSTALL TM', 'ko'),
    d('TM 결선도 해석 FAQ (리밋·토크 스위치)', 'TM Circuit Diagram FAQ (Limit & Torque Switches)', 'WIRING TM'),
    d('TM SMART 블루투스 연결 FAQ', 'TM SMART Bluetooth Connection FAQ', 'SETTING COMM TM', 'ko'),
    d('TX 작동 시간 조정 FAQ', 'TX Operating Time Adjustment FAQ', 'SETTING TX'),
    d('TX 토크 트립 고장 진단 FAQ', 'TX Torque Trip Troubleshooting FAQ', 'TROUBLE TX', 'en'),
    d('TQ DC 24V 전원 결선 FAQ', 'TQ DC 24V Power Wiring FAQ', 'WIRING TQ'),
    d('LTMD-O 헌팅 (진동) 현상 FAQ', 'LTMD-O Hunting (Oscillation) FAQ', 'TROUBLE SETTING LTMD-O', 'ko'),
    d('WT 침수 후 점검 FAQ', 'WT Inspection after Flooding FAQ', 'TROUBLE WT'),
    d('Modbus 통신 오류 FAQ (TM·TX)', 'Modbus Communication Error FAQ (TM, TX)', 'COMM TM TX', 'ko'),
    d('수동 조작 및 핸들 휠 FAQ', 'Manual Operation & Handwheel FAQ', 'INSTALL TM TX TQ WT'),
  ],
  8: [
    d('TM 기초 교육 교재', 'TM Basic Training Textbook', 'BASIC TEXT TM', 'ko'),
    d(
      'TM SMART 시운전 교육 동영상',
      'TM SMART Commissioning Training Video',
      'COMMISSION VIDEO TM',
      'ko',
      'https://video.example.com/daehan-actuator/tm-smart-commissioning',
    ),
    d('TM INTEGRAL 시운전 실습 시트', 'TM INTEGRAL Commissioning Practice Sheet', 'COMMISSION SHEET TM'),
    d('TX 기초 교육 교재', 'TX Basic Training Textbook', 'BASIC TEXT TX', 'ko'),
    d('TX 정비 교육 교재', 'TX Maintenance Training Textbook', 'MAINT TEXT TX'),
    d(
      'TQ 기초 교육 동영상',
      'TQ Basic Training Video',
      'BASIC VIDEO TQ',
      'ko',
      'https://video.example.com/daehan-actuator/tq-basic',
    ),
    d(
      'LTMD-O 포지셔너 교정 실습 시트',
      'LTMD-O Positioner Calibration Practice Sheet',
      'COMMISSION SHEET LTMD-O',
      'ko',
    ),
    d('WT 수중형 정비 교육 교재', 'WT Submersible Maintenance Training Textbook', 'MAINT TEXT WT'),
    d(
      '전동 액추에이터 운전자 교육 교재 (공통)',
      'Electric Actuator Operator Training Textbook (Common)',
      `BASIC TEXT ${ALL_MODELS}`,
      'en',
    ),
  ],
  9: [
    d(
      'TM BASIC 취급설명서 (설치·운전·정비)',
      'TM BASIC Instruction Manual (Installation, Operation, Maintenance)',
      'DAILY MONTHLY ANNUAL TM',
    ),
    d('TM SMART 취급설명서', 'TM SMART Instruction Manual', 'DAILY ANNUAL TM', 'ko'),
    d('TM 연간 점검 체크리스트', 'TM Annual Inspection Checklist', 'ANNUAL TM', 'ko'),
    d('TX 취급설명서', 'TX Instruction Manual', 'DAILY MONTHLY TX'),
    d('TX 장기 보관 지침', 'TX Long-term Storage Guidelines', 'STORAGE TX', 'ko'),
    d('TQ 취급설명서', 'TQ Instruction Manual', 'DAILY TQ'),
    d('LTMD-O 월간 점검 지침', 'LTMD-O Monthly Inspection Guidelines', 'MONTHLY LTMD-O', 'en'),
    d('WT 수중형 취급설명서', 'WT Submersible Instruction Manual', 'DAILY ANNUAL WT'),
    d(
      '전동 액추에이터 장기 보관 및 설치 전 점검 지침',
      'Electric Actuator Long-term Storage & Pre-installation Guidelines',
      `STORAGE ${ALL_MODELS}`,
      'ko',
    ),
  ],
  10: [
    d('TM BASIC 리밋·토크 설정 매뉴얼', 'TM BASIC Limit & Torque Setting Manual', 'TM ONOFF LIMIT TORQUE'),
    d('TM INTEGRAL 설정 매뉴얼', 'TM INTEGRAL Setting Manual', 'TM INT LIMIT TORQUE', 'ko'),
    d('TM INTEGRAL 포지셔너 설정 매뉴얼', 'TM INTEGRAL Positioner Setting Manual', 'TM INT MOD POS'),
    d('TM SMART 비접촉 설정 매뉴얼', 'TM SMART Non-intrusive Setting Manual', 'TM SMART LIMIT TORQUE', 'en'),
    d('TM SMART Modbus 통신 설정 매뉴얼', 'TM SMART Modbus Communication Setting Manual', 'TM SMART COMM', 'en'),
    d('TX 리밋 설정 매뉴얼', 'TX Limit Setting Manual', 'TX ONOFF LIMIT'),
    d('TX 포지셔너 설정 매뉴얼 (4-20mA)', 'TX Positioner Setting Manual (4-20mA)', 'TX MOD POS', 'ko'),
    d('TQ 캠 리밋 설정 매뉴얼', 'TQ Cam Limit Setting Manual', 'TQ ONOFF LIMIT'),
    d('LTMD-O 행정 및 포지셔너 설정 매뉴얼', 'LTMD-O Stroke & Positioner Setting Manual', 'LTMD-O MOD LIMIT POS', 'ko'),
    d('WT 토크 설정 매뉴얼', 'WT Torque Setting Manual', 'WT ONOFF TORQUE'),
  ],
  11: [
    d('TM 모터 교체 절차서', 'TM Motor Replacement Procedure', 'TM MOTOR REPLACE', 'en'),
    d('TM 리밋 스위치 교체 절차서', 'TM Limit Switch Replacement Procedure', 'TM LS REPLACE'),
    d('TM SMART 제어 기판 교체 절차서', 'TM SMART Control Board Replacement Procedure', 'TM BOARD REPLACE', 'ko'),
    d('TM 웜 기어 수리 절차서', 'TM Worm Gear Repair Procedure', 'TM GEAR REPAIR'),
    d('TX 토크 스위치 교체 절차서', 'TX Torque Switch Replacement Procedure', 'TX TS REPLACE', 'ko'),
    d('TX 기어 점검 및 수리 절차서', 'TX Gear Inspection & Repair Procedure', 'TX GEAR INSPECT REPAIR'),
    d('TQ 제어 기판 수리 절차서', 'TQ Control Board Repair Procedure', 'TQ BOARD REPAIR', 'en'),
    d('LTMD-O 볼 스크루 점검 절차서', 'LTMD-O Ball Screw Inspection Procedure', 'LTMD-O GEAR INSPECT'),
    d('WT 씰 키트 교체 절차서', 'WT Seal Kit Replacement Procedure', 'WT SEAL REPLACE', 'ko'),
    d('A/S 접수 및 수리 절차 안내', 'A/S Request & Repair Procedure', `${ALL_MODELS} REPAIR INSPECT`, 'ko'),
  ],
  12: [
    d('TM 원자력 Class 1E 정비 절차서', 'TM Nuclear Class 1E Maintenance Procedure', 'TM 1E PROC'),
    d('TM 원자력 환경검증 보고서 요약', 'TM Nuclear Environmental Qualification Report Summary', 'TM 1E EQ', 'en'),
    d('TM 원자력 Class 1E 부품 교체 지침', 'TM Nuclear Class 1E Parts Replacement Guidelines', 'TM 1E PARTS', 'ko'),
    d('TX 원자력 Class 1E 정비 절차서', 'TX Nuclear Class 1E Maintenance Procedure', 'TX 1E PROC'),
    d('TX 원자력 비안전등급 정비 절차서', 'TX Nuclear Non-1E Maintenance Procedure', 'TX NON1E PROC', 'en'),
    d('TQ 원자력 비안전등급 부품 교체 지침', 'TQ Nuclear Non-1E Parts Replacement Guidelines', 'TQ NON1E PARTS'),
    d(
      'LTMD-O 원자력 환경검증 보고서 요약',
      'LTMD-O Nuclear Environmental Qualification Report Summary',
      'LTMD-O 1E EQ',
      'en',
    ),
    d('원자력 A/S 기술 지원 절차', 'Nuclear A/S Technical Support Procedure', 'TM TX TQ LTMD-O 1E NON1E SUPPORT', 'ko'),
    d('TX 수문 권양기 원자력 취수구 A/S 사례', 'TX Gate Hoist Nuclear Intake A/S Case', 'TX NON1E SUPPORT'),
  ],
}
