import { z } from "zod/v4";
import { API_BASE, handleApiRequest } from "~/api/app";
import { AddressSchema, UserSchema, type AddressInput, type RegisterInput } from "~/schemas/account";
import {
  CategorySchema,
  ImageSchema,
  ImportResultSchema,
  InventoryPageSchema,
  ProductPageSchema,
  ProductSchema,
  type ProductInput,
  type ProductSearchQuery,
} from "~/schemas/catalogue";
import { ErrorEnvelopeSchema } from "~/schemas/common";
import {
  AdminOrderPageSchema,
  CartCountSchema,
  CartItemSchema,
  CartSchema,
  OrderSchema,
  PaymentConfigSchema,
  PaymentIntentSchema,
  TestConfirmResultSchema,
  type Billing,
} from "~/schemas/orders";
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

/** One raw call to /api/v1: in-process through the API router by default (no socket), over HTTP when API_URL is set. */
export async function apiFetch(
  path: string,
  init: RequestInit & { query?: CallOptions["query"] } = {},
): Promise<Response> {
  const remote = getConfig().apiUrl;
  const { query, ...rest } = init;
  const request = new Request(buildUrl(remote ?? "http://shop.internal", path, query), rest);
  return remote ? fetch(request) : handleApiRequest(request);
}

/** The ApiError of an error answer. */
export async function apiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const error = ErrorEnvelopeSchema.safeParse(body);
  return new ApiError(
    response.status,
    error.success ? error.data.message : `The API answered ${response.status}`,
    error.success ? error.data.errors : undefined,
  );
}

/** Calls /api/v1 and returns the parsed envelope; throws ApiError for an error answer. */
export async function callApi<S extends z.ZodType>(
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<{ message: string; data: z.output<S> }> {
  const headers = new Headers({ accept: "application/json" });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.json !== undefined) headers.set("content-type", "application/json");
  const response = await apiFetch(path, {
    method: options.method ?? "GET",
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    query: options.query,
  });
  if (!response.ok) throw await apiError(response);
  const body: unknown = await response.json().catch(() => null);
  const parsed = z.object({ message: z.string(), data: schema }).safeParse(body);
  if (!parsed.success) throw new ApiError(502, `Unexpected answer from ${path}: ${parsed.error.message}`);
  return parsed.data as { message: string; data: z.output<S> };
}

