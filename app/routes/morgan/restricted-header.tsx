import { Link } from 'react-router'
import { Icon } from '#app/components/layout/icons.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useAreaState } from './area-state.ts'
import { AREA_PATH } from './morgan-query.ts'
import { COPY } from './morgan-copy.ts'

/**
 * The restricted area's own header (spec section 2, "a restricted-area header with back and
 * home"): back returns to the page the visitor entered the area from (navigation state), else
 * home. The server cannot know that state, so the link points home until hydration (and
 * without JavaScript).
 */
export function RestrictedHeader() {
  const area = useAreaState()
  const hydrated = useHydrated()
  const back = (hydrated && area?.from) || '/'
  return (
    <header className="restricted-header">
      <div className="restricted-header__inner">
        <Link className="restricted-header__button" to={back}>
          <Icon name="arrowLeft" size={22} />
          <span>{COPY.back}</span>
        </Link>
        <Link className="restricted-header__title" to={AREA_PATH} state={area}>
          {COPY.areaTitle}
        </Link>
        <Link className="restricted-header__button" to="/">
          <Icon name="home" size={22} />
          <span>{COPY.home}</span>
        </Link>
      </div>
    </header>
  )
}
