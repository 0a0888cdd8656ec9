/**
 * A whole number with commas between thousands (`12,345`), as `toLocaleString('en-US')` writes it,
 * without Intl: the browser's first locale-aware formatting loads its number data, about 12 ms
 * during hydration (50 ms on Lighthouse's slowed CPU, docs/decisions/024-javascript-budget.md).
 */
export function groupDigits(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
