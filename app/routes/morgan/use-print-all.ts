import { useEffect, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { printDate } from './print-date.ts'

/**
 * Printing shows the whole specification: before the browser prints, every closed group under
 * `root` opens (the print stylesheet also shows closed groups' contents where the browser
 * supports `::details-content`), and the date of printing is brought up to now; afterwards the
 * groups the visitor had closed close again. Returns the date to print.
 */
export function usePrintAll(root: RefObject<HTMLElement | null>, renderedOn: string): string {
  const [printedOn, setPrintedOn] = useState(renderedOn)
  useEffect(() => {
    let opened: HTMLDetailsElement[] = []
    const before = () => {
      opened = [...(root.current?.querySelectorAll<HTMLDetailsElement>('details:not([open])') ?? [])]
      for (const details of opened) details.open = true
      // Rendered now, before the browser lays the page out for printing.
      flushSync(() => setPrintedOn(printDate(new Date())))
    }
    const after = () => {
      for (const details of opened) details.open = false
      opened = []
    }
    window.addEventListener('beforeprint', before)
    window.addEventListener('afterprint', after)
    return () => {
      window.removeEventListener('beforeprint', before)
      window.removeEventListener('afterprint', after)
    }
  }, [root])
  return printedOn
}
