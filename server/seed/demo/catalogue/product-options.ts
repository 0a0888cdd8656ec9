/** Options of the type-2 products (the option modals of the product page), by product id. */

export type OptionSeed = { title: string; title_en: string; content: string; content_en: string }

const LIMIT_SWITCH: OptionSeed = {
  title: '기계식 리밋 스위치',
  title_en: 'Mechanical limit switch',
  content:
    '<p>열림·닫힘 위치에 각 2 EA씩 추가 리밋 스위치를 장착하여 중간 위치 신호나 인터록 신호를 외부로 보낼 수 있습니다.</p><ul><li>접점 용량: AC 250 V 5 A</li><li>접점 구성: 1a1b (SPDT)</li></ul>',
  content_en:
    '<p>Two extra limit switches at each of the open and closed positions send intermediate-position or interlock signals to the outside.</p><ul><li>Contact rating: 250 V AC, 5 A</li><li>Contacts: SPDT (1 NO + 1 NC)</li></ul>',
}
const EXPLOSION_PROOF: OptionSeed = {
  title: '방폭 사양',
  title_en: 'Explosion-proof',
  content:
    '<p>가스 위험 장소(Zone 1, 2)에 설치할 수 있는 내압 방폭 구조입니다.</p><ul><li>방폭 등급: Ex db IIB T4 Gb</li><li>인증: KCs, ATEX, IECEx</li></ul>',
  content_en:
    '<p>Flameproof enclosure for hazardous gas areas (Zone 1 and 2).</p><ul><li>Protection: Ex db IIB T4 Gb</li><li>Certificates: KCs, ATEX, IECEx</li></ul>',
}
const FIELDBUS: OptionSeed = {
  title: 'Modbus/Profibus 통신',
  title_en: 'Modbus/Profibus communication',
  content:
    '<p>통신 카드를 장착하여 DCS·PLC에서 운전 명령, 개도, 알람 상태를 주고받습니다.</p><ul><li>Modbus RTU (RS-485, 최대 115.2 kbps)</li><li>Profibus DP-V1 (최대 1.5 Mbps)</li><li>이중화 통신 선로 선택 가능</li></ul>',
  content_en:
    '<p>A fieldbus card exchanges run commands, position and alarm status with the DCS or PLC.</p><ul><li>Modbus RTU (RS-485, up to 115.2 kbps)</li><li>Profibus DP-V1 (up to 1.5 Mbps)</li><li>Redundant bus lines available</li></ul>',
}
const HANDWHEEL: OptionSeed = {
  title: '핸들 휠',
  title_en: 'Handwheel',
  content:
    '<p>정전이나 시운전 시 밸브를 수동으로 조작합니다. 높은 위치에 설치된 경우 체인 휠로 바꿀 수 있습니다.</p><ul><li>클러치 레버로 수동/전동 전환</li><li>모터 기동 시 자동 복귀</li></ul>',
  content_en:
    '<p>Operates the valve by hand during power failure or commissioning. A chain wheel is available for high installations.</p><ul><li>Clutch lever switches between manual and motor drive</li><li>Automatic return to motor drive on start</li></ul>',
}
const POSITIONER: OptionSeed = {
  title: '포지셔너 (4–20 mA)',
  title_en: 'Positioner (4–20 mA)',
  content:
    '<p>4–20 mA 입력 신호에 따라 밸브 개도를 조절하고, 현재 개도를 4–20 mA로 출력합니다.</p><ul><li>분해능 0.5 %</li><li>신호 상실 시 동작 선택 (정지, 열림, 닫힘)</li></ul>',
  content_en:
    '<p>Positions the valve from a 4–20 mA input and returns the actual position as 4–20 mA.</p><ul><li>Resolution 0.5 %</li><li>Selectable action on signal loss (stay, open, close)</li></ul>',
}
const SPACE_HEATER: OptionSeed = {
  title: '스페이스 히터',
  title_en: 'Space heater',
  content:
    '<p>스위치 실의 결로를 막기 위한 히터입니다. 습도가 높은 옥외나 지하 밸브실에 권장합니다.</p><ul><li>AC 220 V, 10 W</li></ul>',
  content_en:
    '<p>Prevents condensation in the switch compartment; recommended for humid outdoor sites and underground valve chambers.</p><ul><li>220 V AC, 10 W</li></ul>',
}
const GATE_INDICATOR: OptionSeed = {
  title: '개도계',
  title_en: 'Gate opening indicator',
  content:
    '<p>수문 열림량을 현장 눈금판과 4–20 mA 신호로 표시합니다.</p><ul><li>표시 범위: 0 ~ 최대 양정</li><li>정밀도: ±1 %</li></ul>',
  content_en:
    '<p>Shows the gate opening on a local dial and as a 4–20 mA signal.</p><ul><li>Range: 0 to full lift</li><li>Accuracy: ±1 %</li></ul>',
}
const SCADA: OptionSeed = {
  title: '원격 감시 (SCADA)',
  title_en: 'Remote monitoring (SCADA)',
  content:
    '<p>통합 물관리 SCADA와 연동하여 수문 상태를 원격으로 감시하고 운전합니다.</p><ul><li>Modbus TCP / DNP3</li><li>LTE 무선 모뎀 선택 가능</li></ul>',
  content_en:
    '<p>Links to the water-management SCADA to monitor and operate the gate remotely.</p><ul><li>Modbus TCP / DNP3</li><li>Optional LTE wireless modem</li></ul>',
}

