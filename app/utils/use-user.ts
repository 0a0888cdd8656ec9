import {
  createContext,
  createElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import { readCookie } from '#shared/locales.ts'
import { SESSION_HINT_COOKIE } from '#shared/session-cookies.ts'

/** What the header and the restricted-area button need of the member (GET /api/user). */
export type SessionUser = {
  id: number
  username: string
  name: string
  access_yn: 'Y' | 'N'
  role: string
}

export type UserState = {
  /** 'unknown' until the first answer (and always on the server). */
  status: 'unknown' | 'anonymous' | 'member'
  user: SessionUser | null
  /** Fetches the session again (after login, logout, password change, withdrawal). */
  refresh(): Promise<void>
}

const anonymous: UserState = { status: 'unknown', user: null, refresh: async () => {} }
const UserContext = createContext<UserState>(anonymous)

/** The logged-in member as the browser knows it; anonymous until the session has been read. */
export const useUser = () => useContext(UserContext)

/** The script-readable hint the server sets beside the HttpOnly session cookie (no secret in it). */
const HINT = SESSION_HINT_COOKIE
const hasHint = () => readCookie(document.cookie, HINT) === '1'
const dropHint = () => {
  document.cookie = `${HINT}=; Path=/; Max-Age=0; SameSite=Lax`
}

/** GET /api/user, only when a session may exist: anonymous visitors make no request at all. */
async function fetchUser(): Promise<SessionUser | null> {
  if (!hasHint()) return null
  const res = await fetch('/api/user', { credentials: 'same-origin', headers: { accept: 'application/json' } })
  if (!res.ok) {
    // The session ended on the server (expired, revoked elsewhere): forget the hint.
    if (res.status === 401) dropHint()
    return null
  }
  const body = (await res.json()) as { success?: boolean; data?: SessionUser | null }
  return body.success && body.data ? body.data : null
}

/**
 * Reads the session after hydration, so the server-rendered HTML stays the same for every
 * anonymous visitor (it can be cached); refreshes after every form submission (login, logout,
 * password change and withdrawal all post forms). A member who lands on /login goes to /
 * (section 4: a successful user fetch on a login page redirects home).
 */
export function UserProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: UserState['status']; user: SessionUser | null }>({
    status: 'unknown',
    user: null,
  })
  const navigation = useNavigation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const pathRef = useRef(pathname)
  pathRef.current = pathname
  const submitting = useRef(false)

  const refresh = useCallback(async () => {
    try {
      const user = await fetchUser()
      // A transition: the header's member links update without a blocking re-render of the page
      // right after hydration (a long task on a phone).
      startTransition(() => setState({ status: user ? 'member' : 'anonymous', user }))
      if (user && pathRef.current === '/login') navigate('/', { replace: true })
    } catch (error) {
      // The specification only logs a failed user fetch.
      console.error(error)
      setState((s) => (s.status === 'unknown' ? { status: 'anonymous', user: null } : s))
    }
  }, [navigate])

  useEffect(() => {
    void refresh()
  }, [refresh])

  useEffect(() => {
    if (navigation.state !== 'idle' && navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET')
      submitting.current = true
    else if (navigation.state === 'idle' && submitting.current) {
      submitting.current = false
      void refresh()
    }
  }, [navigation.state, navigation.formMethod, refresh])

  const value = useMemo<UserState>(() => ({ ...state, refresh }), [state, refresh])
  return createElement(UserContext.Provider, { value }, children)
}
