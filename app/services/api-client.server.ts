import { z } from "zod/v4";
import { API_BASE, handleApiRequest } from "~/api/app";
import {
  CategorySchema,
  ProductPageSchema,
  ProductSchema,
  type ProductSearchQuery,
} from "~/schemas/catalogue";
import { ErrorEnvelopeSchema } from "~/schemas/common";
import { getConfig } from "~/utils/env.server";

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

interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  json?: unknown;
  token?: string;
}

function buildUrl(origin: string, path: string, query: CallOptions["query"]): string {
  const url = new URL(API_BASE + path, origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * Calls /api/v1: in-process through the API router by default (no socket), over HTTP when API_URL is set.
 * Returns the parsed `data` of the envelope; throws ApiError for an error envelope.
 */
export async function callApi<S extends z.ZodType>(path: string, schema: S, options: CallOptions = {}): Promise<{ message: string; data: z.output<S> }> {
  const remote = getConfig().apiUrl;
  const headers = new Headers({ accept: "application/json" });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.json !== undefined) headers.set("content-type", "application/json");
  const request = new Request(buildUrl(remote ?? "http://shop.internal", path, options.query), {
    method: options.method ?? "GET",
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const response = remote ? await fetch(request) : await handleApiRequest(request);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ErrorEnvelopeSchema.safeParse(body);
    throw new ApiError(response.status, error.success ? error.data.message : `The API answered ${response.status}`, error.success ? error.data.errors : undefined);
  }
  const parsed = z.object({ message: z.string(), data: schema }).safeParse(body);
  if (!parsed.success) throw new ApiError(502, `Unexpected answer from ${path}: ${parsed.error.message}`);
  return parsed.data as { message: string; data: z.output<S> };
}

/** The typed calls the UI routes make. */
export const api = {
  categories: {
    all: () => callApi("/categories/all", z.array(CategorySchema)).then((r) => r.data),
  },
  products: {
    search: (query: Partial<ProductSearchQuery>) =>
      callApi("/products/search", ProductPageSchema, { query: { ...query } }).then((r) => r.data),
    byId: (id: number) => callApi(`/products/product/${id}/product`, ProductSchema).then((r) => r.data),
    brands: () => callApi("/products/distinct/brands", z.array(z.string())).then((r) => r.data),
  },
};
