import { useEffect, useState } from 'react'
import type { FormCheck } from '#shared/form-check.ts'

/** Until the schema has arrived, a form passes the browser's check (the server checks it anyway). */
const pending: FormCheck = { safeParse: () => ({ success: true }) }

/**
 * A public form's schema, fetched once the page is interactive (docs/decisions/024-javascript-budget.md):
 * the page's first scripts stay without zod, and from then on the form checks in the browser with
 * the server's own schema. `load` must be a module-level function (the effect runs once).
 */
export function useLazySchema<S extends FormCheck>(load: () => Promise<S>): S | FormCheck {
  const [schema, setSchema] = useState<S | null>(null)
  useEffect(() => {
    let live = true
    void load().then((loaded) => live && setSchema(() => loaded))
    return () => {
      live = false
    }
  }, [load])
  return schema ?? pending
}
