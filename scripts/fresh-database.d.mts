export declare function freshPostgres(admin: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }>
