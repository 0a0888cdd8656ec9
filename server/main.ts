// The process's entry. The mode is set before any library is loaded, because React and other
// packages choose their production build from process.env.NODE_ENV when first imported: left unset,
// `node build/main.js` rendered pages with React's development build (slower, and a larger heap).
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production'
await import('./start.ts')

export {}
