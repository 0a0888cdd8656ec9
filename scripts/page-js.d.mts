export const PAGE_JS_LIMIT: number
export function pageScriptUrls(html: string): string[]
export function gzipBytes(clientDir: string, url: string): number
export function pageJs(html: string, clientDir: string): { files: { url: string; gzip: number }[]; total: number }
export function kb(bytes: number): number
