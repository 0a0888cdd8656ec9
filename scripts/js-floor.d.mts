export function measureFloor(keep?: string): Promise<{ files: { url: string; gzip: number }[]; total: number }>