export const PRODUCT_OPTIONS: Record<number, OptionSeed[]> = {
  3: [LIMIT_SWITCH, HANDWHEEL, EXPLOSION_PROOF, SPACE_HEATER, POSITIONER],
  4: [
    FIELDBUS,
    POSITIONER,
    EXPLOSION_PROOF,
    HANDWHEEL,
    {
      title: '비상 차단 (ESD)',
      title_en: 'Emergency shutdown (ESD)',
      content: '<p>비상 신호 입력 시 현장/원격 선택과 관계없이 설정된 방향으로 밸브를 구동합니다.</p>',
      content_en:
        '<p>On an emergency signal the valve runs to the preset position regardless of the local/remote selection.</p>',
    },
  ],
  5: [
    FIELDBUS,
    {
      title: '블루투스 설정 툴',
      title_en: 'Bluetooth setup tool',
      content:
        '<p>스마트폰 앱 또는 노트북용 Smart Link 프로그램으로 설정값과 운전 이력을 확인합니다.</p><ul><li>통신 거리 최대 10 m</li><li>비밀번호 보호</li></ul>',
      content_en:
        '<p>Check settings and operating history with the smartphone app or the Smart Link program for laptops.</p><ul><li>Range up to 10 m</li><li>Password protected</li></ul>',
    },
    EXPLOSION_PROOF,
    {
      title: 'SIL 2 인증 사양',
      title_en: 'SIL 2 certified version',
      content: '<p>IEC 61508에 따른 SIL 2 안전 기능(비상 차단)을 제공합니다.</p>',
      content_en: '<p>Provides a SIL 2 safety function (emergency shutdown) according to IEC 61508.</p>',
    },
    HANDWHEEL,
    {
      title: '데이터 로거 확장',
      title_en: 'Extended data logger',
      content: '<p>운전 이력 저장 용량을 30,000건으로 늘리고 토크 곡선을 기록합니다.</p>',
      content_en: '<p>Extends the event memory to 30,000 entries and records torque curves.</p>',
    },
  ],
  6: [
    LIMIT_SWITCH,
    EXPLOSION_PROOF,
    FIELDBUS,
    HANDWHEEL,
    POSITIONER,
    {
      title: '위치 발신기 (4–20 mA)',
      title_en: 'Position transmitter (4–20 mA)',
      content: '<p>2선식 위치 발신기로 밸브 개도를 4–20 mA 신호로 보냅니다.</p>',
      content_en: '<p>A two-wire transmitter sends the valve position as a 4–20 mA signal.</p>',
    },
  ],
  8: [LIMIT_SWITCH, HANDWHEEL, SPACE_HEATER, POSITIONER],
  9: [
    POSITIONER,
    EXPLOSION_PROOF,
    FIELDBUS,
    HANDWHEEL,
    {
      title: '페일 세이프 (슈퍼 커패시터)',
      title_en: 'Fail-safe (supercapacitor)',
      content: '<p>정전 시 슈퍼 커패시터에 저장된 에너지로 밸브를 안전 위치까지 구동합니다.</p>',
      content_en: '<p>On power loss, energy stored in a supercapacitor drives the valve to its safe position.</p>',
    },
  ],
  10: [
    {
      title: '방수 케이블 글랜드',
      title_en: 'Watertight cable gland',
      content: '<p>수심 20 m에서도 누수 없는 수지 충전형 케이블 인입구입니다.</p>',
      content_en: '<p>Resin-filled cable entry that stays watertight at 20 m head.</p>',
    },
    {
      title: '핸들 휠 (연장 스핀들)',
      title_en: 'Handwheel (extension spindle)',
      content: '<p>수면 위에서 수중의 액추에이터를 수동 조작하는 연장 스핀들과 핸들입니다.</p>',
      content_en: '<p>Extension spindle and handwheel to operate the submerged actuator from above the water.</p>',
    },
    FIELDBUS,
    LIMIT_SWITCH,
  ],
  12: [
    GATE_INDICATOR,
    SCADA,
    {
      title: '과부하 보호 장치',
      title_en: 'Overload protection',
      content: '<p>수문 걸림이나 이물질로 하중이 커지면 권양기를 자동 정지시킵니다.</p>',
      content_en: '<p>Stops the hoist automatically when the load rises because the gate jams or debris builds up.</p>',
    },
    HANDWHEEL,
    {
      title: '태양광 전원',
      title_en: 'Solar power supply',
      content:
        '<p>전력선이 없는 현장을 위한 태양광 패널과 축전지 세트입니다.</p><ul><li>DC 24 V 구동 사양과 조합</li></ul>',
      content_en:
        '<p>Solar panel and battery set for sites without a power line.</p><ul><li>Combined with the 24 V DC drive</li></ul>',
    },
  ],
  13: [
    {
      title: '유압 파워 유닛 이중화',
      title_en: 'Redundant hydraulic power unit',
      content: '<p>펌프와 모터를 2조로 구성하여 한쪽 고장 시에도 수문을 운전합니다.</p>',
      content_en: '<p>Two pump and motor sets keep the gate in service if one fails.</p>',
    },
    GATE_INDICATOR,
    SCADA,
    {
      title: '비상 수동 펌프',
      title_en: 'Emergency hand pump',
      content: '<p>정전 시 수동 펌프로 수문을 열거나 닫습니다.</p>',
      content_en: '<p>Opens or closes the gate with a hand pump during power failure.</p>',
    },
    EXPLOSION_PROOF,
  ],
}
