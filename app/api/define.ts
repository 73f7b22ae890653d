import type { Context, Hono } from "hono";
import { type z } from "zod/v4";
import { isAdmin, requireActor } from "~/services/access";
import {
  BadRequestError,
  ForbiddenError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
  type FieldErrors,
} from "~/services/errors";
import type { ApiEnv } from "./context";

type Method = "get" | "post" | "put" | "delete";
type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDefinition<P extends Schema, Q extends Schema, B extends Schema> {
  method: Method;
  /** OpenAPI style, relative to /api/v1: "/products/product/{id}/product" */
  path: string;
  summary: string;
  tag: string;
  /** who may call it: "user" and "admin" are enforced here; "owner" (owner or admin) by the service with the resource */
  access?: "public" | "user" | "owner" | "admin";
  params?: P;
  query?: Q;
  body?: B;
  /** how the body is read: JSON (default), form fields (urlencoded or multipart) or either */
  bodyType?: "json" | "form" | "json-or-form";
  /** largest body accepted, in bytes (413 above it) */
  maxBodyBytes?: number;
  /** the `data` of a success, for the OpenAPI document */
  response?: z.ZodType;
  /** for answers that are not the JSON envelope (images) */
  responseContentType?: string;
  status?: 200 | 201;
}

export interface HandlerInput<P extends Schema, Q extends Schema, B extends Schema> {
  c: Context<ApiEnv>;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

export type HandlerResult = Response | { message: string; data?: unknown; status?: 200 | 201 };

export type AnyRouteDefinition = RouteDefinition<Schema, Schema, Schema>;

/** Turns zod issues into the `errors` object of the error envelope: field path → messages. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

function parseOr<S extends z.ZodType>(schema: S, value: unknown, fail: (errors: FieldErrors) => Error): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw fail(fieldErrors(result.error));
  return result.data;
}

/** Query string as an object; a key given several times becomes an array. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length > 1 ? values : values[0]!;
  }
  return out;
}

async function readBody(
  c: Context<ApiEnv>,
  type: RouteDefinition<Schema, Schema, Schema>["bodyType"],
  maxBytes: number,
) {
  const declared = Number(c.req.header("content-length") ?? 0);
  if (declared > maxBytes)
    throw new PayloadTooLargeError(`The request body is larger than ${Math.round(maxBytes / 1024)} KB.`);
  // the boundary of multipart bodies is case-sensitive: keep the header as sent, compare in lower case
  const sentType = c.req.header("content-type") ?? "";
  const contentType = sentType.toLowerCase();
  const isJson = contentType.includes("application/json");
  const isForm =
    contentType.includes("application/x-www-form-urlencoded") || contentType.includes("multipart/form-data");
  if ((type === "json" || type === undefined) && !isJson) {
    throw new UnsupportedMediaTypeError("Send the body as application/json.");
  }
  if (type === "form" && !isForm) throw new UnsupportedMediaTypeError("Send the body as form data.");
  if (type === "json-or-form" && !isJson && !isForm) {
    throw new UnsupportedMediaTypeError("Send the body as application/json or form data.");
  }
  const raw = await c.req.arrayBuffer();
  if (raw.byteLength > maxBytes)
    throw new PayloadTooLargeError(`The request body is larger than ${Math.round(maxBytes / 1024)} KB.`);
  if (isJson) {
    try {
      return JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw new BadRequestError("The request body is not valid JSON.");
    }
  }
  const form = await new Request("http://body", { method: "POST", body: raw, headers: { "content-type": sentType } })
    .formData()
    .catch(() => {
      throw new BadRequestError("The request body is not valid form data.");
    });
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    out[key] = values.length > 1 ? values : values[0]!;
  }
  return out;
}

/** A router that records every route it serves, so the OpenAPI document is generated from the same definitions. */
export class ApiRouter {
  readonly routes: AnyRouteDefinition[] = [];
  constructor(readonly hono: Hono<ApiEnv>) {}

  route<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
    def: RouteDefinition<P, Q, B>,
    handler: (input: HandlerInput<P, Q, B>) => Promise<HandlerResult>,
  ) {
    this.routes.push(def as AnyRouteDefinition);
    const honoPath = def.path.replace(/\{(\w+)\}/g, ":$1");
    this.hono.on(def.method.toUpperCase(), honoPath, async (c) => {
      if (def.access && def.access !== "public") {
        const actor = requireActor(c.get("actor"));
        if (def.access === "admin" && !isAdmin(actor)) throw new ForbiddenError("Only an administrator can do this.");
      }
      const params = (
        def.params
          ? parseOr(def.params, c.req.param(), (errors) => new BadRequestError("Invalid path parameter", errors))
          : undefined
      ) as Out<P>;
      const query = (
        def.query
          ? parseOr(
              def.query,
              queryObject(new URL(c.req.url)),
              (errors) => new BadRequestError("Invalid query parameter", errors),
            )
          : undefined
      ) as Out<Q>;
      const body = (
        def.body
          ? parseOr(
              def.body,
              await readBody(c, def.bodyType, def.maxBodyBytes ?? 1024 * 1024),
              (errors) => new ValidationError("Validation failed", errors),
            )
          : undefined
      ) as Out<B>;
      const result = await handler({ c, params, query, body });
      if (result instanceof Response) return result;
      return c.json({ message: result.message, data: result.data ?? null }, result.status ?? def.status ?? 200);
    });
  }
}
