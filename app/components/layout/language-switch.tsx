import { useLang, useT } from '#app/i18n/use-lang.ts'
import { langCookie, LANG_STORAGE_KEY, locales, suffixOf, type Lang } from '#shared/locales.ts'

/**
 * KOR / ENG. Choosing a language stores the specification's session-storage value, sets the
 * `lang` cookie the server reads, drops any `?lang=` from the address, and reloads.
 */
export function switchLanguage(lang: Lang) {
  sessionStorage.setItem(LANG_STORAGE_KEY, suffixOf(lang))
  document.cookie = langCookie(lang, window.location.protocol === 'https:')
  const url = new URL(window.location.href)
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang')
    window.location.replace(url.toString())
  } else {
    window.location.reload()
  }
}

export function LanguageSwitch({ className }: { className?: string }) {
  const lang = useLang()
  const t = useT()
  return (
    <div className={`lang-switch ${className ?? ''}`} role="group" aria-label={t('lang.label')}>
      {locales.map((l) => (
        <a
          key={l}
          // Without JavaScript the link still switches through ?lang=.
          href={`?lang=${l}`}
          lang={l}
          hrefLang={l}
          className="lang-switch__option"
          aria-current={l === lang ? 'true' : undefined}
          // WCAG 2.5.3: the name starts with the visible KOR / ENG.
          aria-label={t(l === 'ko' ? 'lang.koName' : 'lang.enName')}
          onClick={(event) => {
            event.preventDefault()
            if (l !== lang) switchLanguage(l)
          }}
        >
          {t(l === 'ko' ? 'lang.ko' : 'lang.en')}
        </a>
      ))}
    </div>
  )
}
