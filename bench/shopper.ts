// A shopper for the benchmarks' signed-in pages (bench/throughput.ts, bench/profile-render.ts): registered through the
// API with an address, one product in the cart, and the pages' session cookie from the sign-in form.

const JSON_BODY = { "content-type": "application/json" };

export async function benchShopper(origin: string, productId: number) {
  const credentials = { email: `bench-${Date.now()}@bench.test`, password: "bench-shopper-password" };
  const address = { street: "1 Bench Street", city: "Springfield", state: "IL", country: "US", postalCode: "62701" };
  const added = await fetch(`${origin}/api/v1/users/add`, {
    method: "POST",
    headers: JSON_BODY,
    body: JSON.stringify({ firstName: "Bench", lastName: "Shopper", ...credentials, addressList: [address] }),
  });
  if (added.status !== 201) throw new Error(`registering the shopper: ${added.status} ${await added.text()}`);
  const { id } = ((await added.json()) as { data: { id: number } }).data;
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: "POST",
    headers: JSON_BODY,
    body: JSON.stringify(credentials),
  });
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const item = await fetch(`${origin}/api/v1/cartItems/item/add`, {
    method: "POST",
    headers: { ...JSON_BODY, authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ productId, quantity: 1 }),
  });
  if (!item.ok) throw new Error(`adding to the shopper's cart: ${item.status} ${await item.text()}`);
  return {
    id,
    /** a new session cookie of the pages, from the sign-in form (autocannon keeps no rotated cookie: one per round) */
    async cookie() {
      const response = await fetch(`${origin}/login`, {
        method: "POST",
        body: new URLSearchParams(credentials),
        redirect: "manual",
      });
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
      if (!cookie) throw new Error(`signing in: ${response.status}, no session cookie`);
      return cookie.split(";")[0]!;
    },
  };
}

/** The id of the first product in stock. */
export async function firstProductInStock(origin: string): Promise<number> {
  const answer = (await (await fetch(`${origin}/api/v1/products/search?size=1&inStock=true`)).json()) as {
    data: { content: Array<{ id: number }> };
  };
  return answer.data.content[0]!.id;
}
