import { createHash } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'

/**
 * Every environment variable the server reads, validated once at boot.
 * `.env.example` and the README's configuration table list the same names.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    SITE_URL: z.url().default('http://localhost:3000'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('data'),
    /** PGlite's buffer cache in MB (server/db/client.ts); more for a database far larger than the demo's. */
    PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: booleanish.default(true),
    TRUST_PROXY: booleanish.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
    /** How long an anonymous public page or a kept public API answer is served from memory; 0 turns the store off. */
    RESPONSE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * Longest time to receive a whole request, headers and body: a body trickled slower is cut off
     * (408). 60 s leaves a 50 MB console upload room at about 10 Mbit/s.
     */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    /** How long an idle keep-alive connection stays open; above a load balancer's idle timeout (60 s on most). */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
    /**
     * Open connections one peer address may hold; more are closed at once. 0 turns the cap off.
     * Default 256, or off with TRUST_PROXY (the peer is then the load balancer, which carries everyone).
     */
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).optional(),
    /**
     * Admission control (server/plugins/load-shedding.ts, docs/decisions/027-load-shedding.md): pages and
     * API answers made at once (0 turns shedding off); the PostgreSQL pool holds this many connections
     * and two more. Kept answers, health, metrics and static files are never counted nor shed.
     */
    MAX_RENDERS_IN_FLIGHT: z.coerce.number().int().min(0).max(1000).default(4),
    /**
     * Slots of their own for the signed-in and those signing in (member and console sessions, the
     * sign-in pages and calls): used when every shared slot is busy, so logins and saves go through a
     * spike of public traffic (docs/decisions/048-signed-in-share.md). 0: no share of their own.
     */
    SIGNED_IN_RENDERS: z.coerce.number().int().min(0).max(1000).default(2),
    /** How many more may wait for a turn; the next gets 503 with Retry-After at once. */
    RENDER_QUEUE_LENGTH: z.coerce.number().int().min(0).max(10_000).default(16),
    /** How long one may wait for its turn before it gets the 503 (as long as a request waited for a database connection before). */
    RENDER_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
    /** Median event-loop delay (ms, in each of the last two half-seconds) above which new pages and calls get the 503 at once; 0: not measured. */
    SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(100),
    /** smtp:// or smtps:// URL of the mail relay; unset: messages are written to $DATA_DIR/outbox/*.eml. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).max(200).default('㈜대한액추에이터 <no-reply@daehan-actuator.example>'),
    /**
     * Member e-mails (verification, password reset) to one address per 24 hours, whichever client
     * asks; past it the call answers 429 and nothing is sent (docs/decisions/008-member-accounts.md).
     */
    MAIL_RECIPIENT_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
    /**
     * Service requests and inquiries one client address may file in an hour (docs/decisions/065-service-requests.md);
     * past it the form is refused with 429 and the typing kept.
     */
    SERVICE_REQUESTS_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).max(10_000).default(10),
    /**
     * 32 bytes, base64: the key that encrypts the staff's TOTP secrets at rest (AES-256-GCM).
     * Production without it: on the embedded database, `$DATA_DIR/console.key` (made once); on
     * PostgreSQL the console is off (every /admin address is a 404, create-admin refuses).
     */
    CONSOLE_KEY: z
      .string()
      .refine(
        (v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32,
        'CONSOLE_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
      )
      .optional(),
    /** S3-compatible storage for the files, used when S3_BUCKET is set (otherwise $DATA_DIR/files). */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanish.default(false),
    /** Bearer token of GET /metrics; unset: /metrics is a 404. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    path: ['S3_SECRET_ACCESS_KEY'],
  })

export type Env = z.infer<typeof envSchema>

/** The files' bucket (S3_*). */
export type S3Options = {
  bucket: string
  region: string
  /** An S3-compatible server's address (MinIO, R2, …); unset: AWS itself. */
  endpoint?: string | undefined
  /** `host/bucket/key` (most self-hosted servers) rather than `bucket.host/key` (AWS). */
  forcePathStyle: boolean
  /** Unset: the SDK's own chain (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
}

export type Config = Env & {
  /** Absolute data directory (PGlite files, outbox, uploaded files). */
  dataDir: string
  /** PGlite data directory, or `memory://` for tests. */
  pgliteDir: string
  /** Local file storage directory. */
  filesDir: string
  /** The bucket of the files when S3_BUCKET is set; null: local files in `filesDir`. */
  s3: S3Options | null
  /** Where mail is written when no SMTP_URL is set. */
  outboxDir: string
  isProduction: boolean
  /**
   * The console's encryption key: CONSOLE_KEY; outside production without it, a fixed, public
   * development key (never protects real accounts); in production without it, null (console off)
   * until `resolveConsoleKey` (server/services/console/console-key.ts) reads or makes
   * `$DATA_DIR/console.key` for the embedded database (docs/decisions/046-console-key.md).
   */
  consoleKey: Buffer | null
  /** Keys that still open sealed secrets but seal none: the old key of a rotation that did not finish. */
  consolePreviousKeys: Buffer[]
}

/** Development and test only: known to everyone, so never used when NODE_ENV is production. */
const DEVELOPMENT_CONSOLE_KEY = createHash('sha256').update('daehan-actuator development console key').digest()

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  return {
    ...env,
    dataDir,
    pgliteDir: env.DATA_DIR === 'memory' ? 'memory://' : path.join(dataDir, 'pglite'),
    filesDir:
      env.DATA_DIR === 'memory' ? path.join(os.tmpdir(), `actuator-files-${process.pid}`) : path.join(dataDir, 'files'),
    outboxDir:
      env.DATA_DIR === 'memory'
        ? path.join(os.tmpdir(), `actuator-outbox-${process.pid}`)
        : path.join(dataDir, 'outbox'),
    isProduction: env.NODE_ENV === 'production',
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : null,
    consoleKey: env.CONSOLE_KEY
      ? Buffer.from(env.CONSOLE_KEY, 'base64')
      : env.NODE_ENV === 'production'
        ? null
        : DEVELOPMENT_CONSOLE_KEY,
    consolePreviousKeys: [],
  }
}
