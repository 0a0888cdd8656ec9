import { describe, expect, it } from 'vitest'
import { pageOfDataRequest } from './database-outage.ts'

describe('pageOfDataRequest', () => {
  it('names the page a single-fetch data request loads for, with the visitor query and without React Router’s', () => {
    expect(pageOfDataRequest('/related-data.data?_routes=root,routes/related-data')).toBe('/related-data')
    expect(pageOfDataRequest('/_root.data?lang=en')).toBe('/?lang=en')
    expect(pageOfDataRequest('/product/1/2.data?lang=en&_routes=x&page=2')).toBe('/product/1/2?lang=en&page=2')
    expect(pageOfDataRequest('/related-data?x=.data')).toBeNull()
    expect(pageOfDataRequest('/related-data')).toBeNull()
  })
})
