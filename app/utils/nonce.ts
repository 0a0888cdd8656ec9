import { createContext, createElement, useContext, type ReactNode } from 'react'

/** The CSP nonce of the response being rendered; empty in the browser, which hides it anyway. */
const NonceContext = createContext('')

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return createElement(NonceContext.Provider, { value }, children)
}

export const useNonce = () => useContext(NonceContext)
