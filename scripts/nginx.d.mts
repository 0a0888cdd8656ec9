export declare const NGINX: string | undefined
export type Nginx = { base: string; staticBase?: string; stop(): Promise<void> }
export declare function startNginx(
  upstream: string,
  options?: { staticFile?: string; staticHeaders?: Record<string, string> },
): Promise<Nginx>
