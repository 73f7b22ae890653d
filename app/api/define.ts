import type { z } from "zod/v4";
import type { Actor } from "~/services/access";

type Method = "get" | "post" | "put" | "delete";
export type Schema = z.ZodType | undefined;
/** What a handler receives: the parsed value of a schema (nothing without one). */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * How the body is read over HTTP: JSON (default), form fields (urlencoded or multipart), either; `json-optional`
 * (an empty body is `{}`, any content type), `text` (the raw text) and `csv` (a text/csv body or the `file` of a form).
 */
export type BodyType = "json" | "form" | "json-or-form" | "json-optional" | "text" | "csv";

export interface RouteSpec<P extends Schema, Q extends Schema, B extends Schema, R extends Schema> {
  method: Method;
  /** OpenAPI style, relative to /api/v1: "/products/product/{id}/product" */
  path: string;
  summary: string;
  tag: string;
  /**
   * who may call it, checked by dispatch.ts before anything is read: "user" (signed in), "admin", "staff" (staff or an
   * admin), "owner" (signed in; the {userId} of the path or an admin; for other ids the service that loads the
   * resource checks its owner)
   */
  access?: "public" | "user" | "owner" | "staff" | "admin";
  /**
   * Rate limits besides the default one, which counts every call that is not a GET as a write of its caller (the
   * signed-in user, else the client address): "registration" (accounts per client address), "checkout" (payment
   * attempts per user); `false` for none at all (login, which limits its failures itself; the signed webhook).
   */
  rateLimit?: "registration" | "checkout" | false;
  params?: P;
  query?: Q;
  body?: B;
  bodyType?: BodyType;
  /** largest body accepted, in bytes (413 above it, refused while it streams) */
  maxBodyBytes?: number;
  /** files a form body may carry, the size of each, and what to say (422, field `field`) about too many */
  files?: { max: number; maxBytes: number; field?: string; tooMany?: string };
  /** the `data` of a success: documents it, types the handler's answer and checks an answer read over HTTP */
  response?: R;
  /** for answers that are not the JSON envelope (images, CSV) */
  responseContentType?: string;
  status?: 200 | 201 | 202;
  /** error statuses of this route besides the common ones, for the OpenAPI document (410 for a spent link) */
  errorStatuses?: Record<string, string>;
}

/** The parts of the caller's request a handler may read, whatever the transport (HTTP or in-process). */
export interface ApiRequest {
  requestId: string;
  header(name: string): string | undefined;
  cookie(name: string): string | undefined;
  /** for per-client rate limits; undefined when no trustworthy address is known */
  clientAddress: string | undefined;
  /** the request came over HTTPS (cookies are then Secure) */
  https: boolean;
}

export interface HandlerInput<P extends Schema, Q extends Schema, B extends Schema> {
  actor: Actor | null;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: ApiRequest;
}

/** A success in the envelope of docs/api.md#envelope: `{ message, data, ...extra }`. */
export interface Reply<R extends Schema> {
  message: string;
  data?: R extends z.ZodType ? z.input<R> : null;
  status?: 200 | 201 | 202;
  headers?: Record<string, string>;
  /** top-level fields some clients of the contract read (`accessToken`, `clientSecret`, `order`) */
  extra?: Record<string, unknown>;
}

/** A handler answers a Reply, or a whole Response for what is not JSON (images, CSV). */
export type HandlerResult<R extends Schema> = Reply<R> | Response;

export interface ApiRoute<P extends Schema, Q extends Schema, B extends Schema, R extends Schema> extends RouteSpec<
  P,
  Q,
  B,
  R
> {
  handle(input: HandlerInput<P, Q, B>): Promise<HandlerResult<R>>;
}

// a route of any shape, for the lists that hold them all; `any` because a handler's input varies per route
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyApiRoute = ApiRoute<any, any, any, any>;

/**
 * One endpoint of /api/v1: its contract (path, access, schemas) and its handler, in one value. The HTTP server
 * serves it, the OpenAPI document describes it, and the pages' client calls it (app/client/api.server.ts).
 */
export function defineRoute<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends Schema = undefined,
>(
  spec: RouteSpec<P, Q, B, R>,
  handle: (input: HandlerInput<P, Q, B>) => Promise<HandlerResult<R>>,
): ApiRoute<P, Q, B, R> {
  return { ...spec, handle };
}
