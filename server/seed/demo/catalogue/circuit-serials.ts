/**
 * Circuit diagrams found by serial number. A nameplate serial such as 'DA250100-A' is looked up
 * as code1 '25' and code2 '0100'; '25' + '01' matches every 25-01xx.
 */

export type SerialSeed = {
  code1: string
  code2: string
  model: string
  title: string
  title_en: string
  english: boolean
}

/** Model, Korean and English power labels. */
const VARIANTS: [model: string, power: string, powerEn: string][] = [
  ['TM-BASIC', 'AC380V 3상', 'AC380V 3Ph'],
  ['TM-INTEGRAL', 'AC440V 3상', 'AC440V 3Ph'],
  ['TM-SMART', 'AC380V 3상', 'AC380V 3Ph'],
  ['TX', 'AC220V 1상', 'AC220V 1Ph'],
  ['TQ-BASIC', 'DC24V', 'DC24V'],
  ['LTMD-O', 'AC220V 1상', 'AC220V 1Ph'],
  ['WT', 'AC380V 3상', 'AC380V 3Ph'],
  ['TX', 'AC380V 3상', 'AC380V 3Ph'],
  ['TM-SMART', 'DC24V', 'DC24V'],
  ['GATE-TM', 'AC380V 3상', 'AC380V 3Ph'],
  ['GATE-TX', 'AC440V 3상', 'AC440V 3Ph'],
]

const CODES: Record<string, string[]> = {
  '24': ['0312', '0313', '0587', '0588', '1024', '1190', '1452', '2031'],
  '25': [
    '0100',
    '0101',
    '0102',
    '0103',
    '0104',
    '0105',
    '0106',
    '0107',
    '0108',
    '0109',
    '0110',
    '0115',
    '0123',
    '0187',
    '0455',
    '0891',
    '1320',
    '2206',
  ],
  '26': ['0014', '0015', '0102', '0240', '0377', '0519', '0731', '0902', '1105', '1388'],
}

/** Where each year starts in VARIANTS (25-0100 is a TM-BASIC, AC380V 3-phase). */
const OFFSET: Record<string, number> = { '24': 5, '25': 0, '26': 8 }

export const CIRCUIT_SERIALS: SerialSeed[] = Object.entries(CODES).flatMap(([code1, list]) =>
  list.map((code2, i) => {
    const [model, power, powerEn] = VARIANTS[(i + (OFFSET[code1] ?? 0)) % VARIANTS.length]!
    return {
      code1,
      code2,
      model,
      title: `${model} 결선도 (${power})`,
      title_en: `${model} Circuit Diagram (${powerEn})`,
      english: i % 3 === 0,
    }
  }),
)
