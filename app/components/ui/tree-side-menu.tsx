import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { useT } from '#app/i18n/use-lang.ts'
import './tree-side-menu.css'

export type TreeLeaf = { id: string; text: string }
export type TreeBranch = TreeLeaf & { children?: TreeLeaf[] }
export type TreeRoot = TreeLeaf & { children?: TreeBranch[] }
export type TreeCurrent = { first?: string; second?: string; third?: string }

export type TreeSideMenuProps = {
  section: 'product' | 'service'
  title: string
  tree: TreeRoot[]
  current: TreeCurrent
  className?: string
  /**
   * On a phone (768 px and narrower) the tree folds behind one toggle with these labels, so the
   * page's content comes first; wider screens always show it.
   */
  foldOnPhone?: { show: string; hide: string }
}

/** Query the product pages add, so the page scrolls to the product title instead of the top. */
export const PRODUCT_LINK_QUERY = '?disableScrollTop=true&focus=product_title_id&focus_block=center'

/** /{section}/{first}/{second}[/{third}], plus PRODUCT_LINK_QUERY for products. */
export function treeMenuHref(section: 'product' | 'service', first: string, second: string, third?: string): string {
  const path = [section, first, second, ...(third !== undefined ? [third] : [])].map(encodeURIComponent).join('/')
  return `/${path}${section === 'product' ? PRODUCT_LINK_QUERY : ''}`
}

const branchKey = (first: string, second?: string) => (second === undefined ? first : `${first}/${second}`)

function currentKeys(current: TreeCurrent): string[] {
  if (current.first === undefined) return []
  return current.second === undefined ? [current.first] : [current.first, branchKey(current.first, current.second)]
}

function Chevron() {
  return (
    <svg className="tree-menu__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M6 9l6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * Three-level product/service menu: first-level entries are expand/collapse buttons, second- and
 * third-level entries are links; a second-level entry with children has its own toggle. The
 * current branch is open (also on the server) and its deepest entry carries aria-current="page".
 */
export function TreeSideMenu({ section, title, tree, current, className, foldOnPhone }: TreeSideMenuProps) {
  const t = useT()
  const uid = useId()
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(currentKeys(current)))
  const [unfolded, setUnfolded] = useState(false)
  const currentKey = currentKeys(current).join('|')

  // After navigation, open the new current branch too (keeping what the visitor opened), and fold
  // the tree again on a phone: the new page's content comes first.
  useEffect(() => {
    const keys = currentKey ? currentKey.split('|') : []
    setOpen((prev) => (keys.every((k) => prev.has(k)) ? prev : new Set([...prev, ...keys])))
    setUnfolded(false)
  }, [currentKey])

  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })

  const listId = (key: string) => `${uid}-${key.replace(/[^\w-]/g, '_')}`
  const titleId = `${uid}-title`
  const rootListId = `${uid}-list`
  const folding = foldOnPhone ? ` tree-menu--fold${unfolded ? ' is-unfolded' : ''}` : ''

  return (
    <nav className={`tree-menu${folding} ${className ?? ''}`} aria-labelledby={titleId}>
      <div className="tree-menu__head">
        <h2 id={titleId} className="tree-menu__title">
          {title}
        </h2>
        {foldOnPhone ? (
          <button
            type="button"
            className="tree-menu__fold"
            aria-expanded={unfolded}
            aria-controls={rootListId}
            onClick={() => setUnfolded((value) => !value)}
          >
            <span>{unfolded ? foldOnPhone.hide : foldOnPhone.show}</span>
            <Chevron />
          </button>
        ) : null}
      </div>
      <ul id={rootListId} className="tree-menu__list">
        {tree.map((first, i) => {
          const firstOpen = open.has(first.id)
          const inFirst = current.first === first.id
          const firstListId = `${listId(first.id)}-${i}`
          return (
            <li key={first.id} className={`tree-menu__item ${inFirst ? 'is-active' : ''}`}>
              <button
                type="button"
                className="tree-menu__toggle tree-menu__toggle--first"
                aria-expanded={firstOpen}
                aria-controls={firstListId}
                onClick={() => toggle(first.id)}
              >
                <span>{first.text}</span>
                <Chevron />
              </button>
              <ul id={firstListId} className="tree-menu__sublist" hidden={!firstOpen}>
                {(first.children ?? []).map((second, j) => {
                  const key = branchKey(first.id, second.id)
                  const secondOpen = open.has(key)
                  const inSecond = inFirst && current.second === second.id
                  const hasThird = (second.children?.length ?? 0) > 0
                  const secondListId = `${listId(key)}-${i}-${j}`
                  return (
                    <li key={second.id} className={`tree-menu__subitem ${inSecond ? 'is-active' : ''}`}>
                      <div className="tree-menu__row">
                        <Link
                          className="tree-menu__link"
                          to={treeMenuHref(section, first.id, second.id)}
                          aria-current={inSecond && current.third === undefined ? 'page' : undefined}
                        >
                          {second.text}
                        </Link>
                        {hasThird ? (
                          <button
                            type="button"
                            className="tree-menu__toggle tree-menu__toggle--second"
                            aria-expanded={secondOpen}
                            aria-controls={secondListId}
                            aria-label={t('sideMenu.submenu', { name: second.text })}
                            onClick={() => toggle(key)}
                          >
                            <Chevron />
                          </button>
                        ) : null}
                      </div>
                      {hasThird ? (
                        <ul id={secondListId} className="tree-menu__leaves" hidden={!secondOpen}>
                          {second.children!.map((third) => (
                            <li key={third.id}>
                              <Link
                                className="tree-menu__leaf"
                                to={treeMenuHref(section, first.id, second.id, third.id)}
                                aria-current={inSecond && current.third === third.id ? 'page' : undefined}
                              >
                                {third.text}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  )
                })}
              </ul>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
