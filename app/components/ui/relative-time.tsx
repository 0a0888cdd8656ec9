import { useT } from '#app/i18n/use-lang.ts'
import { relativeTime } from '#app/utils/korea-date.ts'

/**
 * How long ago a moment was ('3일 전', '3 days ago': relativeTime in app/utils/korea-date.ts), as a
 * <time> element. The server and the browser read the clock at different moments, so the text the
 * server wrote is kept when the page hydrates (no mismatch warning); the next render updates it.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const t = useT()
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {relativeTime(iso, t)}
    </time>
  )
}
