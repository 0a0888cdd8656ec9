import v8 from 'node:v8'
import vm from 'node:vm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { View } from '#server/services/published.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// A page's request (its load context, loader data, router context) must be free once its answer is
// sent: app/entry.server.tsx's render callbacks once held all of it through React's request object,
// for 6 s by the abort timer and until a full collection by each web stream of the render, so every
// page moved about 300 KB into the old generation and the collector's pauses came three times as
// often (issue 34's tail). The view object of a request stands for the request: its load context
// holds it, and nothing else does once the page is sent.
let t: Awaited<ReturnType<typeof buildTestApp>>

beforeAll(async () => {
  t = await buildTestApp({ pages: true })
}, 180_000)
afterAll(async () => t?.close(), 60_000)

/** Full collections, three: a native object weakly held is let go in one, its JavaScript half in a later one. */
async function collect() {
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc') as () => void
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
}

it('lets a page request go once the page is sent, in both languages', async () => {
  const { settings } = t.runtime.services
  const read = settings.get
  const views: WeakRef<View>[] = []
  settings.get = (view) => {
    if (view) views.push(new WeakRef(view))
    return read(view)
  }
  try {
    for (const url of ['/', '/id/TM250142-3', '/product?lang=en', '/investment/stock?lang=en']) {
      const res = await t.app.inject({ url })
      expect(res.body, url).toContain('</html>')
    }
  } finally {
    settings.get = read
  }
  expect(views).toHaveLength(4)
  await collect()
  expect(views.filter((view) => view.deref() !== undefined)).toHaveLength(0)
})
