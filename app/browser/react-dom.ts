// The browser build's `react-dom` (vite.config.ts aliases it here; docs/decisions/028-preact-in-the-browser.md):
// Preact's compat layer, plus React DOM's resource hints that compat lacks. A hint matters in the
// server's HTML (React renders it into <head>); in the browser the page already has it.
export * from 'preact/compat'
export { default } from 'preact/compat'

export function preload(_href: string, _options?: unknown): void {}
