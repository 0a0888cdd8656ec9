import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

/**
 * The browser build's chunks (docs/decisions/024-javascript-budget.md): React, React DOM and
 * React Router in one chunk, and the frame every public page shows (root, header, footer, modal,
 * error page, the i18n and page utilities) in another, with its CSS in one stylesheet. Left to
 * itself the bundler makes a dozen small chunks and stylesheets per page, each compressed alone
 * (about 2.5 KB more JavaScript) and each a request that blocks rendering.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/
const SITE_FRAME = [
  /app[\\/]root\.tsx/,
  /app[\\/]routes[\\/]site-layout\.tsx/,
  /app[\\/]components[\\/](layout[\\/]|error-page|flash-modal|sub-page)/,
  /app[\\/]components[\\/]ui[\\/](modal|focus-trap|scroll-lock|page-banner|title-block|empty-state|side-menu)\./,
  /app[\\/]utils[\\/](nonce|root-data|route-meta|seo|use-user|scroll-rule|use-typing-before-hydration)\.ts/,
  /app[\\/]i18n[\\/]use-lang\.ts/,
  /app[\\/]styles[\\/]/,
  /shared[\\/](locales|session-cookies|page-anchors)\.ts/,
  /shared[\\/]i18n[\\/]messages\.ts/,
]

const PUBLIC_CSS = /\.css(\?.*)?$/
const CONSOLE_CSS = /app[\\/](routes[\\/]console|components[\\/]console)[\\/]|node_modules/

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    cssMinify: true,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 4 },
                // Every public stylesheet in one file: one render-blocking request per page, cached across pages.
                { name: 'site', test: (id: string) => PUBLIC_CSS.test(id) && !CONSOLE_CSS.test(id), priority: 5 },
                {
                  name: 'site',
                  test: (id: string) => !id.includes('node_modules') && SITE_FRAME.some((re) => re.test(id)),
                  priority: 3,
                },
              ],
            },
          },
        },
  },
}))
