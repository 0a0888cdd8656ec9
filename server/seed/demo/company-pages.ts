import type { Storage } from '#server/services/files/storage.ts'
import { clients, workplaces } from '#server/db/schema.ts'
import type { Tx } from './demo-files.ts'
import { createFileBatch } from './file-batch.ts'

/** Map frames: an embeddable OpenStreetMap view around each site (no API key needed). */
const osm = (lon: number, lat: number) =>
  `https://www.openstreetmap.org/export/embed.html?bbox=${(lon - 0.01).toFixed(4)}%2C${(lat - 0.006).toFixed(4)}%2C${(lon + 0.01).toFixed(4)}%2C${(lat + 0.006).toFixed(4)}&layer=mapnik&marker=${lat}%2C${lon}`

const WORKPLACES = [
  {
    title: '본사 / 제1공장',
    title_en: 'HQ / Factory',
    map: osm(127.5606, 37.2385),
    roles: '경영지원·영업 본부\n전동 액추에이터 조립·시험\n품질보증',
    roles_en: 'Management and sales headquarters\nElectric actuator assembly and testing\nQuality assurance',
    address: '경기도 여주시 가남읍 산업단지로 87',
    address_en: '87 Saneopdanji-ro, Ganam-eup, Yeoju-si, Gyeonggi-do, Korea',
    tel: '031-880-1987',
    fax: '031-880-1988',
  },
  {
    title: '대구공장 / 기술연구소',
    title_en: 'Daegu Factory / R&D',
    map: osm(128.4131, 35.6536),
    roles: '수문 권양기·대형 액추에이터 생산 (2022년 설립)\n제품 개발·인증 시험\n스마트 제어기 연구',
    roles_en:
      'Gate hoists and large actuators (opened 2022)\nProduct development and certification testing\nSmart controller research',
    address: '대구광역시 달성군 구지면 국가산단대로 52',
    address_en: '52 Gukgasandan-daero, Guji-myeon, Dalseong-gun, Daegu, Korea',
    tel: '053-610-2022',
    fax: '053-610-2023',
  },
  {
    title: '서울사무소',
    title_en: 'Seoul Office',
    map: osm(126.8826, 37.4786),
    roles: '국내 영업·대리점 지원\n해외 영업\nIR·공시',
    roles_en: 'Domestic sales and agency support\nOverseas sales\nInvestor relations',
    address: '서울특별시 금천구 가산디지털1로 168, 11층',
    address_en: '11F, 168 Gasan digital 1-ro, Geumcheon-gu, Seoul, Korea',
    tel: '02-2108-1987',
    fax: '02-2108-1988',
  },
  {
    title: '베트남 공장',
    title_en: 'Vietnam Factory',
    map: osm(106.6297, 10.8231),
    roles: '동남아시아 공급 거점 생산\n현지 A/S 센터',
    roles_en: 'Production for Southeast Asian supply\nLocal after-sales service centre',
    address: '베트남 호찌민시 떤빈군 떤빈 산업단지 12번 도로',
    address_en: 'Road 12, Tan Binh Industrial Park, Tan Binh District, Ho Chi Minh City, Vietnam',
    tel: '+84-28-3815-1987',
    fax: '+84-28-3815-1988',
  },
]

const CLIENTS: Record<string, [string, string][]> = {
  oil_gas: [
    ['한국석유공사', 'KNOC'],
    ['한국가스공사', 'KOGAS'],
    ['에스오일', 'S-OIL'],
    ['GS칼텍스', 'GS Caltex'],
    ['아람코', 'Saudi Aramco'],
    ['ADNOC', 'ADNOC'],
  ],
  power: [
    ['한국수력원자력', 'KHNP'],
    ['한국남동발전', 'KOEN'],
    ['한국서부발전', 'KOWEPO'],
    ['두산에너빌리티', 'Doosan Enerbility'],
    ['한국전력기술', 'KEPCO E&C'],
  ],
  waterworks: [
    ['한국수자원공사', 'K-water'],
    ['서울특별시 상수도사업본부', 'Seoul Waterworks'],
    ['한국환경공단', 'K-eco'],
    ['한국농어촌공사', 'KRC'],
    ['부산광역시 상수도사업본부', 'Busan Waterworks'],
  ],
  other: [
    ['현대건설', 'Hyundai E&C'],
    ['삼성물산', 'Samsung C&T'],
    ['포스코이앤씨', 'POSCO E&C'],
    ['한화오션', 'Hanwha Ocean'],
    ['롯데케미칼', 'Lotte Chemical'],
  ],
}
const HUES: Record<string, number> = { oil_gas: 20, power: 45, waterworks: 200, other: 150 }

/** Workplaces and client logos of the company pages. */
export async function seedCompanyPagesContent(tx: Tx, storage: Storage): Promise<void> {
  await tx.insert(workplaces).values(
    WORKPLACES.map((w, i) => ({
      sort_order: i + 1,
      title: w.title,
      title_en: w.title_en,
      map_url: w.map,
      map_url_en: `${w.map}&lang=en`,
      roles: w.roles,
      roles_en: w.roles_en,
      address: w.address,
      address_en: w.address_en,
      tel: w.tel,
      fax: w.fax,
    })),
  )
  const batch = createFileBatch(storage)
  const rows = Object.entries(CLIENTS).flatMap(([sector, list]) =>
    list.map(([name, nameEn]) => ({ sector, name, name_en: nameEn })),
  )
  const logos = rows.map((row, i) => ({
    ...row,
    sort_order: i + 1,
    logo: batch.svg(`clients/${row.sector}-${i + 1}.svg`, {
      width: 240,
      height: 120,
      label: row.name_en,
      hue: HUES[row.sector],
    }),
  }))
  await batch.flush(tx)
  await tx.insert(clients).values(logos)
}
