import type { SideMenuItem } from '#app/components/ui/side-menu.tsx'
import type { Translate } from '#shared/i18n/messages.ts'
import { COMPANY_BASE, companyPages } from '#shared/page-anchors.ts'

/** The side menu: one entry per page, its anchors as second-level entries. */
export function companyMenu(t: Translate): SideMenuItem[] {
  return companyPages.map((page) => {
    const link = `${COMPANY_BASE}/${page.path}`
    return {
      text: t(page.key),
      link,
      children: page.anchors.map((anchor) => ({ text: t(anchor.key), link, focus: anchor.id })),
    }
  })
}
