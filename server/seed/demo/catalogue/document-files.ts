import { makePdf } from '../demo-files.ts'
import { type FileBatch, originStem } from '../file-batch.ts'

/** The 12 classifications shared by the reference archive and the service second depths. */
export const KINDS: Record<number, { ko: string; en: string; body: string[] }> = {
  1: {
    ko: '카탈로그',
    en: 'Catalog',
    body: [
      'Contents: product overview, specifications, dimensions, ordering code.',
      'Enclosure IP68, motor insulation class F, ambient -25 to +70 C.',
      'Ordering code example: TM-BASIC-030-F10-380-3-S.',
    ],
  },
  2: {
    ko: '결선도',
    en: 'Circuit diagram',
    body: [
      'Terminals 1, 2, 3: main power L1, L2, L3.',
      'Terminals 10 / 11: OPEN / CLOSE command, 24 V DC.',
      'Terminals 20 - 23: limit switch contacts LSO / LSC.',
      'Terminals 24 - 27: torque switch contacts TSO / TSC.',
      'Terminals 30 / 31: space heater, 220 V AC.',
    ],
  },
  3: {
    ko: '외형도',
    en: 'Appearance chart',
    body: [
      'Overall dimensions in mm; general tolerance +/- 1 mm.',
      'Valve flange to ISO 5210 (multi-turn) / ISO 5211 (part-turn).',
      'Weight and handwheel clearance are listed for each size.',
    ],
  },
  4: {
    ko: '토크표',
    en: 'Torque table',
    body: [
      'Size  | Torque (N.m)  | Output speed (rpm) | Motor (kW)',
      '030   | 30 - 60       | 18 - 144           | 0.09 - 0.37',
      '120   | 120 - 250     | 18 - 144           | 0.25 - 1.1',
      '500   | 500 - 1,000   | 18 - 96            | 1.1 - 3.0',
      '3000  | 1,500 - 3,000 | 18 - 48            | 3.0 - 7.5',
    ],
  },
  5: {
    ko: '소프트웨어',
    en: 'Software',
    body: [
      'Release notes and installation steps.',
      'Requirements: Windows 10 or later, USB or Bluetooth adapter.',
      'Back up the actuator parameters before any update.',
    ],
  },
  6: {
    ko: '인증서',
    en: 'Certification',
    body: [
      'Certificate holder: Daehan Actuator Co., Ltd.',
      'Scope: design and manufacture of electric valve actuators and gate hoists.',
      'Validity: as stated on the certificate; check the register of the issuing body.',
    ],
  },
  7: {
    ko: '자주 묻는 질문',
    en: 'Frequently asked questions',
    body: [
      'Q. The actuator does not move on a remote command.',
      'A. Check the LOCAL/REMOTE selector and the 24 V DC control supply.',
      'Q. The motor runs but the valve does not move.',
      'A. Check the clutch lever and the coupling key.',
      'Q. Torque trip while closing.',
      'A. Check the valve seat and the torque setting.',
    ],
  },
  8: {
    ko: '교육 자료',
    en: 'Training materials',
    body: [
      'Module 1: actuator construction and operating principle.',
      'Module 2: wiring and commissioning on site.',
      'Module 3: limit and torque setting practice.',
      'Module 4: safety rules and troubleshooting.',
    ],
  },
  9: {
    ko: '유지보수 지침서',
    en: 'Maintenance guidelines',
    body: [
      'Daily: check for abnormal noise, oil leakage and indicator lamps.',
      'Every 6 months: check cable glands, covers and bolts.',
      'Every year: run the valve over its full stroke and check the torque switches.',
      'Every 5 years: replace grease and seals.',
    ],
  },
  10: {
    ko: '설정 매뉴얼',
    en: 'Setting manual',
    body: [
      '1. Set the selector to LOCAL and drive the valve fully closed.',
      '2. Set the closed limit position and check the indicator.',
      '3. Drive the valve fully open and set the open limit.',
      '4. Set the torque values within the limits of the valve maker.',
    ],
  },
  11: {
    ko: '교체·수리 절차서',
    en: 'Replacement and repair',
    body: [
      'Disconnect power and lock out before opening any cover.',
      'Remove the part following the exploded view; record the settings first.',
      'Fit the new part, tighten to the stated torque and recheck the limits.',
    ],
  },
  12: {
    ko: '원자력 A/S',
    en: 'Nuclear power A/S',
    body: [
      'Applies to safety-related (Class 1E) and non-safety actuators in nuclear plants.',
      'Work under the plant quality programme (KEPIC / 10 CFR 50 Appendix B).',
      'Use only qualified spare parts with traceable certificates.',
    ],
  },
}

