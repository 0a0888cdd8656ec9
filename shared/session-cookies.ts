/** The member session as cookies: names and lifetime, shared by the server and the browser (no zod here: the layout imports it). */

/**
 * How long a login lasts: the session row's expiry and the session cookie's max-age
 * (specification section 9), about 50.7 days.
 */
export const SESSION_LIFETIME_SEC = 4_377_600

/** The session cookie (HttpOnly, the token) and the script-readable hint beside it. */
export const SESSION_COOKIE = 'session'
/**
 * Carries no secret: tells the browser a session may exist, so anonymous visitors never ask
 * GET /api/user (no request, no 401 in the console).
 */
export const SESSION_HINT_COOKIE = 'member'
