import { renderToString } from 'react-dom/server'
import { createRoutesStub, Outlet } from 'react-router'
import { describe, expect, it } from 'vitest'
import { sideMenuHref } from '#app/components/ui/side-menu.tsx'
import { translate } from '#shared/i18n/messages.ts'
import { CertificationTabs, certTabOf, certTabSearch, type CertItem } from './certification-tabs.tsx'
import { anchorsOf } from '#shared/page-anchors.ts'
import { companyMenu } from './company-menu.ts'
import { samePageKeepsData } from './revalidate.ts'

function ssr(element: React.ReactNode, url: string, lang: 'ko' | 'en' = 'ko'): string {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      loader: () => ({ lang }),
      children: [{ path: '*', Component: () => <>{element}</> }],
    },
  ])
  return renderToString(<Stub initialEntries={[url]} hydrationData={{ loaderData: { root: { lang } } }} />)
}

describe('company side menu', () => {
  it('lists the five pages with their anchors as focus links', () => {
    const menu = companyMenu((key) => translate('en', key))
    expect(menu.map((m) => m.link)).toEqual(
      ['info', 'management', 'client', 'place', 'agency'].map((p) => `/company/introduction/${p}`),
    )
    expect(menu.map((m) => m.children?.length)).toEqual([5, 2, 4, 4, 2])
    expect(menu[0]!.children!.map((c) => c.text)).toEqual([
      'Overview',
      'History',
      'Organization',
      'CEO Greeting',
      'Certification & Patents',
    ])
    expect(sideMenuHref(menu[4]!.children![1]!)).toBe('/company/introduction/agency?focus=agency_step_02')
  })

  it('has the anchor ids of the specification', () => {
    expect(anchorsOf('info')).toEqual([
      'company_step_01',
      'company_step_02',
      'company_step_03',
      'company_step_04',
      'company_step_05',
    ])
    expect(anchorsOf('management')).toEqual(['esg_step_01', 'esg_step_02'])
    expect(anchorsOf('client')).toEqual(['client_step_01', 'client_step_02', 'client_step_03', 'client_step_04'])
    expect(anchorsOf('place')).toEqual(['place_step_01', 'place_step_02', 'place_step_03', 'place_step_04'])
    expect(anchorsOf('agency')).toEqual(['agency_step_01', 'agency_step_02'])
  })
})

describe('certification tabs', () => {
  it('reads the tab from the query, defaulting to patents', () => {
    expect(certTabOf('')).toBe('patent')
    expect(certTabOf('?tab=certificate')).toBe('certificate')
    expect(certTabOf('?tab=nonsense')).toBe('patent')
  })

  it('keeps other parameters and drops scroll-only ones', () => {
    expect(certTabSearch('?lang=en&focus=company_step_05', 'certificate', false)).toBe('?lang=en&tab=certificate')
    expect(certTabSearch('?lang=en&tab=certificate', 'patent', true)).toBe('?lang=en&tab=patent&disableScrollTop=true')
  })

  const item = (id: number, title: string): CertItem => ({
    id,
    title,
    number: `No. ${id}`,
    thumbnail: `/media/t${id}.svg`,
    thumbnailAlt: `Copy of ${title}`,
    href: `/api/s3/download?file_name=patents%2Fp${id}.pdf&origin_file_name=p${id}.pdf`,
  })

  it('renders links before scripts run: tabs to ?tab=, downloads straight to the file', () => {
    const html = ssr(
      <CertificationTabs patents={[item(1, 'Torque sensor')]} certificates={[item(2, 'ISO 9001')]} />,
      '/company/introduction/info?tab=certificate',
      'en',
    )
    expect(html).toContain('role="tablist"')
    expect(html).toMatch(
      /<a[^>]*id="cert-tab-patent"[^>]*role="tab"[^>]*aria-selected="false"[^>]*href="\?tab=patent#company_step_05"/,
    )
    expect(html).toMatch(/<a[^>]*id="cert-tab-certificate"[^>]*aria-selected="true"/)
    expect(html).toContain('ISO 9001')
    expect(html).not.toContain('Torque sensor')
    expect(html).toMatch(
      /<a[^>]*href="\/api\/s3\/download\?file_name=patents%2Fp2.pdf&amp;origin_file_name=p2.pdf"[^>]*download=""[^>]*aria-label="Download ISO 9001"/,
    )
    expect(html).toMatch(/<img[^>]*alt="Copy of ISO 9001"[^>]*width="300"[^>]*height="420"/)
  })
})

describe('samePageKeepsData', () => {
  const args = (from: string, to: string) =>
    ({
      currentUrl: new URL(from, 'http://x'),
      nextUrl: new URL(to, 'http://x'),
      defaultShouldRevalidate: true,
    }) as Parameters<typeof samePageKeepsData>[0]
  it('skips reloading for anchors and tabs, reloads for another path', () => {
    expect(
      samePageKeepsData(args('/company/introduction/info', '/company/introduction/info?focus=company_step_02')),
    ).toBe(false)
    expect(samePageKeepsData(args('/company/introduction/info', '/company/introduction/info?tab=certificate'))).toBe(
      false,
    )
    expect(samePageKeepsData(args('/company/introduction/info', '/company/introduction/place'))).toBe(true)
  })
})
