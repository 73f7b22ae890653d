import { data, type MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageTitle } from "~/lib/site";

/**
 * Every URL no other route takes. Without it Remix renders root's error boundary without running root's loader: the
 * 404 page showed a signed-in shopper as signed out, an empty footer and the home's title. As a route of its own the
 * 404 is thrown by a loader like any other, inside the layout with its data.
 */
export const meta: MetaFunction = () => [
  { title: pageTitle("Page not found") },
  { name: "robots", content: "noindex" },
];

const notFound = () => {
  throw data("Not found", { status: 404 });
};

export const loader = notFound;
// a form posted to an unknown address is a 404 too, not "this route has no action" (405)
export const action = notFound;

/** Never rendered (the loader always throws): the boundary is the page. */
export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
