/**
 * Sales and service agencies (all fictional). Domestic cards carry Korean and English
 * names; overseas partners keep their own (Latin-script) trading names in both languages.
 * title = area or country, name = company, description = coverage and contact.
 */
type Agency = {
  region: 'domestic' | 'asia' | 'middle_east' | 'americas' | 'europe'
  title: string
  title_en: string
  name: string
  name_en: string
  description: string
  description_en: string
}

const domestic = (
  title: string, title_en: string, name: string, name_en: string,
  coverage: string, coverage_en: string, tel: string,
): Agency => ({
  region: 'domestic',
  title,
  title_en,
  name,
  name_en,
  description: `${coverage} · T. ${tel}`,
  description_en: `${coverage_en} · T. +82-${tel.slice(1)}`,
})

export const domesticAgencies: Agency[] = [
  domestic('서울', 'Seoul', '세진플로우텍㈜', 'Sejin Flowtech Co., Ltd.',
    '수도권 정유·화학 플랜트 영업', 'Refinery and chemical plant sales, capital area', '02-2163-5820'),
  domestic('서울', 'Seoul', '㈜한결엔지니어링', 'Hangyeol Engineering Inc.',
    '발전소·지역난방 설비 영업 및 기술지원', 'Power and district heating sales and support', '02-6952-3310'),
  domestic('경기 북부', 'Northern Gyeonggi', '동아밸브시스템', 'Donga Valve System',
    '정수장·하수처리장 액추에이터 공급', 'Actuators for water and wastewater plants', '031-967-4402'),
  domestic('경기 남부', 'Southern Gyeonggi', '㈜유니콘트롤', 'Unicontrol Inc.',
    '반도체·산업단지 유틸리티 설비', 'Utility systems for semiconductor and industrial parks', '031-8059-2271'),
  domestic('인천', 'Incheon', '인천자동제어㈜', 'Incheon Automatic Control Co., Ltd.',
    '항만·LNG 인수기지 현장 A/S', 'Field service for ports and LNG terminals', '032-814-6630'),
  domestic('강원', 'Gangwon', '태백플랜트서비스', 'Taebaek Plant Service',
    '수력·양수발전소 정비', 'Maintenance for hydro and pumped-storage plants', '033-552-1948'),
  domestic('충북', 'Chungbuk', '청주계장㈜', 'Cheongju Instrumentation Co., Ltd.',
    '충북 지역 판매 및 시운전', 'Sales and commissioning in Chungcheongbuk-do', '043-265-7781'),
  domestic('충남', 'Chungnam', '서해에너지설비㈜', 'Seohae Energy Equipment Co., Ltd.',
    '대산 석유화학단지·서해안 화력발전소', 'Daesan petrochemical complex and west-coast power plants', '041-664-3052'),
  domestic('대전·세종', 'Daejeon & Sejong', '㈜한밭테크', 'Hanbat Tech Inc.',
    '연구시설 및 공공 수처리 설비', 'Research facilities and public water treatment', '042-936-4417'),
  domestic('전북', 'Jeonbuk', '새만금플로우㈜', 'Saemangeum Flow Co., Ltd.',
    '배수갑문·농업용수 수문 권양기', 'Gate hoists for sluices and irrigation', '063-464-2280'),
  domestic('광주·전남', 'Gwangju & Jeonnam', '남도밸브상사', 'Namdo Valve Trading',
    '광주·전남 서부 판매 및 A/S', 'Sales and service in Gwangju and western Jeonnam', '062-951-3368'),
  domestic('여수·광양', 'Yeosu & Gwangyang', '여수산단엔지니어링㈜', 'Yeosu Industrial Engineering Co., Ltd.',
    '여수 국가산단·광양 제철 설비', 'Yeosu national industrial complex and Gwangyang steelworks', '061-686-5524'),
  domestic('대구', 'Daegu', '㈜달구벌제어', 'Dalgubeol Control Inc.',
    '대구·경북 남부 판매 및 교육', 'Sales and training in Daegu and southern Gyeongbuk', '053-616-2205'),
  domestic('경북 북부', 'Northern Gyeongbuk', '안동수자원설비', 'Andong Water Resources Equipment',
    '댐·저수지 수문 설비 정비', 'Gate equipment maintenance for dams and reservoirs', '054-853-6120'),
  domestic('포항·울진', 'Pohang & Uljin', '동해파워텍㈜', 'Donghae Powertech Co., Ltd.',
    '원자력발전소 및 제철 설비', 'Nuclear power plants and steelworks', '054-278-9034'),
  domestic('울산', 'Ulsan', '울산프로세스㈜', 'Ulsan Process Co., Ltd.',
    '석유화학·정유 공정 밸브 자동화', 'Valve automation for petrochemical and refining processes', '052-227-4815'),
  domestic('부산', 'Busan', '㈜부산마린밸브', 'Busan Marine Valve Inc.',
    '조선·해양 플랜트 및 항만 설비', 'Shipbuilding, offshore plants and port facilities', '051-831-2746'),
  domestic('창원·김해', 'Changwon & Gimhae', '창원메카트로닉스㈜', 'Changwon Mechatronics Co., Ltd.',
    '기계 산업단지 및 발전 설비', 'Machinery industrial complexes and power equipment', '055-264-5198'),
  domestic('진주·사천', 'Jinju & Sacheon', '진주자동화', 'Jinju Automation',
    '경남 서부 상하수도 설비', 'Water and sewage facilities in western Gyeongnam', '055-753-8841'),
  domestic('제주', 'Jeju', '탐라워터텍', 'Tamna Watertech',
    '상하수도 및 해수 담수화 설비', 'Waterworks, sewage and desalination plants', '064-747-3390'),
  domestic('전국(원자력)', 'Nationwide (nuclear)', '㈜케이뉴클리어서비스', 'K-Nuclear Service Inc.',
    '원자력 안전등급 액추에이터 정비', 'Maintenance of nuclear safety-class actuators', '02-3472-6605'),
]

