import { describe, expect, it } from 'vitest'
import { decode, linkTo, noop, ssr, tagWith } from '#tests/helpers/ssr.tsx'
import { Checkbox } from './checkbox.tsx'
import { DownloadList, fileKindOf } from './download-list.tsx'
import { Dropdown } from './dropdown.tsx'
import { EmptyState } from './empty-state.tsx'
import { PageBanner } from './page-banner.tsx'
import { Pagination } from './pagination.tsx'
import { ScrollHint } from './scroll-hint.tsx'
import { currentSideMenuEntry, SideMenu, sideMenuHref, type SideMenuItem } from './side-menu.tsx'
import { TitleBlock } from './title-block.tsx'
import { TreeSideMenu, treeMenuHref, type TreeRoot } from './tree-side-menu.tsx'

describe('PageBanner', () => {
  it('renders an h1 over a picture that switches at 728 px, with sizes', () => {
    const html = ssr(<PageBanner title="회사소개" image="/img/pc.jpg" mobileImage="/img/m.jpg" />)
    expect(html).toMatch(/<h1 class="page-banner__title">회사소개<\/h1>/)
    expect(html).toContain('<source media="(max-width: 728px)" srcSet="/img/m.jpg" width="728" height="400"/>')
    expect(html).toMatch(/<img[^>]+src="\/img\/pc.jpg"[^>]+alt=""[^>]+width="1920"[^>]+height="400"/)
  })

  it('without a mobile image there is no source', () => {
    expect(ssr(<PageBanner title="T" image="/a.jpg" alt="Factory" />)).not.toContain('<source')
  })
})

describe('TitleBlock', () => {
  it('renders h2 with id and description, or h3', () => {
    const html = ssr(<TitleBlock id="company_step_01" title="개요" description="설명" />)
    expect(html).toContain('<h2 id="company_step_01" class="title-block__title title-block__title--h2">개요</h2>')
    expect(html).toContain('설명')
    expect(ssr(<TitleBlock as="h3" title="Sub" />)).toMatch(/<h3[^>]*>Sub<\/h3>/)
  })
})

describe('ScrollHint and EmptyState', () => {
  it('scroll hint text in both languages', () => {
    expect(ssr(<ScrollHint />)).toContain('좌우로 스크롤하여 확인하세요.')
    expect(ssr(<ScrollHint />, '/page', 'en')).toContain('Scroll left and right to see more.')
  })

  it('empty state default, search variant with icon, custom message', () => {
    const plain = ssr(<EmptyState />, '/page', 'en')
    expect(plain).toContain('Data does not exist')
    expect(plain).toContain('role="status"')
    expect(plain).not.toContain('<svg')
    const search = ssr(<EmptyState variant="search" />)
    expect(search).toContain('검색 결과가 없습니다.')
    expect(search).toContain('<svg')
    expect(ssr(<EmptyState message="게시물이 존재하지 않습니다." />)).toContain('게시물이 존재하지 않습니다.')
  })
})

