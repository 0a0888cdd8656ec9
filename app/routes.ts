import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/** The specification's route table (section 2). Later features add their routes here. */
export default [
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
