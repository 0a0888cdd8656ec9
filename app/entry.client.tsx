import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { providePageMessages } from '#app/utils/page-messages.ts'

// React Router's own client entry. Its scripts arrive after the page's load event
// (app/utils/scripts-after-load.server.ts); the page's message catalogue with them (ADR 076), and
// React hydrates once it is known, in a transition, in slices that yield to the browser, so
// hydration makes no long task. The root layout marks the end of it (app/root.tsx).
void providePageMessages(document).then((known) => {
  if (!known) return
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
})
