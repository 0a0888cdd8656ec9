/**
 * Entries per index key and language, added up in memory for `search_key_counts` (a full reindex
 * adds some forty million keys: an open-addressing table of typed arrays does it several times
 * faster than a Map).
 */
class KeyTable {
  private bits = 12
  private capacity = 1 << this.bits
  private keys = new Int32Array(this.capacity)
  private counts = new Int32Array(this.capacity)
  private used = new Uint8Array(this.capacity)
  private size = 0

  add(key: number, n: number): void {
    if (this.size * 2 >= this.capacity) this.grow()
    const mask = this.capacity - 1
    // Fibonacci hashing: the product's high bits, which depend on every bit of the key (its low
    // bits depend only on the key's low bits, so bigrams ending in the same character collided).
    let i = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits)
    while (this.used[i]) {
      if (this.keys[i] === key) {
        this.counts[i]! += n
        return
      }
      i = (i + 1) & mask
    }
    this.used[i] = 1
    this.keys[i] = key
    this.counts[i] = n
    this.size++
  }

  private grow(): void {
    const { keys, counts, used, capacity } = this
    this.bits++
    this.capacity = capacity * 2
    this.keys = new Int32Array(this.capacity)
    this.counts = new Int32Array(this.capacity)
    this.used = new Uint8Array(this.capacity)
    this.size = 0
    for (let i = 0; i < capacity; i++) if (used[i]) this.add(keys[i]!, counts[i]!)
  }

  *entries(): Generator<[key: number, n: number]> {
    for (let i = 0; i < this.capacity; i++)
      if (this.used[i] && this.counts[i] !== 0) yield [this.keys[i]!, this.counts[i]!]
  }
}

export class KeyCounts {
  private byLang = new Map<string, KeyTable>()

  /** Counts one entry (`sign` -1: takes it away) under each of its keys: the keys of its title and body, each once. */
  add(lang: string, titleKeys: Iterable<number>, bodyKeys: ReadonlySet<number> | readonly number[], sign = 1): void {
    let table = this.byLang.get(lang)
    if (!table) this.byLang.set(lang, (table = new KeyTable()))
    const body = bodyKeys instanceof Set ? bodyKeys : new Set(bodyKeys)
    for (const key of body) table.add(key, sign)
    for (const key of titleKeys) if (!body.has(key)) table.add(key, sign)
  }

  /** The changes, in (language, key) order: concurrent writers then lock the count rows in the same order. */
  rows(): { lang: string; key: number; entries: number }[] {
    const rows: { lang: string; key: number; entries: number }[] = []
    for (const [lang, table] of this.byLang)
      for (const [key, entries] of table.entries()) rows.push({ lang, key, entries })
    return rows.sort((a, b) => (a.lang < b.lang ? -1 : a.lang > b.lang ? 1 : a.key - b.key))
  }
}
