import { useId } from 'react'
import { Link, useLocation } from 'react-router'
import './side-menu.css'

export type SideMenuChild = { text: string; link: string; focus?: string }
export type SideMenuItem = SideMenuChild & { children?: SideMenuChild[] }

export type SideMenuProps = {
  title: string
  items: SideMenuItem[]
  className?: string
}

/** Where a menu entry goes: its link plus `focus=<focus>` when given. */
export function sideMenuHref(entry: SideMenuChild): string {
  if (!entry.focus) return entry.link
  return `${entry.link}${entry.link.includes('?') ? '&' : '?'}focus=${encodeURIComponent(entry.focus)}`
}

const pathOf = (link: string) => {
  const path = link.split(/[?#]/)[0] ?? ''
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

export type SideMenuCurrent = { item: number; child: number | null } | null

/**
 * The entry to mark current: among entries whose path is the current pathname, the one whose
 * `focus` equals the `focus` query value (a child before its parent), else the first without a
 * `focus`, else the first of them.
 */
export function currentSideMenuEntry(items: SideMenuItem[], pathname: string, focus: string | null): SideMenuCurrent {
  const here = pathOf(pathname)
  const matches: { item: number; child: number | null; focus?: string }[] = []
  items.forEach((item, i) => {
    if (pathOf(item.link) === here) matches.push({ item: i, child: null, focus: item.focus })
    item.children?.forEach((child, j) => {
      if (pathOf(child.link) === here) matches.push({ item: i, child: j, focus: child.focus })
    })
  })
  if (matches.length === 0) return null
  const pick =
    (focus
      ? (matches.find((m) => m.focus === focus && m.child !== null) ?? matches.find((m) => m.focus === focus))
      : undefined) ??
    matches.find((m) => !m.focus) ??
    matches[0]!
  return { item: pick.item, child: pick.child }
}

/**
 * Two-level side menu. Links replace the history entry (the specification's behaviour) and add
 * `?focus=` for in-page targets; the current entry carries aria-current="page". Children show
 * under the current item (all of them when none is current).
 */
export function SideMenu({ title, items, className }: SideMenuProps) {
  const location = useLocation()
  const titleId = useId()
  const focus = new URLSearchParams(location.search).get('focus')
  const current = currentSideMenuEntry(items, location.pathname, focus)

  return (
    <nav className={`side-menu ${className ?? ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="side-menu__title">
        {title}
      </h2>
      <ul className="side-menu__list">
        {items.map((item, i) => {
          const inBranch = current?.item === i
          const isCurrent = inBranch && current?.child === null
          const showChildren = item.children && item.children.length > 0 && (inBranch || current === null)
          return (
            <li
              key={`${item.link}-${item.focus ?? ''}-${i}`}
              className={`side-menu__item ${inBranch ? 'is-active' : ''}`}
            >
              <Link
                className="side-menu__link"
                to={sideMenuHref(item)}
                replace
                aria-current={isCurrent ? 'page' : undefined}
              >
                {item.text}
              </Link>
              {showChildren ? (
                <ul className="side-menu__sublist">
                  {item.children!.map((child, j) => (
                    <li key={`${child.link}-${child.focus ?? ''}-${j}`}>
                      <Link
                        className="side-menu__sublink"
                        to={sideMenuHref(child)}
                        replace
                        aria-current={inBranch && current?.child === j ? 'page' : undefined}
                      >
                        {child.text}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
