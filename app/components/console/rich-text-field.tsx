import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

// TipTap and ProseMirror load only when a console page shows this field: a chunk of their own,
// never part of the public pages' JavaScript.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'))

export type RichTextFieldProps = {
  /** Name of the form value: the HTML (the server sanitises it with sanitizeRichText). */
  name: string
  label: ReactNode
  /** The stored HTML to start from (read once, like an input's defaultValue: give the field a `key` to start over). */
  defaultValue?: string | undefined
  required?: boolean | undefined
  hint?: ReactNode
  error?: ReactNode
}

/**
 * A rich-text field for the console's HTML columns (docs/decisions/017-console-uploads.md).
 * Server-rendered, and until the editor's chunk has loaded, it is a plain <textarea name> holding
 * the HTML, so the form works without JavaScript (the server keeps only the allowed tags). Then the
 * TipTap editor takes its place, with its toolbar, writing its HTML into a hidden input `name`;
 * what was typed into the textarea meanwhile carries over.
 */
export function RichTextField({ name, label, defaultValue, required, hint, error }: RichTextFieldProps) {
  const t = useT()
  const hydrated = useHydrated()
  const [html, setHtml] = useState(defaultValue ?? '')
  const plain = (
    <>
      <Textarea
        name={name}
        label={label}
        required={required}
        hint={hint}
        error={error}
        value={html}
        onChange={(event) => setHtml(event.target.value)}
        rows={10}
        spellCheck={false}
        inputClassName="rich-text__source"
      />
      <noscript>
        <p className="field__hint">{t('console.richText.noScript')}</p>
      </noscript>
    </>
  )
  if (!hydrated) return plain
  return (
    <Suspense fallback={plain}>
      <RichTextEditor name={name} label={label} initialHtml={html} required={required} hint={hint} error={error} />
    </Suspense>
  )
}
