import type { FieldErrors } from '#shared/field-errors.ts'

/** A save refused because the record changed since the editor loaded it: who saved it, when, and its version now. */
export type Conflict = { ok: false; reason: 'conflict'; by: string | null; at: Date; version: number }

/** Why a console save was refused: the first message per field, an unknown record, or a stale version. */
export type Refused =
  { ok: false; reason: 'invalid'; errors: FieldErrors } | { ok: false; reason: 'not-found' } | Conflict

/** What every console editor's save answers (docs/decisions/015-content-publishing.md): done, or why not. */
export type SaveResult<Done = { id: number; version: number }> = ({ ok: true } & Done) | Refused
