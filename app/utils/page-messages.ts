import { provideMessages, type Messages } from '#shared/i18n/messages.ts'
import { defaultLang, isLang } from '#shared/locales.ts'

/**
 * Fetches the page language's catalogue from the address the root layout names
 * (`link[data-messages]`, docs/decisions/076-messages-as-an-asset.md) and makes it known, so React
 * hydrates with the text the server rendered. A page without one (the root's error page) uses the
 * fallback of messages.ts. False when it could not be had: the page then stays as the server sent
 * it, as it does without scripts.
 */
export async function providePageMessages(doc: Document): Promise<boolean> {
  const link = doc.querySelector<HTMLLinkElement>('link[data-messages]')
  if (!link) return true
  // The same mode and credentials as the preload (crossorigin="anonymous"), so its answer is used.
  const messages = await fetch(link.href)
    .then((res) => (res.ok ? (res.json() as Promise<Messages>) : undefined))
    .catch(() => undefined)
  if (!messages) return false
  const lang = doc.documentElement.lang
  provideMessages(isLang(lang) ? lang : defaultLang, messages)
  return true
}
