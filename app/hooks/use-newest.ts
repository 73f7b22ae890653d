import { useState } from "react";

interface Seen<T> {
  fromFetcher: T | undefined;
  fromPage: T | undefined;
  newest: T | undefined;
}

/**
 * The step after `seen` when the two answers are now `fromFetcher` and `fromPage`: the one that changed is the newest
 * (the page's, if both did at once); an answer that went back to nothing changes nothing.
 */
export function nextNewest<T>(seen: Seen<T>, fromFetcher: T | undefined, fromPage: T | undefined): Seen<T> {
  let newest = seen.newest;
  if (fromFetcher !== seen.fromFetcher && fromFetcher !== undefined) newest = fromFetcher;
  if (fromPage !== seen.fromPage && fromPage !== undefined) newest = fromPage;
  return { fromFetcher, fromPage, newest };
}

/**
 * Of a form's two ways of posting, the answer that came last: a fetcher's data and the page's action data each stay
 * until the next answer of their own kind, so "the fetcher's if any" would show a stale refusal after a later plain
 * post. (React's pattern for information from earlier renders: state updated while rendering.)
 */
export function useNewest<T>(fromFetcher: T | undefined, fromPage: T | undefined): T | undefined {
  const [seen, setSeen] = useState<Seen<T>>(() => ({ fromFetcher, fromPage, newest: fromFetcher ?? fromPage }));
  if (seen.fromFetcher === fromFetcher && seen.fromPage === fromPage) return seen.newest;
  const next = nextNewest(seen, fromFetcher, fromPage);
  setSeen(next);
  return next.newest;
}
