import type { MessageKey } from '#shared/i18n/messages.ts'

/** The header's main links (specification section 2, "Shared layout"). */
export const mainNav: { key: MessageKey; to: string }[] = [
  { key: 'nav.about', to: '/company/introduction/info' },
  { key: 'nav.investment', to: '/investment/stock' },
  { key: 'nav.careers', to: '/recruitment' },
  { key: 'nav.products', to: '/product/0/0' },
  { key: 'nav.service', to: '/service/reference/catalog' },
]

/** Section a path belongs to, for marking the current main link. */
export function isSectionActive(to: string, pathname: string): boolean {
  const section = to.split('/')[1]
  return pathname.split('/')[1] === section
}
