import type { LoaderFunctionArgs } from "@remix-run/node";
import { callApi, endpoints } from "~/client/api.server";
import { loadOrThrow } from "~/web/actions.server";

/** As-you-type suggestions for the search bar (JSON for its script; the search form itself needs none). */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  // words the API cannot read (a NUL, a control character) are the request's 400, not a failure of ours
  const { data } = await loadOrThrow(callApi(endpoints.products.suggestions, { query: { q } }));
  // the same for everyone and changes only with the catalogue: a short shared cache is safe
  return Response.json(data, { headers: { "Cache-Control": "public, max-age=60" } });
}
