import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  BadRequestError,
  DomainError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from "~/services/errors";
import { cameOverHttps, getConfig } from "~/lib/env.server";
import {
  BodyTooLargeError,
  formObject,
  MalformedBodyError,
  readFormData,
  readText,
  TooManyFilesError,
} from "~/lib/request-body.server";
import { clientAddress } from "./client-address";
import type { ApiEnv } from "./context";
import type { AnyApiRoute, ApiRequest, HandlerResult } from "./define";
import { dispatch } from "./dispatch";
import { domainErrorResponse } from "./errors";

/** Query string as an object; a key given several times becomes an array. */
function queryObject(url: URL): Record<string, string | string[]> {
  // built from entries: a key named "__proto__" is an own key like any other, never the object's prototype
  return Object.fromEntries(
    [...new Set(url.searchParams.keys())].map((key) => {
      const values = url.searchParams.getAll(key);
      return [key, values.length > 1 ? values : values[0]!];
    }),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError("The request body is not valid JSON.");
  }
}

/** The body of an HTTP request as the route's bodyType reads it, refused while it streams past its limits. */
async function readBody(c: Context<ApiEnv>, route: AnyApiRoute): Promise<unknown> {
  const request = c.req.raw;
  const maxBytes = route.maxBodyBytes ?? getConfig().bodyLimitBytes;
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const isJson = type.includes("application/json");
  const isForm = type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data");
  const form = async () =>
    formObject(
      await readFormData(request, { maxBytes, maxFiles: route.files?.max, maxFileBytes: route.files?.maxBytes }),
    );
  try {
    switch (route.bodyType ?? "json") {
      case "json-optional": {
        const text = (await readText(request, maxBytes)).trim();
        return text ? parseJson(text) : {};
      }
      case "text":
        return await readText(request, maxBytes);
      case "csv":
        if (type.startsWith("text/csv") || type.startsWith("text/plain")) return await readText(request, maxBytes);
        if (type.startsWith("multipart/form-data")) {
          const file = (await form()).file;
          if (!(file instanceof File) || file.size === 0) {
            throw new ValidationError("Please select a CSV file.", { file: ["Please select a CSV file."] });
          }
          return await file.text();
        }
        throw new UnsupportedMediaTypeError("Send the CSV as text/csv or as the `file` of a multipart form.");
      case "form":
        if (!isForm) throw new UnsupportedMediaTypeError("Send the body as form data.");
        return await form();
      case "json-or-form":
        if (isForm) return await form();
        if (!isJson) throw new UnsupportedMediaTypeError("Send the body as application/json or form data.");
        return parseJson(await readText(request, maxBytes));
      case "json":
        if (!isJson) throw new UnsupportedMediaTypeError("Send the body as application/json.");
        return parseJson(await readText(request, maxBytes));
    }
  } catch (error) {
    if (error instanceof TooManyFilesError) {
      throw new ValidationError(error.message, { [route.files?.field ?? "files"]: [error.message] });
    }
    if (error instanceof BodyTooLargeError) throw new PayloadTooLargeError(error.message);
    if (error instanceof MalformedBodyError) throw new BadRequestError(error.message);
    throw error;
  }
}

function httpRequest(c: Context<ApiEnv>): ApiRequest {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return {
    requestId: c.get("requestId"),
    header: (name) => c.req.header(name),
    cookie: (name) => getCookie(c, name),
    clientAddress: clientAddress(c.req.header("x-forwarded-for"), env?.incoming?.socket?.remoteAddress),
    https: cameOverHttps(c.req.url, c.req.header("x-forwarded-proto")),
  };
}

/** A handler's answer as an HTTP response: the envelope `{ message, data, ...extra }` as JSON, or its own Response. */
function toResponse(route: AnyApiRoute, result: HandlerResult<AnyApiRoute["response"]>, requestId: string) {
  if (result instanceof Response) return result;
  const body = { message: result.message, data: result.data ?? null, ...result.extra };
  return Response.json(body, {
    status: result.status ?? route.status ?? 200,
    headers: { "X-Request-Id": requestId, ...result.headers },
  });
}

/** Serves every route over HTTP: Hono matches the path, the route's own pipeline does the rest. */
export function serveRoutes(hono: Hono<ApiEnv>, routes: readonly AnyApiRoute[]) {
  for (const route of routes) {
    const honoPath = route.path.replace(/\{(\w+)\}/g, ":$1");
    hono.on(route.method.toUpperCase(), honoPath, async (c) => {
      let bodyRefused = false;
      const readRefusing = () =>
        readBody(c, route).catch((error: unknown) => {
          bodyRefused = true;
          throw error;
        });
      const raw = { params: c.req.param(), query: queryObject(new URL(c.req.url)), readBody: readRefusing };
      try {
        const result = await dispatch(route, raw, httpRequest(c), c.get("actor"));
        return toResponse(route, result, c.get("requestId"));
      } catch (error) {
        if (!bodyRefused || !(error instanceof DomainError)) throw error;
        // the body was refused before its end: this connection cannot carry another request
        return domainErrorResponse(error, c.get("requestId"), { Connection: "close" });
      }
    });
  }
}
