import type { siteSettings } from '#server/db/schema.ts'

/** Fictional but plausible company facts for the demo site. */
export const demoSiteSettings = {
  id: 1,
  company_name: '㈜대한액추에이터',
  company_name_en: 'Daehan Actuator Co., Ltd.',
  ceo: '김도현',
  ceo_en: 'Kim Do-hyeon',
  hq_address: '경기도 여주시 가남읍 산업단지로 87 (본사·제1공장)',
  hq_address_en: '87 Saneopdanji-ro, Ganam-eup, Yeoju-si, Gyeonggi-do, Korea (HQ & 1st Factory)',
  seoul_address: '서울특별시 금천구 가산디지털1로 168, 11층 (서울사무소)',
  seoul_address_en: '11F, 168 Gasan digital 1-ro, Geumcheon-gu, Seoul, Korea (Seoul Office)',
  daegu_address: '대구광역시 달성군 구지면 국가산단대로 52 (제2공장·기술연구소)',
  daegu_address_en: '52 Gukgasandan-daero, Guji-myeon, Dalseong-gun, Daegu, Korea (2nd Factory & R&D)',
  business_numbers: '본사: 126-81-01987\n대구공장: 514-85-02022',
  business_numbers_en: 'HQ: 126-81-01987\nDaegu factory: 514-85-02022',
  phone: '031-880-1987',
  fax: '031-880-1988',
  vr_url_ko: 'https://vr.example.com/daehan-actuator/ko/',
  vr_url_en: 'https://vr.example.com/daehan-actuator/en/',
  vr_url_ru: 'https://vr.example.com/daehan-actuator/ru/',
  groupware_url: 'https://gw.example.com/',
  ir_stock_url: 'https://ir.example.com/daehan-actuator/stock',
  ir_disclosure_url: 'https://ir.example.com/daehan-actuator/disclosure',
  sales_phone: '031-880-1990',
  sales_email: 'sales@daehan-actuator.example',
  as_phone: '031-880-1995',
} satisfies typeof siteSettings.$inferInsert
