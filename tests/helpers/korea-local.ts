/** Korea-time `datetime-local` text `minutes` from now, as the console's date fields send it. */
export const koreaLocal = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 9 * 3_600_000).toISOString().slice(0, 16)
