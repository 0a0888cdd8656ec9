export const PAGE_JS_LIMIT: number
export function pageScriptUrls(html: string): string[]
/** `total`: brotli bytes (what a browser receives over HTTPS); `gzip`: the gzip copies' bytes. */
export function pageJs(
  html: string,
  clientDir: string,
): { files: { url: string; br: number; gzip: number }[]; total: number; gzip: number }
export function kb(bytes: number): number
