import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { carts, roles, userRoles } from "~/db/schema";
import { bearer, loginAs, PASSWORD, register } from "../accounts";
import { useApiServer } from "../api-server";
import { addToCart, admin as makeAdmin, payAndPlaceOrder } from "../checkout";
import { createCategory, createImage, createProduct } from "../factories";
import { json, type Envelope } from "../requests";
import { useTestDatabase } from "../test-db";
import { startPageServer, type PageRoute, type PageServer } from "./page-server";

export type Role = "visitor" | "user" | "other" | "admin" | "staff";

/** Someone the hostile tests act as: their ids, an API token and a signed-in page session (none for the visitor). */
export interface Actor {
  role: Role;
  id: number;
  email: string;
  token: string;
  /** the `__session` cookie of the pages, signed in */
  cookie: string;
  cartId: number;
  addressIds: number[];
  orderIds: number[];
  /** payment intents of this actor's cart, created and not used */
  paymentIntentIds: string[];
}

/** The data the tests aim at: rows that exist, of each actor, so that valid ids are tried beside hostile ones. */
export interface Fixture {
  actors: Record<Role, Actor>;
  categoryId: number;
  productIds: number[];
  imageIds: number[];
}

const nobody: Actor = {
  role: "visitor",
  id: 0,
  email: "",
  token: "",
  cookie: "",
  cartId: 0,
  addressIds: [],
  orderIds: [],
  paymentIntentIds: [],
};

/** Signs in through the login page (a real form post) and gives the session cookie. */
async function pageSession(pages: PageServer, email: string): Promise<string> {
  const response = await fetch(`${pages.origin}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: pages.origin },
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "/" }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
  if (response.status !== 303 || !cookie) throw new Error(`page login of ${email} answered ${response.status}`);
  return cookie;
}

/**
 * The shop under attack, for one test file: its own database, the API over HTTP, optionally the pages over HTTP (the
 * Remix build served by express), a visitor, two shoppers (each with an address, a cart with a line, an order and an
 * unused payment), an admin and a staff member (a third such shopper with ROLE_STAFF), a category, products and images.
 */
export function useHostileShop(options: { pages?: boolean } = {}) {
  const database = useTestDatabase();
  const api = useApiServer();
  let pages: PageServer | undefined;
  const fixture = {} as Fixture;

  async function shopper(role: Role, productIds: number[]): Promise<Actor> {
    const registered = await register(api);
    const { accessToken } = await loginAs(api, registered.email);
    const auth = bearer(accessToken);
    await addToCart(api, auth, productIds[0]!, 1);
    const { order } = await payAndPlaceOrder(api, { id: registered.id, auth });
    await addToCart(api, auth, productIds[1]!, 2);
    const intent = await api.json<Envelope<{ paymentIntentId: string }>>(
      "/orders/create-payment-intent",
      json("POST", {}, auth),
    );
    const [cart] = await database.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, registered.id));
    return {
      role,
      id: registered.id,
      email: registered.email,
      token: accessToken,
      cookie: "",
      cartId: cart!.id,
      addressIds: registered.addressList.map((a) => a.id),
      orderIds: [order.id],
      paymentIntentIds: [intent.body.data.paymentIntentId],
    };
  }

  beforeAll(async () => {
    const category = await createCategory(database.db);
    const products = [];
    for (let i = 0; i < 4; i++)
      products.push(await createProduct(database.db, { categoryId: category.id, inventory: 1_000 }));
    const productIds = products.map((p) => p.id);
    const imageIds = [];
    for (const id of productIds.slice(0, 2))
      imageIds.push((await createImage(database.db, id, { width: 64, height: 64 })).id);
    const user = await shopper("user", productIds);
    const other = await shopper("other", productIds);
    const admin = await makeAdmin(api, database.db);
    // a shopper who also works in the shop (ROLE_STAFF), signed in again so that the token carries the role
    const staff = await shopper("staff", productIds);
    await database.db.insert(roles).values({ name: "ROLE_STAFF" }).onConflictDoNothing();
    const [staffRole] = await database.db.select().from(roles).where(eq(roles.name, "ROLE_STAFF"));
    await database.db.insert(userRoles).values({ userId: staff.id, roleId: staffRole!.id });
    staff.token = (await loginAs(api, staff.email)).accessToken;
    const adminActor: Actor = {
      ...nobody,
      role: "admin",
      id: admin.id,
      email: admin.email,
      token: admin.auth.authorization!.slice("Bearer ".length),
    };
    Object.assign(fixture, {
      actors: { visitor: nobody, user, other, admin: adminActor, staff },
      categoryId: category.id,
      productIds,
      imageIds,
    } satisfies Fixture);
    if (options.pages) {
      pages = await startPageServer();
      for (const actor of [user, other, adminActor, staff]) actor.cookie = await pageSession(pages, actor.email);
    }
  });

  afterAll(async () => {
    await pages?.close();
  });

  function startedPages(): PageServer {
    if (!pages) throw new Error("useHostileShop: the pages are started in beforeAll ({ pages: true })");
    return pages;
  }

  return {
    database,
    api,
    fixture,
    get pages(): PageServer {
      if (!pages) throw new Error("useHostileShop: the pages are started in beforeAll ({ pages: true })");
      return pages;
    },
    get pageRoutes(): PageRoute[] {
      return this.pages.routes;
    },
    /**
     * New page sessions for the signed-in actors, after probes that may have ended theirs (a logout ends the session
     * it is sent with, access token and all).
     */
    async renewPageSessions() {
      for (const actor of Object.values(fixture.actors)) {
        if (actor.role !== "visitor") actor.cookie = await pageSession(startedPages(), actor.email);
      }
    },
    /** A new page session of the actor's (for a request that ends the session it is sent with). */
    signIn: (actor: Actor) => pageSession(startedPages(), actor.email),
  };
}
