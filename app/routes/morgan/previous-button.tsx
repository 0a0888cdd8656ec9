import type { MouseEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useAreaState } from './area-state.ts'
import { COPY } from './morgan-copy.ts'

/** Whether this page was reached by a navigation inside the app (React Router numbers its history entries). */
const hasAppHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0

/**
 * 'Previous' (spec section 2): one step back in the history, so the list comes back with its
 * query, page and scroll position. Without a step to go back to (the page was opened directly)
 * or without JavaScript, it is a link to `fallback`, the list the server knows of.
 */
export function PreviousButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate()
  const area = useAreaState()
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !hasAppHistory())
      return
    event.preventDefault()
    void navigate(-1)
  }
  return (
    <Link className="button button--outline morgan-detail__previous" to={fallback} state={area} onClick={onClick}>
      {COPY.previous}
    </Link>
  )
}