const overseas = (
  region: Agency['region'], title: string, title_en: string, name: string,
  coverage: string, coverage_en: string, contact: string,
): Agency => ({
  region,
  title,
  title_en,
  name,
  name_en: name,
  description: `${coverage} · ${contact}`,
  description_en: `${coverage_en} · ${contact}`,
})

export const overseasAgencies: Agency[] = [
  overseas('asia', '베트남(하노이)', 'Vietnam (Hanoi)', 'Hanoi Valve Automation Co., Ltd.',
    '베트남 북부 발전소·상수도', 'Power and water projects in northern Vietnam', 'T. +84-24-3795-2210'),
  overseas('asia', '베트남(호찌민)', 'Vietnam (Ho Chi Minh City)', 'Saigon Flow Control JSC',
    '베트남 남부 정유·가스 플랜트', 'Oil and gas plants in southern Vietnam', 'T. +84-28-3823-6417'),
  overseas('asia', '중국', 'China', 'Shanghai Huarui Fluid Control Co., Ltd.',
    '중국 화동 지역 판매 및 A/S', 'Sales and service in East China', 'T. +86-21-5489-3306'),
  overseas('asia', '인도네시아', 'Indonesia', 'PT Nusantara Valve Teknik',
    '정유 플랜트·화력발전소', 'Refineries and thermal power plants', 'T. +62-21-2956-4481'),
  overseas('asia', '말레이시아', 'Malaysia', 'Selangor Process Automation Sdn. Bhd.',
    '석유화학 및 팜유 가공 설비', 'Petrochemical and palm oil processing plants', 'T. +60-3-5569-2874'),
  overseas('asia', '태국', 'Thailand', 'Siam Actuation Co., Ltd.',
    '동부 임해 산업단지 판매', 'Sales in the Eastern Seaboard industrial estates', 'T. +66-38-602-415'),
  overseas('asia', '필리핀', 'Philippines', 'Luzon Industrial Controls Inc.',
    '상수도·발전 설비', 'Waterworks and power generation', 'T. +63-2-8817-3920'),
  overseas('asia', '인도', 'India', 'Deccan Flow Systems Pvt. Ltd.',
    '인도 서부 정유·수처리 설비', 'Refining and water treatment in western India', 'T. +91-22-2857-6634'),
  overseas('asia', '카자흐스탄', 'Kazakhstan', 'Astana Industrial Valve LLP',
    '중앙아시아 송유관·가스 설비', 'Pipelines and gas facilities in Central Asia', 'T. +7-7172-57-4120'),
  overseas('middle_east', '사우디아라비아', 'Saudi Arabia', 'Al Noor Valve Trading Est.',
    '동부 지역 정유·가스 플랜트', 'Refineries and gas plants in the Eastern Province', 'T. +966-13-812-4470'),
  overseas('middle_east', '아랍에미리트', 'United Arab Emirates', 'Gulf Actuation Services LLC',
    '아부다비·두바이 판매 및 시운전', 'Sales and commissioning in Abu Dhabi and Dubai', 'T. +971-2-555-3186'),
  overseas('middle_east', '카타르', 'Qatar', 'Doha Flow Control W.L.L.',
    'LNG 및 담수화 플랜트', 'LNG and desalination plants', 'T. +974-4466-2951'),
  overseas('middle_east', '쿠웨이트', 'Kuwait', 'Al Salam Industrial Supplies Co. W.L.L.',
    '정유 및 원유 집하 설비', 'Refineries and crude gathering centres', 'T. +965-2224-7730'),
  overseas('middle_east', '오만', 'Oman', 'Muscat Process Solutions LLC',
    '가스 처리 및 상수도 설비', 'Gas processing and water supply', 'T. +968-2450-1862'),
  overseas('middle_east', '바레인', 'Bahrain', 'Manama Technical Services W.L.L.',
    '정유·알루미늄 제련 설비', 'Refining and aluminium smelting plants', 'T. +973-1772-4405'),
  overseas('middle_east', '이라크', 'Iraq', 'Basra Energy Equipment Co.',
    '남부 유전 및 송유 설비', 'Southern oil fields and export pipelines', 'T. +964-780-915-3342'),
  overseas('middle_east', '요르단', 'Jordan', 'Amman Water Technologies Co.',
    '상수도 펌프장 및 수처리 설비', 'Water pumping stations and treatment plants', 'T. +962-6-552-8193'),
  overseas('americas', '미국', 'United States', 'Gulf Coast Valve Automation LLC',
    '북미 판매 및 현장 서비스', 'Sales and field service in North America', 'T. +1-713-555-0148'),
  overseas('europe', '네덜란드', 'Netherlands', 'Rijnmond Actuator Services B.V.',
    '유럽 판매 및 예비품 공급', 'Sales and spare parts across Europe', 'T. +31-10-555-2874'),
]
