import { nanoid } from "nanoid";
import { authenticate } from "~/services/accounts/sign-in.server";
import { DomainError, retryAfterOf, unavailableOr } from "~/services/errors";
import { cameOverHttps } from "~/lib/env.server";
import { clientAddress } from "./client-address";
import type { AnyApiRoute, ApiRequest } from "./define";
import { dispatch } from "./dispatch";

/** A call from the pages in this process: typed values, files as parsed by the page, no JSON and no socket. */
export interface InProcessCall {
  params?: object;
  query?: object;
  body?: unknown;
  token?: string;
  /** what the page's request says about the caller (X-Forwarded-For, a refresh-token cookie) */
  headers?: Headers;
}

export type InProcessOutcome =
  | { kind: "reply"; status: number; message: string; data: unknown; headers: Headers }
  | { kind: "error"; status: number; message: string; errors?: Record<string, string[]>; headers: Headers }
  | { kind: "response"; response: Response };

/** Path and query values as they would arrive over HTTP (strings), so both transports validate the same input. */
function asStrings(values: object | undefined): Record<string, string | string[]> {
  // built from entries: a key named "__proto__" stays an own key (see http.ts queryObject)
  return Object.fromEntries(
    Object.entries(values ?? {})
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : String(value)]),
  );
}

function cookieOf(headers: Headers, name: string): string | undefined {
  for (const pair of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = pair.split("=");
    if (key?.trim() === name) return decodeURIComponent(value.join("=").trim());
  }
  return undefined;
}

/**
 * Runs one route for the pages of this process: the same access rule, validation and handler as over HTTP. Domain
 * errors come back as an outcome (the client turns them into its ApiError); anything else is thrown as it is.
 */
export async function callInProcess(route: AnyApiRoute, call: InProcessCall): Promise<InProcessOutcome> {
  // most calls carry no headers (a page's loaders calling the public catalogue): nothing to read then
  const headers = call.headers;
  const request: ApiRequest = {
    requestId: nanoid(),
    header: (name) => headers?.get(name) ?? undefined,
    cookie: (name) => (headers ? cookieOf(headers, name) : undefined),
    clientAddress: clientAddress(headers?.get("x-forwarded-for") ?? undefined, undefined),
    https: cameOverHttps("http://in-process/", headers?.get("x-forwarded-proto") ?? undefined),
  };
  try {
    const actor = call.token
      ? await authenticate(call.token).catch((error: unknown) => Promise.reject(unavailableOr(error)))
      : null;
    const raw = { params: asStrings(call.params), query: asStrings(call.query), readBody: async () => call.body };
    const result = await dispatch(route, raw, request, actor);
    if (result instanceof Response) return { kind: "response", response: result };
    return {
      kind: "reply",
      status: result.status ?? route.status ?? 200,
      message: result.message,
      data: result.data ?? null,
      headers: new Headers(result.headers),
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const headers = new Headers();
    const retryAfter = retryAfterOf(error);
    if (retryAfter !== undefined) headers.set("Retry-After", String(retryAfter));
    return { kind: "error", status: error.status, message: error.message, errors: error.fieldErrors, headers };
  }
}
