import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { appSecrets } from '#server/db/schema.ts'

/**
 * A secret of 32 random bytes kept in the database under `name` (`app_secrets`), so every node
 * signs and checks alike: made by whichever node asks first, read once per process. A failed read
 * is tried again at the next call.
 */
export function appSecret(db: Db, name: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined
  return () =>
    (secret ??= (async () => {
      await db
        .insert(appSecrets)
        .values({ name, value: randomBytes(32).toString('base64') })
        .onConflictDoNothing()
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name))
      return Buffer.from(row!.value, 'base64')
    })().catch((error: unknown) => {
      secret = undefined
      throw error
    }))
}