/** A multipart call (image uploads): the browser's files go on to the API as they came. */
async function callApiForm<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { method: "POST" | "PUT"; form: FormData; token: string },
) {
  const response = await apiFetch(path, {
    method: options.method,
    headers: { accept: "application/json", authorization: `Bearer ${options.token}` },
    body: options.form,
  });
  if (!response.ok) throw await apiError(response);
  const parsed = z.object({ message: z.string(), data: schema }).safeParse(await response.json().catch(() => null));
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
    add: (token: string, input: ProductInput) =>
      callApi("/products/add", ProductSchema, { method: "POST", json: input, token }),
    update: (token: string, id: number, input: ProductInput) =>
      callApi(`/products/product/${id}/update`, ProductSchema, { method: "PUT", json: input, token }),
    remove: (token: string, id: number) =>
      callApi(`/products/product/${id}/delete`, z.number(), { method: "DELETE", token }),
  },
  inventory: {
    list: (token: string, query: { q?: string; lowStock?: boolean; page?: number }) =>
      callApi("/products/inventory", InventoryPageSchema, {
        token,
        query: { q: query.q, lowStock: query.lowStock ? "true" : undefined, page: query.page },
      }).then((r) => r.data),
    exportCsv: (token: string) => apiFetch("/products/export.csv", { headers: { authorization: `Bearer ${token}` } }),
    importCsv: (token: string, file: File) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return callApiForm("/products/import", ImportResultSchema, { method: "POST", form, token });
    },
  },
  images: {
    upload: (token: string, productId: number, files: File[]) => {
      const form = new FormData();
      form.set("productId", String(productId));
      for (const file of files) form.append("files", file, file.name);
      return callApiForm("/images/upload", z.array(ImageSchema), { method: "POST", form, token });
    },
    replace: (token: string, imageId: number, file: File) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return callApiForm(`/images/image/${imageId}/update`, ImageSchema, { method: "PUT", form, token });
    },
    remove: (token: string, imageId: number) =>
      callApi(`/images/image/${imageId}/delete`, z.null(), { method: "DELETE", token }),
  },
  users: {
    register: (input: RegisterInput) => callApi("/users/add", UserSchema, { method: "POST", json: input }),
    get: (token: string, userId: number) =>
      callApi(`/users/user/${userId}/user`, UserSchema, { token }).then((r) => r.data),
  },
  addresses: {
    add: (token: string, userId: number, address: AddressInput) =>
      callApi(`/addresses/${userId}/new`, z.array(AddressSchema), { method: "POST", json: [address], token }),
    update: (token: string, addressId: number, address: AddressInput) =>
      callApi(`/addresses/${addressId}/update`, AddressSchema, { method: "PUT", json: address, token }),
    remove: (token: string, addressId: number) =>
      callApi(`/addresses/${addressId}/delete`, z.null(), { method: "DELETE", token }),
  },
  cart: {
    get: (token: string, userId: number) =>
      callApi(`/carts/user/${userId}/cart`, CartSchema, { token }).then((r) => r.data),
    count: (token: string, userId: number) =>
      callApi(`/carts/user/${userId}/count`, CartCountSchema, { token }).then((r) => r.data.count),
    add: (token: string, productId: number, quantity: number) =>
      callApi("/cartItems/item/add", CartItemSchema, { method: "POST", json: { productId, quantity }, token }),
    update: (token: string, cartId: number, productId: number, quantity: number) =>
      callApi(`/cartItems/cart/${cartId}/item/${productId}/update`, CartItemSchema, {
        method: "PUT",
        query: { quantity },
        token,
      }),
    remove: (token: string, cartId: number, productId: number) =>
      callApi(`/cartItems/cart/${cartId}/item/${productId}/remove`, z.null(), { method: "DELETE", token }),
    clear: (token: string, cartId: number) =>
      callApi(`/carts/cart/${cartId}/clear`, z.null(), { method: "DELETE", token }),
  },
  payments: {
    config: () => callApi("/payments/config", PaymentConfigSchema).then((r) => r.data),
    createIntent: (token: string, amount: number, checkoutId?: string) =>
      callApi("/orders/create-payment-intent", PaymentIntentSchema, {
        method: "POST",
        json: { amount, currency: "usd", checkoutId },
        token,
      }).then((r) => r.data),
    checkoutSession: (token: string, input: { amount: number; email: string; successUrl: string; cancelUrl: string }) =>
      callApi("/orders/create-checkout-session", z.object({ sessionId: z.string(), url: z.string() }), {
        method: "POST",
        json: input,
        token,
      }).then((r) => r.data),
    testConfirm: (
      token: string,
      input: { paymentIntentId: string; cardNumber: string; expMonth: number; expYear: number; cvc: string },
    ) =>
      callApi("/payments/test/confirm", TestConfirmResultSchema, { method: "POST", json: input, token }).then(
        (r) => r.data,
      ),
  },
  adminOrders: {
    list: (token: string, query: { status?: string; page?: number }) =>
      callApi("/orders/all", AdminOrderPageSchema, { token, query: { status: query.status, page: query.page } }).then(
        (r) => r.data,
      ),
    setStatus: (token: string, orderId: number, status: string) =>
      callApi(`/orders/order/${orderId}/status`, OrderSchema, { method: "PUT", json: { status }, token }),
  },
  orders: {
    list: (token: string, userId: number) =>
      callApi(`/orders/user/${userId}/orders`, z.array(OrderSchema), { token }).then((r) => r.data),
    place: (token: string, userId: number, input: { paymentIntentId: string; billing?: Billing }) =>
      callApi(`/orders/user/${userId}/place-order`, OrderSchema, { method: "POST", json: input, token }),
  },
};
