import { useState } from 'react'
import { Modal } from '#app/components/ui/modal.tsx'
import { useT } from '#app/i18n/use-lang.ts'

export type ProductOption = { title: string; content: string }

/** The options of a product; each opens a modal with its title and (sanitized HTML) content. */
export function ProductOptions({ options }: { options: ProductOption[] }) {
  const t = useT()
  const [open, setOpen] = useState<number | null>(null)
  const current = open === null ? undefined : options[open]
  if (options.length === 0) return null
  return (
    <>
      <ul className="product-options" aria-label={t('product.options')}>
        {options.map((option, i) => (
          <li key={`${option.title}-${i}`}>
            <button
              type="button"
              className="product-options__button"
              aria-haspopup="dialog"
              aria-label={t('product.optionOpen', { title: option.title })}
              onClick={() => setOpen(i)}
            >
              <span>{option.title}</span>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={current !== undefined}
        onClose={() => setOpen(null)}
        title={current?.title}
        onConfirm={() => setOpen(null)}
        className="product-option-modal"
      >
        {/* Sanitized when stored and again by the products service. */}
        {current ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: current.content }} /> : null}
      </Modal>
    </>
  )
}
