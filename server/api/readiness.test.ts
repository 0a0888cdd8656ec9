import { describe, expect, it } from 'vitest'
import { createReadiness, READINESS_FRESH_MS } from './readiness.ts'

describe('readiness', () => {
  it('asks the database at most once per freshness window, however many probes come', async () => {
    let pings = 0
    let now = 0
    const readiness = createReadiness(async () => void pings++, { now: () => now })
    const answers = await Promise.all(Array.from({ length: 50 }, () => readiness.check()))
    expect(answers.every(Boolean)).toBe(true)
    expect(pings).toBe(1)
    now = READINESS_FRESH_MS - 1
    await readiness.check()
    expect(pings).toBe(1)
    now = READINESS_FRESH_MS
    await readiness.check()
    expect(pings).toBe(2)
  })

  it('answers not ready within the timeout when the database does not answer, and ready again when it does', async () => {
    let answer: 'hang' | 'fail' | 'ok' = 'hang'
    let now = 0
    const readiness = createReadiness(() => (answer === 'hang' ? new Promise<void>(() => {}) : answer === 'fail' ? Promise.reject(new Error('down')) : Promise.resolve()), {
      timeoutMs: 200,
      now: () => now,
    })
    const started = performance.now()
    expect(await readiness.check()).toBe(false)
    expect(performance.now() - started).toBeLessThan(500)
    answer = 'fail'
    now += READINESS_FRESH_MS
    expect(await readiness.check()).toBe(false)
    answer = 'ok'
    expect(await readiness.check(), 'the failure stands for the freshness window').toBe(false)
    now += READINESS_FRESH_MS
    expect(await readiness.check()).toBe(true)
  })
})
