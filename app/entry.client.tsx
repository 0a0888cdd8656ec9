import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

// React Router's own client entry. Its scripts arrive after the page's load event
// (app/utils/scripts-after-load.server.ts); React hydrates in a transition, in slices that yield to
// the browser, so hydration makes no long task. The root layout marks the end of it (app/root.tsx).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
