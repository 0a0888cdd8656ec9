import {
  availabilitySchema,
  maskedUsernamesSchema,
  noDataSchema,
  publicUserSchema,
  sessionTokenSchema,
  verifiedSchema,
} from '#shared/api-schemas/members.ts'
import { findUsernameSchema, loginSchema, passwordResetRequestSchema } from '#shared/member-fields.ts'
import {
  emailRegistSchema,
  nicknameCheckSchema,
  passwordChangeSchema,
  passwordResetSchema,
  signUpSchema,
  userDetailSchema,
  userUpdateSchema,
} from '#shared/member-rules.ts'
import type { ApiCall } from './openapi.ts'

const TAG = 'members'
/** The 429 of the calls limited per client address. */
const perAddress = (what: string) => `TOO_MANY_REQUESTS: more than ${what} from one address`

/**
 * The member calls as /api/docs lists them, from the schemas the handlers below validate with.
 * The generic answers (400 for invalid input, 401 without a session, 403 for a cross-site POST,
 * 413 for a large form) follow from `body`, `auth` and `method`; `errors` adds each call's own.
 */
export const memberCalls = {
  sign: {
    method: 'POST',
    path: '/sign',
    tag: TAG,
    summary:
      'Sign up: an unverified account with both consents, and a verification e-mail (link valid 24 h); an unverified registration of the ID is replaced',
    body: signUpSchema,
    response: noDataSchema,
    invalidInput: 'fields',
    errors: {
      409: 'ALREADY_REGISTERED: a verified member has the ID',
      429: `${perAddress('20 sign-ups an hour')}; or the address has had its member e-mails for the day (MAIL_RECIPIENT_DAILY_LIMIT)`,
    },
  },
  login: {
    method: 'POST',
    path: '/login',
    tag: TAG,
    summary: 'Log in: answers the session token and sets the session cookies',
    body: loginSchema,
    response: sessionTokenSchema,
    cookies: 'set',
    invalidInput: 'fields',
    errors: {
      401: 'ID_MISMATCH (data 1): no member has this ID; PASSWORD_MISMATCH (data 2): wrong password',
      403: 'EMAIL_NOT_VERIFIED (data 3): the address is not verified yet; a new verification e-mail goes out (at most one per 10 min)',
      429: 'TOO_MANY_REQUESTS: within 15 min, 5 failed logins for the ID from this address, 30 from the address, or 10 for the ID from addresses it never signed in from',
    },
  },
  logout: {
    method: 'POST',
    path: '/logout',
    tag: TAG,
    summary: 'Log out: ends the session on the server (if any) and clears the cookies',
    auth: 'optional',
    response: noDataSchema,
    cookies: 'clear',
  },
  user: { path: '/user', tag: TAG, summary: "The caller's own account", auth: 'member', response: publicUserSchema },
  userDetail: {
    path: '/user/detail',
    tag: TAG,
    summary: "The caller's own account, by its id",
    auth: 'member',
    query: userDetailSchema,
    response: publicUserSchema,
    invalidInput: 'fields',
    errors: { 403: "FORBIDDEN: the id is not the caller's own" },
  },
  userUpdate: {
    method: 'POST',
    path: '/user/update',
    tag: TAG,
    summary: 'Change the nickname and the language of future e-mails; any other field is a 400',
    auth: 'member',
    body: userUpdateSchema,
    response: publicUserSchema,
    invalidInput: 'fields',
  },
  withdraw: {
    method: 'POST',
    path: '/user/withdraw',
    tag: TAG,
    summary: 'Withdraw: the account is anonymised at once, every session ends, the cookies are cleared',
    auth: 'member',
    response: noDataSchema,
    cookies: 'clear',
  },
  passwordChange: {
    method: 'POST',
    path: '/pwd/change',
    tag: TAG,
    summary: 'Change the password: every session of the member ends, this one too (cookies cleared)',
    auth: 'member',
    body: passwordChangeSchema,
    response: noDataSchema,
    cookies: 'clear',
    invalidInput: 'fields',
    errors: {
      400: 'PASSWORD_MISMATCH: wrong current password (data.fields.old_password)',
      429: 'TOO_MANY_REQUESTS: 5 wrong current passwords within 15 min',
    },
  },
  passwordReset: {
    method: 'POST',
    path: '/pwd/reset',
    tag: TAG,
    summary: 'Request a password reset: a single-use link (30 min) to the ID, at most 3 e-mails an hour',
    body: passwordResetRequestSchema,
    response: noDataSchema,
    invalidInput: 'fields',
    errors: {
      404: 'NO_MATCH: no member with this ID, company and name (nor an unverified registration of the ID)',
      429: `${perAddress('10 find-ID and reset requests in 15 min')}; or the address has had its member e-mails for the day (MAIL_RECIPIENT_DAILY_LIMIT)`,
    },
  },
  passwordResetConfirm: {
    method: 'POST',
    path: '/pwd/reset/confirm',
    tag: TAG,
    summary: 'Set a new password with the code of the reset link; every session of the member ends',
    body: passwordResetSchema,
    response: noDataSchema,
    invalidInput: 'fields',
    errors: { 400: 'AUTH_FAILED: the code is unknown, used or expired', 429: perAddress('30 codes in 15 min') },
  },
  nicknameCheck: {
    path: '/check/nickname',
    tag: TAG,
    summary: 'Whether an ID is still free (no verified member uses it as ID or nickname)',
    query: nicknameCheckSchema,
    response: availabilitySchema,
    invalidInput: 'fields',
    errors: { 429: perAddress('60 checks in 10 min') },
  },
  emailRegist: {
    path: '/email/regist',
    tag: TAG,
    summary: 'Verify the e-mail address with the code of the verification link (single use)',
    query: emailRegistSchema,
    response: verifiedSchema,
    invalidInput: false,
    errors: {
      400: 'AUTH_FAILED: the code is missing, unknown, used or expired, or belongs to another ID',
      429: perAddress('30 codes in 15 min'),
    },
  },
  findUsername: {
    path: '/find/username',
    tag: TAG,
    summary: 'Find ID: the masked IDs of the members with this company, department and name',
    query: findUsernameSchema,
    response: maskedUsernamesSchema,
    invalidInput: 'fields',
    errors: { 404: 'NO_MATCH: no such member', 429: perAddress('10 find-ID and reset requests in 15 min') },
  },
} satisfies Record<string, ApiCall>
