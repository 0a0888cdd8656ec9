/** Company history (exactly six milestones, oldest first). Descriptions are raw HTML. */
export const historyData = [
  {
    year: 1987,
    tag: '창립',
    tag_en: 'Foundation',
    title: '㈜대한액추에이터 설립',
    title_en: 'Daehan Actuator founded',
    description: `<ul>
<li>05. 경기도 여주에 ㈜대한액추에이터 설립</li>
<li>11. 국산 다회전 전동 밸브 액추에이터 1호기 출하</li>
</ul>`,
    description_en: `<ul>
<li>May: Daehan Actuator Co., Ltd. founded in Yeoju, Gyeonggi-do</li>
<li>Nov: First Korean-made multi-turn electric valve actuator shipped</li>
</ul>`,
  },
  {
    year: 1996,
    tag: '사업 확장',
    tag_en: 'New business',
    title: '수문 권양기 사업 진출',
    title_en: 'Entry into gate hoists',
    description: `<ul>
<li>03. 유압식 수문 권양기 개발 및 농업용 저수지 첫 납품</li>
<li>09. 기업부설연구소 설립</li>
</ul>`,
    description_en: `<ul>
<li>Mar: Hydraulic gate hoist developed and first delivered to an irrigation reservoir</li>
<li>Sep: Corporate R&amp;D laboratory established</li>
</ul>`,
  },
  {
    year: 2006,
    tag: '상장',
    tag_en: 'Listing',
    title: '코스닥 시장 상장',
    title_en: 'Listed on KOSDAQ',
    description: `<ul>
<li>07. 코스닥 시장 상장 (자본금 48억 8천만 원)</li>
<li>12. 여주 제1공장 증축 및 생산 능력 두 배 확대</li>
</ul>`,
    description_en: `<ul>
<li>Jul: Listed on the KOSDAQ market (share capital KRW 4.88 billion)</li>
<li>Dec: Yeoju 1st factory extended, doubling production capacity</li>
</ul>`,
  },
  {
    year: 2015,
    tag: '글로벌',
    tag_en: 'Global',
    title: '베트남 공장 준공',
    title_en: 'Vietnam factory completed',
    description: `<ul>
<li>04. 베트남 법인 설립 및 현지 조립 공장 준공</li>
<li>10. 중동 정유 플랜트 대형 프로젝트 수주</li>
</ul>`,
    description_en: `<ul>
<li>Apr: Vietnamese subsidiary established and local assembly plant completed</li>
<li>Oct: Major order from a Middle East refinery project</li>
</ul>`,
  },
  {
    year: 2022,
    tag: '투자',
    tag_en: 'Investment',
    title: '대구 제2공장·기술연구소 설립',
    title_en: 'Daegu 2nd factory and R&D centre',
    description: `<ul>
<li>06. 대구 국가산업단지에 제2공장 및 기술연구소 설립</li>
<li>11. 20개국 50여 고객사 공급 체계 구축</li>
</ul>`,
    description_en: `<ul>
<li>Jun: Second factory and R&amp;D centre set up in the Daegu National Industrial Complex</li>
<li>Nov: Supply network reaching 50+ clients in 20 countries</li>
</ul>`,
  },
  {
    year: 2023,
    tag: 'ESG',
    tag_en: 'ESG',
    title: 'ESG 전담 조직 신설',
    title_en: 'ESG office created',
    description: `<ul>
<li>03. ESG 경영 전담 조직(ESG사무국) 신설</li>
<li>08. 첫 지속가능경영 보고서 발간</li>
</ul>`,
    description_en: `<ul>
<li>Mar: Dedicated ESG office created</li>
<li>Aug: First sustainability report published</li>
</ul>`,
  },
]
