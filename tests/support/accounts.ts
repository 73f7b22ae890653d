import type { useApiServer } from "./api-server";
import { word } from "./factories";

type Api = ReturnType<typeof useApiServer>;

export const PASSWORD = "correct horse battery";

/** A complete address, as the registration and address forms send it. */
export function addressInput() {
  return {
    street: "1 Main St",
    city: "Austin",
    state: "TX",
    country: "US",
    postalCode: "78701",
    mobileNumber: "+1 512 555 0100",
    addressType: "HOME",
  };
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `${word()}@example.com`,
    password: PASSWORD,
    addressList: [addressInput()],
    ...overrides,
  };
}

export async function register(api: Api, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await api.json<{
    message: string;
    data: { id: number; email: string; addressList: Array<{ id: number }> };
  }>("/users/add", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...response.body.data, password: body.password as string };
}

export async function loginAs(api: Api, email: string, password = PASSWORD) {
  const response = await api.request("/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { accessToken: string; message: string };
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("refreshToken="));
  return {
    status: response.status,
    body,
    accessToken: body.accessToken,
    refreshCookie: cookie?.split(";")[0] ?? "",
    setCookie: cookie ?? "",
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