describe('DownloadList', () => {
  it('renders download links with kind badges and accessible names', () => {
    const html = decode(
      ssr(
        <DownloadList
          files={[
            { href: '/files/a.pdf', label: 'Catalog', kind: 'kor' },
            { href: '/files/b.pdf', label: 'Catalog' },
          ]}
        />,
        '/page',
        'en',
      ),
    )
    expect(tagWith(html, 'href="/files/a.pdf"')).toContain('download=""')
    // The name starts with the visible badge (WCAG 2.5.3, axe's label-content-name-mismatch).
    expect(html).toContain('aria-label="KOR — Catalog (Korean) download"')
    expect(html).toContain('aria-label="PDF — Catalog (PDF document) download"')
    expect(html).toMatch(/download-list__badge--kor" aria-hidden="true">KOR</)
  })

  it('with labels, badge and label are separate words that begin the accessible name', () => {
    const html = decode(
      ssr(
        <DownloadList files={[{ href: '/files/c.pdf', label: 'TX_결선도.pdf', kind: 'KOR' }]} showLabels />,
        '/page',
        'ko',
      ),
    )
    expect(html).toContain('aria-label="KOR — TX_결선도.pdf (국문) 다운로드"')
    // The flex gap shows a space; the text needs one too, or it reads "KORTX_결선도.pdf".
    expect(html).toMatch(/>KOR<\/span> <span class="download-list__label" aria-hidden="true">TX_결선도.pdf</)
  })

  it('renders nothing for no files', () => {
    expect(ssr(<DownloadList files={[]} />)).toBe('')
  })

  it('fileKindOf: known kinds, extensions, fallback', () => {
    expect(fileKindOf('ENG')).toBe('ENG')
    expect(fileKindOf(' vie ')).toBe('VIE')
    expect(fileKindOf(undefined, '/x/drawing.DWG')).toBe('CAD')
    expect(fileKindOf('', '/x/device.gsd?v=2')).toBe('GSD')
    expect(fileKindOf(null, '/x/clip.mp4')).toBe('MOV')
    expect(fileKindOf('xyz', '/x/file.zip')).toBe('ETC')
    expect(fileKindOf(undefined, '/download/15')).toBe('ETC')
  })
})

describe('Pagination', () => {
  it('keeps other query parameters, marks the current page, links prev and next', () => {
    const html = decode(
      ssr(<Pagination page={2} totalRecords={100} recordSize={15} />, '/related-data?select=3&page=2', 'en'),
    )
    expect(html).toContain('<nav class="pagination "')
    expect(html).toContain('aria-label="Pages"')
    expect(html).toContain('href="/related-data?select=3&page=1"')
    const current = linkTo(html, '2')
    expect(current).toContain('href="/related-data?select=3&page=2"')
    expect(current).toContain('aria-label="Page 2"')
    expect(current).toContain('aria-current="page"')
    expect(html.match(/aria-current/g)).toHaveLength(1)
    expect(html).toContain('href="/related-data?select=3&page=5"')
    expect(html).not.toContain('page=6')
    expect(tagWith(html, 'rel="prev"')).toContain('href="/related-data?select=3&page=1"')
    expect(tagWith(html, 'rel="next"')).toContain('href="/related-data?select=3&page=3"')
    expect(html).toContain('<span class="visually-hidden">Previous page</span>')
  })

  it('disables the previous arrow on page 1 and the next arrow on the last page', () => {
    const first = ssr(<Pagination page={1} totalRecords={20} recordSize={15} />, '/search/result?keyword=a')
    expect(first).toMatch(/pagination__arrow--prev" role="link" aria-disabled="true"/)
    const last = ssr(<Pagination page={2} totalRecords={20} recordSize={15} />, '/search/result?keyword=a')
    expect(last).toMatch(/pagination__arrow--next" role="link" aria-disabled="true"/)
  })

  it('uses a custom parameter name', () => {
    expect(decode(ssr(<Pagination page={1} totalRecords={12} recordSize={5} param="p" />, '/x?page=9'))).toContain(
      'href="/x?page=9&p=2"',
    )
  })

  it('renders nothing when everything fits on one page', () => {
    expect(ssr(<Pagination page={1} totalRecords={15} recordSize={15} />)).toBe('')
    expect(ssr(<Pagination page={1} totalRecords={0} recordSize={15} />)).toBe('')
  })
})

describe('Checkbox', () => {
  it('checkbox is a native, labelled checkbox', () => {
    const html = ssr(<Checkbox id="agree" label="I agree" checked name="agree" value="Y" onChange={noop} />)
    expect(html).toMatch(
      /<label class="checkbox__row" for="agree"><input id="agree" class="checkbox__input" type="checkbox"/,
    )
    expect(html).toContain('checked=""')
    expect(html).toContain('value="Y"')
  })
})

describe('Dropdown', () => {
  const options = [
    { value: 'catalog', label: 'Catalog' },
    { value: 'circuit', label: 'Circuit diagram', disabled: true },
    { value: 'table', label: 'Torque Table' },
  ]

  it('renders a closed listbox button with hidden options and a hidden input', () => {
    const html = ssr(
      <Dropdown id="cat" label="Category" options={options} value="table" onChange={noop} name="select" />,
      '/page',
      'en',
    )
    expect(html).toContain('aria-haspopup="listbox"')
    expect(html).toContain('aria-expanded="false"')
    expect(html).toMatch(/<button[^>]+id="cat"[^>]*>.*Torque Table/)
    expect(html).toMatch(/<ul[^>]+role="listbox"[^>]+tabindex="-1" hidden=""/)
    expect(html).toMatch(/role="option" class="dropdown__option " aria-selected="true"[^>]*>Torque Table/)
    expect(html).toMatch(/aria-disabled="true"[^>]*>Circuit diagram/)
    expect(html).toContain('<input type="hidden" name="select" value="table"/>')
    expect(html).not.toContain('aria-activedescendant')
  })

  it('shows the placeholder when nothing is chosen', () => {
    expect(ssr(<Dropdown label="분류" options={options} value={null} onChange={noop} />)).toContain('선택하세요')
    expect(ssr(<Dropdown label="분류" options={options} value={null} onChange={noop} placeholder="전체" />)).toContain(
      '전체',
    )
  })
})

describe('SideMenu', () => {
  const items: SideMenuItem[] = [
    {
      text: '회사정보',
      link: '/company/introduction/info',
      children: [
        { text: '개요', link: '/company/introduction/info', focus: 'company_step_01' },
        { text: '연혁', link: '/company/introduction/info', focus: 'company_step_02' },
      ],
    },
    {
      text: 'ESG 경영',
      link: '/company/introduction/management',
      children: [{ text: 'ESG', link: '/company/introduction/management', focus: 'esg_step_01' }],
    },
  ]

  it('builds hrefs with focus', () => {
    expect(sideMenuHref({ text: 'a', link: '/x' })).toBe('/x')
    expect(sideMenuHref({ text: 'a', link: '/x', focus: 'step 1' })).toBe('/x?focus=step%201')
    expect(sideMenuHref({ text: 'a', link: '/x?lang=en', focus: 'f' })).toBe('/x?lang=en&focus=f')
  })

  it('finds the current entry by pathname and focus', () => {
    expect(currentSideMenuEntry(items, '/company/introduction/info', null)).toEqual({ item: 0, child: null })
    expect(currentSideMenuEntry(items, '/company/introduction/info/', 'company_step_02')).toEqual({ item: 0, child: 1 })
    expect(currentSideMenuEntry(items, '/company/introduction/info', 'unknown')).toEqual({ item: 0, child: null })
    expect(currentSideMenuEntry(items, '/company/introduction/management', 'esg_step_01')).toEqual({
      item: 1,
      child: 0,
    })
    expect(currentSideMenuEntry(items, '/elsewhere', null)).toBeNull()
    const flat: SideMenuItem[] = [
      { text: 'A', link: '/p', focus: 'a' },
      { text: 'B', link: '/p', focus: 'b' },
    ]
    expect(currentSideMenuEntry(flat, '/p', null)).toEqual({ item: 0, child: null })
    expect(currentSideMenuEntry(flat, '/p', 'b')).toEqual({ item: 1, child: null })
  })

  it('renders a labelled nav with aria-current on the current entry', () => {
    const html = decode(
      ssr(<SideMenu title="회사소개" items={items} />, '/company/introduction/info?focus=company_step_02'),
    )
    expect(html).toMatch(/<nav class="side-menu " aria-labelledby="([^"]+)"><h2 id="\1"/)
    const current = linkTo(html, '연혁')
    expect(current).toContain('href="/company/introduction/info?focus=company_step_02"')
    expect(current).toContain('aria-current="page"')
    expect(html.match(/aria-current/g)).toHaveLength(1)
    expect(html).not.toContain('esg_step_01') // children of other items stay folded
  })
})

describe('TreeSideMenu', () => {
  const tree: TreeRoot[] = [
    {
      id: '1',
      text: '전동 액추에이터',
      children: [
        {
          id: '10',
          text: 'TM',
          children: [
            { id: '100', text: 'BASIC' },
            { id: '101', text: 'SMART' },
          ],
        },
        { id: '11', text: 'TX' },
      ],
    },
    { id: '2', text: '수문 권양기', children: [{ id: '20', text: 'TM' }] },
  ]

  it('builds product links with the focus query and service links without', () => {
    expect(treeMenuHref('product', '1', '10')).toBe(
      '/product/1/10?disableScrollTop=true&focus=product_title_id&focus_block=center',
    )
    expect(treeMenuHref('product', '1', '10', '100')).toBe(
      '/product/1/10/100?disableScrollTop=true&focus=product_title_id&focus_block=center',
    )
    expect(treeMenuHref('service', 'reference', 'catalog')).toBe('/service/reference/catalog')
  })

  it('opens the current branch and marks the current leaf', () => {
    const html = decode(
      ssr(
        <TreeSideMenu
          section="product"
          title="제품소개"
          tree={tree}
          current={{ first: '1', second: '10', third: '101' }}
        />,
      ),
    )
    const toggles = [
      ...html.matchAll(/<button type="button" class="tree-menu__toggle[^"]*" aria-expanded="(true|false)"/g),
    ].map((m) => m[1])
    // first '1' open, its 'TM' open, first '2' closed
    expect(toggles).toEqual(['true', 'true', 'false'])
    const current = linkTo(html, 'SMART')
    expect(current).toContain(
      'href="/product/1/10/101?disableScrollTop=true&focus=product_title_id&focus_block=center"',
    )
    expect(current).toContain('aria-current="page"')
    expect(html.match(/aria-current/g)).toHaveLength(1)
    expect(html).toContain('aria-label="TM 하위 메뉴"')
  })

  it('marks a second-level entry when there is no third', () => {
    const html = decode(
      ssr(
        <TreeSideMenu section="service" title="Service" tree={tree} current={{ first: '2', second: '20' }} />,
        '/page',
        'en',
      ),
    )
    expect(tagWith(html, 'href="/service/2/20"')).toContain('aria-current="page"')
    expect(tagWith(html, 'href="/service/1/10"')).not.toContain('aria-current')
    expect(html).toContain('aria-label="TM submenu"')
  })
})
