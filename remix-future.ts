/**
 * Remix's future flags: the one list vite.config.ts gives the Remix plugin and the tests' page build
 * (tests/support/hostile/page-build.ts) gives the pages, so both serve the shop the same way.
 */
export const REMIX_FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
  v3_routeConfig: true,
} as const;
