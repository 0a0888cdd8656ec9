import { describe, expect, it } from 'vitest'
import { isSignedInWork } from './signed-in-work.ts'

describe('isSignedInWork', () => {
  it('is the work of a session (member, console, API token) or of signing in, whatever the query', () => {
    expect(isSignedInWork('/mypage', { cookie: 'lang=en; session=abc' })).toBe(true)
    expect(isSignedInWork('/admin/content/notice', { cookie: 'console_session=x' })).toBe(true)
    expect(isSignedInWork('/api/user', { authorization: 'Bearer t' })).toBe(true)
    for (const url of ['/login?next=/mypage', '/login.data?_routes=x', '/admin/login/', '/api/login', '/signup'])
      expect(isSignedInWork(url, {}), url).toBe(true)
  })
  it('is not anonymous public traffic, nor a path that only begins like a sign-in page', () => {
    for (const url of ['/', '/search/result?keyword=login', '/loginx', '/api/product/list', '/related-data'])
      expect(isSignedInWork(url, { cookie: 'lang=ko' }), url).toBe(false)
  })
})
