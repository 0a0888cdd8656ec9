import { eq, isNotNull } from 'drizzle-orm'
import { staffAccounts, staffInvites } from '#server/db/schema.ts'
import { audit } from './audit.ts'
import type { ConsoleContext, Tx } from './console-context.ts'
import { createSecretBox } from './secret-box.ts'

/**
 * The console key's rotation (docs/decisions/046-console-key.md): every value sealed with the
 * console key, opened with the current key and sealed again under the new one in one transaction,
 * so staff keep their authenticators. The sealed values are the TOTP secrets of the staff accounts
 * and those waiting in setup links (server/db/schema.ts: `staff_accounts.totp_secret`,
 * `staff_invites.pending_totp_secret`); a new sealed column belongs in `sealedValues` too.
 */

type Executor = Pick<Tx, 'select'>

/** Every sealed value, with how to write it back; `lock` takes the rows for the transaction. */
async function sealedValues(db: Executor, lock: boolean) {
  const accounts = db
    .select({ id: staffAccounts.user_id, sealed: staffAccounts.totp_secret })
    .from(staffAccounts)
    .where(isNotNull(staffAccounts.totp_secret))
  const invites = db
    .select({ id: staffInvites.id, sealed: staffInvites.pending_totp_secret })
    .from(staffInvites)
    .where(isNotNull(staffInvites.pending_totp_secret))
  const a = await (lock ? accounts.for('update') : accounts)
  const i = await (lock ? invites.for('update') : invites)
  return [
    ...a.map((r) => ({ kind: 'account' as const, id: r.id, sealed: r.sealed! })),
    ...i.map((r) => ({ kind: 'invite' as const, id: r.id, sealed: r.sealed! })),
  ]
}

export type KeyRotation = { accounts: number; invites: number }

/** A rotation refused before anything changed (a key that does not open what is stored, the same key). */
export class KeyRotationRefused extends Error {}

export function createKeyRotation(ctx: ConsoleContext) {
  const { db, clock } = ctx

  /** How many sealed values the current keys do not open (0 when the console is off or all open). */
  async function unopenedSecrets(): Promise<{ unopened: number; total: number }> {
    if (!ctx.enabled) return { unopened: 0, total: 0 }
    const box = ctx.requireBox()
    const values = await sealedValues(db, false)
    let unopened = 0
    for (const v of values) {
      try {
        box.open(v.sealed)
      } catch {
        unopened++
      }
    }
    return { unopened, total: values.length }
  }

  return {
    unopenedSecrets,

    /**
     * Seals every sealed value under `newKey`. First checks that the current keys open them all
     * (otherwise refuses, nothing changed). Then `keep` is handed the keys of the transition (the
     * new one first, the current ones after) to store them where the key lives, and this process
     * seals with the new key and opens with either; then one transaction re-seals every value
     * (the rows locked), with an audit entry. After it commits, only the new key is kept here.
     * Should the transaction fail, the transition's keys stay: they open everything.
     */
    async rotateKey(newKey: Buffer, keep?: (keys: Buffer[]) => void | Promise<void>): Promise<KeyRotation> {
      const current = ctx.currentKeys()
      if (!current) throw new KeyRotationRefused('the console is off: there is no console key to rotate')
      if (newKey.equals(current[0]!)) throw new KeyRotationRefused('the new key is the current key')
      const { unopened, total } = await unopenedSecrets()
      if (unopened > 0)
        throw new KeyRotationRefused(
          `${unopened} of ${total} sealed staff secrets do not open with the current console key, so it is not the key they were sealed with: nothing was changed. Put the right key back (CONSOLE_KEY or $DATA_DIR/console.key) and run this again, or enrol the staff again (create-admin, new setup links)`,
        )
      const transition = [newKey, ...current.filter((k) => !k.equals(newKey))]
      await keep?.(transition)
      ctx.useKeys(transition)
      const sealer = createSecretBox(newKey)
      const result = await db.transaction(async (tx) => {
        const box = ctx.requireBox()
        const values = await sealedValues(tx, true)
        for (const v of values) {
          const resealed = sealer.seal(box.open(v.sealed))
          if (v.kind === 'account')
            await tx.update(staffAccounts).set({ totp_secret: resealed }).where(eq(staffAccounts.user_id, v.id))
          else await tx.update(staffInvites).set({ pending_totp_secret: resealed }).where(eq(staffInvites.id, v.id))
        }
        const counts = {
          accounts: values.filter((v) => v.kind === 'account').length,
          invites: values.filter((v) => v.kind === 'invite').length,
        }
        await audit(tx, { userId: null, action: 'console.key-rotated', recordType: 'console', after: counts }, clock())
        return counts
      })
      ctx.useKeys([newKey])
      return result
    },
  }
}
