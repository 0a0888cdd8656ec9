import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import loadShedding from './load-shedding.ts'

// The signed-in share (docs/decisions/048-signed-in-share.md): with every shared slot busy and the
// public line full, a member's or an editor's request and a sign-in are still admitted. A Fastify
// app with the plugin and one API route that answers when the test lets it.
type Gate = { open(): void }

function appWith(options: { maxInFlight: number; signedInSlots: number; queueLength: number }) {
  const app = Fastify()
  const gates: Gate[] = []
  app.register(loadShedding, { ...options, queueWaitMs: 5_000, maxEventLoopDelayMs: 0 })
  app.register(async (scope) => {
    const hold = async () => {
      await new Promise<void>((resolve) => gates.push({ open: resolve }))
      return { success: true }
    }
    scope.get('/api/slow', hold)
    scope.post('/api/login', hold)
  })
  return { app, gates }
}

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('load shedding: the signed-in share', () => {
  it('admits a signed-in request and a sign-in while public traffic holds every shared slot and fills its line', async () => {
    const { app, gates } = appWith({ maxInFlight: 1, signedInSlots: 1, queueLength: 1 })
    close = () => app.close()
    const publicFirst = app.inject({ url: '/api/slow?n=1' })
    const publicWaiting = app.inject({ url: '/api/slow?n=2' })
    await settle()
    // The public line is full: the next anonymous request is shed at once.
    expect((await app.inject({ url: '/api/slow?n=3' })).statusCode).toBe(503)

    // A member's request (a session cookie) takes the kept slot.
    const member = app.inject({ url: '/api/slow?member', headers: { cookie: 'session=abc' } })
    // A sign-in without a session waits in the signed-in line, not the public one.
    const login = app.inject({ method: 'POST', url: '/api/login', payload: { id: 'a' } })
    await settle()
    expect(gates).toHaveLength(2)
    // The first slot that frees goes to the sign-in, ahead of the public request that waited longer.
    gates[0]!.open()
    expect((await publicFirst).statusCode).toBe(200)
    await settle()
    expect(gates).toHaveLength(3)
    gates[1]!.open()
    gates[2]!.open()
    expect((await member).statusCode).toBe(200)
    expect((await login).statusCode).toBe(200)
    await settle()
    gates[3]!.open()
    expect((await publicWaiting).statusCode).toBe(200)
  })

  it('keeps its slots for the signed-in: a public request never takes one', async () => {
    const { app, gates } = appWith({ maxInFlight: 1, signedInSlots: 2, queueLength: 0 })
    close = () => app.close()
    const held = app.inject({ url: '/api/slow?n=1' })
    await settle()
    expect((await app.inject({ url: '/api/slow?n=2' })).statusCode).toBe(503)
    const editors = [1, 2].map((n) => app.inject({ url: `/api/slow?e=${n}`, headers: { cookie: 'console_session=x' } }))
    await settle()
    expect(gates).toHaveLength(3)
    // Both kept slots are busy and the signed-in line holds none (length 0): a third is shed too.
    expect((await app.inject({ url: '/api/slow?e=3', headers: { cookie: 'console_session=x' } })).statusCode).toBe(503)
    for (const gate of gates) gate.open()
    expect((await held).statusCode).toBe(200)
    for (const editor of editors) expect((await editor).statusCode).toBe(200)
  })

  it('with no share of their own, the signed-in wait in the one line like everyone', async () => {
    const { app, gates } = appWith({ maxInFlight: 1, signedInSlots: 0, queueLength: 0 })
    close = () => app.close()
    const held = app.inject({ url: '/api/slow?n=1' })
    await settle()
    expect((await app.inject({ url: '/api/slow?m', headers: { cookie: 'session=abc' } })).statusCode).toBe(503)
    gates[0]!.open()
    expect((await held).statusCode).toBe(200)
  })
})
