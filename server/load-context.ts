import type { Config } from '#server/config.ts'
import type { SiteSettings } from '#server/db/schema.ts'
import type { Services } from '#server/services/index.ts'
import type { View } from '#server/services/published.ts'
import type { Lang } from '#shared/locales.ts'

/** What every React Router loader and action receives as `context`. */
export type LoadContext = {
  services: Services
  /** The visitor's language, resolved once by the server. */
  lang: Lang
  /** Public origin for canonical and hreflang links. */
  siteUrl: string
  /** Nonce of this response's Content-Security-Policy. */
  cspNonce: string
  /** The client's address (behind a proxy with TRUST_PROXY), for the member rate limits. */
  clientIp: string
  config: Pick<Config, 'isProduction'>
  /**
   * Which content the page shows: the published, or (a staff member's `?preview=all`) drafts and
   * unpublished records too. Resolved on first call, once per request.
   */
  view: () => Promise<View>
  /** The site settings in this view (the root and the page both show some): read on first call, once per request. */
  settings: () => Promise<SiteSettings>
  /** Logs an unexpected error of this page request once, in the structured log (personal data cut out). */
  logError(error: unknown, message: string): void
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs an interface
  interface AppLoadContext extends LoadContext {}
}