/** A one-page PDF for a document; the text is English (the PDF font has no Hangul). */
export function documentPdf(
  doc: { title_en: string; kind: number; date: string; ref: string },
  edition: 'ko' | 'en',
): Buffer {
  const kind = KINDS[doc.kind]
  return makePdf(doc.title_en, [
    'Daehan Actuator Co., Ltd.',
    `Document no.: ${doc.ref}    Issued: ${doc.date}`,
    `Classification: ${kind?.en ?? 'Document'}`,
    edition === 'ko'
      ? 'Edition: Korean (sample text in English: the built-in PDF font has no Hangul)'
      : 'Edition: English',
    '',
    ...(kind?.body ?? []),
    '',
    'Sample document of the demonstration website.',
  ])
}

/** A small stand-in for a CAD drawing (text; real DWG files are binary). */
export function cadFile(titleEn: string, ref: string): Buffer {
  return Buffer.from(
    `AC1032\nDAEHAN ACTUATOR DEMO DRAWING\nTITLE=${titleEn}\nDOC=${ref}\nUNITS=mm\nSCALE=1:5\n` +
      'LINE 0,0 400,0\nLINE 400,0 400,300\nLINE 400,300 0,300\nLINE 0,300 0,0\nCIRCLE 200,150 80\nEOF\n',
  )
}

/** A Profibus device description (GSD) file. */
export function gsdFile(model: string): Buffer {
  return Buffer.from(
    [
      '#Profibus_DP',
      'GSD_Revision = 5',
      'Vendor_Name = "Daehan Actuator Co., Ltd."',
      `Model_Name = "${model}"`,
      'Revision = "V1.8"',
      'Ident_Number = 0x0D1A',
      'Protocol_Ident = 0',
      'Station_Type = 0',
      '9.6_supp = 1',
      '19.2_supp = 1',
      '1.5M_supp = 1',
      'Module = "Position + Status" 0x92',
      'EndModule',
      '',
    ].join('\r\n'),
  )
}

export type DocFile = 'ko' | 'en' | 'cad' | 'gsd'

/**
 * Attaches a document's downloads: `<dir>/<id>-ko.pdf` (KOR), `<dir>/<id>-en.pdf` (ENG),
 * `<dir>/<id>.dwg` (CAD), `<dir>/<id>.gsd` (GSD), with Korean and English download names; each
 * file carries the document's number as its list shows it.
 */
export function attachDocumentFiles(
  batch: FileBatch,
  owner: { type: 'reference' | 'service'; id: number },
  doc: { title: string; title_en: string; kind: number; date: string; number: string },
  files: DocFile[],
): void {
  const dir = `documents/${owner.type}`
  // The number the lists show (doc_number), so the file and its entry agree.
  const ref = doc.number
  const meta = { title_en: doc.title_en, kind: doc.kind, date: doc.date, ref }
  const ko = originStem(doc.title)
  const en = originStem(doc.title_en)
  for (const f of files) {
    if (f === 'ko') batch.attach(owner, `${dir}/${owner.id}-ko.pdf`, `${ko}_국문.pdf`, 'KOR', documentPdf(meta, 'ko'))
    if (f === 'en') batch.attach(owner, `${dir}/${owner.id}-en.pdf`, `${en}_EN.pdf`, 'ENG', documentPdf(meta, 'en'))
    if (f === 'cad') batch.attach(owner, `${dir}/${owner.id}.dwg`, `${en}.dwg`, 'CAD', cadFile(doc.title_en, ref))
    if (f === 'gsd')
      batch.attach(
        owner,
        `${dir}/${owner.id}.gsd`,
        `${en}.gsd`,
        'GSD',
        gsdFile(doc.title_en.split(' GSD')[0] ?? doc.title_en),
      )
  }
}
