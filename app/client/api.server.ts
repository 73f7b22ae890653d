import { isDeepStrictEqual } from "node:util";
import { data } from "@remix-run/node";
import { z } from "zod/v4";
import { API_BASE, endpoints } from "~/api/app";
import type { AnyApiRoute, ApiRoute, Schema } from "~/api/define";
import { callInProcess, type InProcessCall } from "~/api/in-process";
import { ErrorEnvelopeSchema } from "~/schemas/common";
import { getConfig } from "~/lib/env.server";
import { createLogger, describeError } from "~/lib/log.server";

const log = createLogger("api");

export { endpoints };

/** A failed API call, with the status and the envelope's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Value<S> = S extends z.ZodType ? z.output<S> : never;
/** What a page sends to a route: the values its schemas produce (the query's all optional), a token, headers. */
export type CallInput<R> =
  R extends ApiRoute<infer P, infer Q, infer B, Schema>
    ? ([P] extends [z.ZodType] ? { params: Value<P> } : { params?: undefined }) &
        ([Q] extends [z.ZodType] ? { query?: Partial<Value<Q>> } : { query?: undefined }) &
        ([B] extends [z.ZodType] ? { body: Value<B> } : { body?: undefined }) & { token?: string; headers?: Headers }
    : never;
export type CallResult<R> =
  R extends ApiRoute<Schema, Schema, Schema, infer Res>
    ? { message: string; data: [Res] extends [z.ZodType] ? z.output<Res> : null; headers: Headers }
    : never;

/** The route's path with its parameters, and its query string. */
function urlOf(route: AnyApiRoute, input: InProcessCall, origin: string): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name])));
  const url = new URL(API_BASE + path, origin);
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return url.toString();
}

/** The body as the route reads it over HTTP: a form when files are in it, CSV text, or JSON. */
function encodeBody(route: AnyApiRoute, body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (route.bodyType === "form") {
    const form = new FormData();
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item instanceof Blob) form.append(key, item);
        else if (item !== undefined && item !== null) form.append(key, String(item));
      }
    }
    return form;
  }
  if (route.bodyType === "csv" || route.bodyType === "text") {
    headers.set("content-type", route.bodyType === "csv" ? "text/csv" : "application/json");
    return String(body);
  }
  headers.set("content-type", "application/json");
  return JSON.stringify(body);
}

/** One call over HTTP, to the API at API_URL (another deployment of this shop's API). */
function fetchRemote(route: AnyApiRoute, input: InProcessCall, origin: string): Promise<Response> {
  const headers = new Headers(input.headers);
  headers.set("accept", "application/json");
  if (input.token) headers.set("authorization", `Bearer ${input.token}`);
  const body = encodeBody(route, input.body, headers);
  return fetch(urlOf(route, input, origin), { method: route.method.toUpperCase(), headers, body }).catch(
    (error: unknown) => {
      // the API's deployment cannot be reached: as unavailable as a database that is down
      log.warn(`${route.path}: ${describeError(error)}`);
      return throwIfUnavailable(503, "The shop is busy right now. Please try again in a few seconds.", "5") as never;
    },
  );
}

async function errorOf(response: Response): Promise<ApiError> {
  const envelope = ErrorEnvelopeSchema.safeParse(await response.json().catch(() => null));
  const error = envelope.success
    ? new ApiError(response.status, envelope.data.message, envelope.data.errors)
    : new ApiError(response.status, `The API answered ${response.status}`);
  throwIfUnavailable(error.status, error.message, response.headers.get("Retry-After"));
  return error;
}

/**
 * The API cannot serve now (503: its database is down or busy): the page answers 503 with the same Retry-After and
 * a "try again" page, whichever loader or action made the call. No page handles this case on its own.
 */
function throwIfUnavailable(status: number, message: string, retryAfter: string | null | undefined) {
  if (status !== 503) return;
  throw data(message, { status: 503, headers: { "Retry-After": retryAfter || "5", "Cache-Control": "no-store" } });
}

/**
 * An answer's `data`, as the route's response schema reads it: the same checks in both transports, and fields the
 * contract does not name never reach a page.
 */
function dataOf(route: AnyApiRoute, data: unknown): unknown {
  const parsed = (route.response ?? z.null()).safeParse(data);
  if (!parsed.success) throw new ApiError(502, `Unexpected answer from ${route.path}: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The `data` of an in-process answer: the handler's own value, typed by the route's response schema, handed over as it
 * is (docs/decisions/0029-memory-and-in-process-api.md). Outside production (the dev server, the tests) it is also
 * checked: it must read as the schema reads it, unchanged, so a field the contract does not name, a Date where the
 * JSON would carry a string, or a value the schema would change is a 502 where it is written, not a difference
 * between the transports.
 */
function inProcessDataOf(route: AnyApiRoute, data: unknown): unknown {
  if (getConfig().production) return data;
  const checked = dataOf(route, data);
  if (!isDeepStrictEqual(checked, data)) {
    throw new ApiError(502, `Unexpected answer from ${route.path}: it is not exactly what its response schema reads`);
  }
  return data;
}

/** Reads an answer that came as a Response (over HTTP, or a route's own): the envelope, checked by the schema. */
async function readResponse(route: AnyApiRoute, response: Response) {
  if (!response.ok) throw await errorOf(response);
  const envelope = z
    .object({ message: z.string(), data: z.unknown() })
    .safeParse(await response.json().catch(() => null));
  if (!envelope.success) throw new ApiError(502, `Unexpected answer from ${route.path}: ${envelope.error.message}`);
  return { message: envelope.data.message, data: dataOf(route, envelope.data.data), headers: response.headers };
}

/**
 * Calls one /api/v1 route with typed input: in this process by default (the route's own pipeline, no JSON, no
 * socket, files handed over as they were parsed, the handler's answer handed back), over HTTP when API_URL is set
 * (the answer read by the route's response schema). Throws ApiError for an error answer.
 */
export async function callApi<R extends AnyApiRoute>(route: R, input: CallInput<R>): Promise<CallResult<R>> {
  const call = input as InProcessCall;
  const remote = getConfig().apiUrl;
  if (remote) return (await readResponse(route, await fetchRemote(route, call, remote))) as CallResult<R>;
  const outcome = await callInProcess(route, call);
  if (outcome.kind === "error") {
    throwIfUnavailable(outcome.status, outcome.message, outcome.headers.get("Retry-After"));
    throw new ApiError(outcome.status, outcome.message, outcome.errors);
  }
  if (outcome.kind === "response") return (await readResponse(route, outcome.response)) as CallResult<R>;
  return {
    message: outcome.message,
    data: inProcessDataOf(route, outcome.data),
    headers: outcome.headers,
  } as CallResult<R>;
}

/** The raw answer of a route that is not JSON (the CSV export); an error answer throws ApiError. */
export async function fetchApi<R extends AnyApiRoute>(route: R, input: CallInput<R>): Promise<Response> {
  const call = input as InProcessCall;
  const remote = getConfig().apiUrl;
  const outcome = remote
    ? ({ kind: "response", response: await fetchRemote(route, call, remote) } as const)
    : await callInProcess(route, call);
  if (outcome.kind === "error") {
    throwIfUnavailable(outcome.status, outcome.message, outcome.headers.get("Retry-After"));
    throw new ApiError(outcome.status, outcome.message, outcome.errors);
  }
  if (outcome.kind === "reply")
    return Response.json(
      { message: outcome.message, data: outcome.data },
      { status: outcome.status, headers: outcome.headers },
    );
  if (!outcome.response.ok) throw await errorOf(outcome.response);
  return outcome.response;
}
