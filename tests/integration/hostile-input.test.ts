import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_MESSAGE } from "~/schemas/common";
import { PASSWORD, registration } from "../support/accounts";
import { pngBytes } from "../support/factories";
import { changedTables, fingerprint } from "../support/hostile/fingerprint";
import { useHostileShop } from "../support/hostile/shop";
import { multipart, send, type Probe } from "../support/hostile/wire";

// Regressions of the hostile inputs of decision 0017: each of these answered 500 (PostgreSQL refuses a NUL in text; an
// id past int4; a malformed multipart; a full disk; pages that passed what they could not read on to the API). Each
// must be a 4xx (or 507 for the full disk) that says what is wrong, and write nothing.

const shop = useHostileShop({ pages: true });
const api = () => shop.api.origin;
const bearer = (role: "user" | "admin") => ({ authorization: `Bearer ${shop.fixture.actors[role].token}` });

function jsonProbe(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Probe {
  return {
    method,
    path: `/api/v1${path}`,
    headers: { "content-type": "application/json", ...headers },
    body: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
  };
}

/** Sends the probe and checks it wrote nothing; gives the status and the parsed body. */
async function refused(origin: string, probe: Probe) {
  const before = await fingerprint(shop.database.db);
  const answer = await send(origin, probe);
  expect(changedTables(before, await fingerprint(shop.database.db)), "tables written by a refused request").toEqual([]);
  let body: { message?: string; errors?: Record<string, string[]> } = {};
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    // a page: the text is checked by the test
  }
  return { status: answer.status, body, text: answer.text, headers: answer.headers };
}

describe("a NUL or another control character in text is the field's error, not a 500", () => {
  it("login JSON with a NUL in the e-mail: 422 on email", async () => {
    const { status, body } = await refused(
      api(),
      jsonProbe("POST", "/auth/login", '{"email":"a\\u0000b@example.com","password":"x"}'),
    );
    expect(status).toBe(422);
    expect(body.errors?.email).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  it("registration (users/add): 422 on each field with one", async () => {
    const { status, body } = await refused(
      api(),
      jsonProbe(
        "POST",
        "/users/add",
        registration({
          firstName: "A\u0000",
          lastName: "B\u001b",
          addressList: [{ ...registration().addressList[0], street: "1\u0000 Main St" }],
        }),
      ),
    );
    expect(status).toBe(422);
    expect(body.errors?.firstName).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(body.errors?.lastName).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(body.errors?.["addressList.0.street"]).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  it("addresses, new and updated: 422 on the field", async () => {
    const { user } = shop.fixture.actors;
    const address = { ...registration().addressList[0], city: "Aus\u0000tin" };
    const added = await refused(api(), jsonProbe("POST", `/addresses/${user.id}/new`, [address], bearer("user")));
    expect(added.status).toBe(422);
    expect(added.body.errors?.["0.city"]).toContain(CONTROL_CHARACTERS_MESSAGE);
    const updated = await refused(
      api(),
      jsonProbe("PUT", `/addresses/${user.addressIds[0]}/update`, address, bearer("user")),
    );
    expect(updated.status).toBe(422);
    expect(updated.body.errors?.city).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  it("place-order and the test confirm with a NUL in the payment's id: 422", async () => {
    const { user } = shop.fixture.actors;
    const placed = await refused(
      api(),
      jsonProbe("POST", `/orders/user/${user.id}/place-order`, { paymentIntentId: "pi_\u0000" }, bearer("user")),
    );
    expect(placed.status).toBe(422);
    expect(placed.body.errors?.paymentIntentId).toContain(CONTROL_CHARACTERS_MESSAGE);
    const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
    const confirmed = await refused(
      api(),
      jsonProbe("POST", "/payments/test/confirm", { paymentIntentId: "pi_\u0000", ...card }, bearer("user")),
    );
    expect(confirmed.status).toBe(422);
  });

  it("search with brand=a%00: 400 on the query parameter", async () => {
    const { status, body } = await refused(api(), {
      method: "GET",
      path: "/api/v1/products/search?brand=a%00&q=%01",
      headers: {},
    });
    expect(status).toBe(400);
    expect(body.errors?.["brand"] ?? body.errors?.["brand.0"]).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(body.errors?.q).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  it("a field named constructor or __proto__ holding one: 422 on it (the errors object has no prototype)", async () => {
    const { status, body } = await refused(
      api(),
      jsonProbe(
        "POST",
        "/auth/login",
        '{"email":"a@example.com","password":"x","constructor":"\\u0000","__proto__":{"a":"\\u0000"}}',
      ),
    );
    expect(status).toBe(422);
    expect(body.errors?.constructor).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  // two "__proto__" keys made the query or form object's value an array, which assignment turned into the object's
  // prototype: every other field vanished from the control-character check and the NUL reached the database (500)
  it("a query or form with __proto__ given twice still has its NUL refused", async () => {
    const query = await refused(api(), {
      method: "GET",
      path: "/api/v1/products/search?__proto__=a&__proto__=b&brand=a%00",
      headers: {},
    });
    expect(query.status).toBe(400);
    expect(query.body.errors?.["brand"]).toContain(CONTROL_CHARACTERS_MESSAGE);

    const form = await refused(api(), {
      method: "POST",
      path: "/api/v1/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Buffer.from("__proto__=a&__proto__=b&email=a%00%40example.com&password=x"),
    });
    expect(form.status).toBe(422);
    expect(form.body.errors?.email).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it("text that is not valid Unicode (a lone surrogate): 422", async () => {
    const { status, body } = await refused(
      api(),
      jsonProbe(
        "PUT",
        `/users/${shop.fixture.actors.user.id}/update`,
        '{"firstName":"\\ud800","lastName":"B"}',
        bearer("user"),
      ),
    );
    expect(status).toBe(422);
    expect(body.errors?.firstName).toEqual(["must be valid text"]);
  });

  it("tab, line feed and carriage return are text like any other", async () => {
    const answer = await send(
      api(),
      jsonProbe(
        "PUT",
        `/users/${shop.fixture.actors.user.id}/update`,
        { firstName: "Ada\tB", lastName: "K\r\n" },
        bearer("user"),
      ),
    );
    expect(answer.status).toBe(200);
  });

  it("a line break inside an address line, a product's, a brand's or a category's name: 422 naming the field", async () => {
    const { user } = shop.fixture.actors;
    const address = { ...registration().addressList[0], street: "1 Way\r\nBcc: x@example.com" };
    const added = await refused(api(), jsonProbe("POST", `/addresses/${user.id}/new`, [address], bearer("user")));
    expect(added.status).toBe(422);
    expect(added.body.message).toBe("Validation failed: 0.street: Street must be on one line");

    const product = { name: "Lamp\nTwo", brand: "Acme", price: 10, inventory: 1, description: "d", category: "Home" };
    const made = await refused(api(), jsonProbe("POST", "/products/add", product, bearer("admin")));
    expect(made.status).toBe(422);
    expect(made.body.errors?.name).toEqual(["Name must be on one line"]);

    const category = await refused(api(), jsonProbe("POST", "/categories/add", { name: "A\nB" }, bearer("admin")));
    expect(category.status).toBe(422);
    expect(category.body.errors?.name).toEqual(["Category name must be on one line"]);

    const brand = await refused(api(), jsonProbe("PUT", "/products/brands/Acme", { name: "Ac\rme" }, bearer("admin")));
    expect(brand.status).toBe(422);
    expect(brand.body.errors?.name).toEqual(["Brand must be on one line"]);
  });
});

describe("malformed bodies, numbers past the database's, deep JSON", () => {
  it("malformed JSON is a 400 on every kind of JSON route (never a 422)", async () => {
    const { user } = shop.fixture.actors;
    for (const probe of [
      jsonProbe("POST", "/auth/login", '{"email":'),
      jsonProbe("POST", "/cartItems/item/add", "{productId: 1}", bearer("user")),
      jsonProbe("POST", `/orders/user/${user.id}/place-order`, "{", bearer("user")),
      jsonProbe("POST", "/users/add", "\u0000"),
    ]) {
      const { status, body } = await refused(api(), probe);
      expect(status, probe.path).toBe(400);
      expect(body.message).toBe("The request body is not valid JSON.");
    }
  });

  it("JSON nested 20,000 deep: a 4xx", async () => {
    const deep = '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000);
    const { status } = await refused(api(), jsonProbe("POST", "/auth/login", `{"email":${deep},"password":"x"}`));
    expect(status).toBe(422);
  });

  it("ids past int4 in a path: 400", async () => {
    for (const path of ["/products/product/2147483648/product", "/products/product/99999999999/product"]) {
      const { status } = await refused(api(), { method: "GET", path: `/api/v1${path}`, headers: {} });
      expect(status, path).toBe(400);
    }
  });

  it("CSV import: an id past int4, or a NUL in a cell, is the line's error; nothing is imported", async () => {
    const csv = (row: string) => ({
      method: "POST",
      path: "/api/v1/products/import",
      headers: { "content-type": "text/csv", ...bearer("admin") },
      body: Buffer.from(`id,name,brand,category,price,inventory,description\n${row}\n`),
    });
    const big = await refused(api(), csv("2147483648,Mouse,Acme,Mice,10,5,Fine"));
    expect(big.status).toBe(422);
    expect(big.body.errors?.["line 2"]).toContain("id must be a positive whole number or empty");
    const nul = await refused(api(), csv(",Mou\u0000se,Acme,Mice,10,5,Fine"));
    expect(nul.status).toBe(422);
    expect(nul.body.errors?.["line 2"]).toContain(`name ${CONTROL_CHARACTERS_MESSAGE}`);
  });

  it("CSV import: malformed multipart is a 400", async () => {
    for (const [contentType, text] of [
      [
        "multipart/form-data; boundary=nomatch",
        '--nomatch\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nid,name',
      ],
      ["multipart/form-data", "--x\r\n\r\n"],
      ["multipart/form-data; boundary=x", "garbage"],
    ]) {
      const { status } = await refused(api(), {
        method: "POST",
        path: "/api/v1/products/import",
        headers: { "content-type": contentType!, ...bearer("admin") },
        body: Buffer.from(text!),
      });
      expect([400, 422], contentType).toContain(status);
    }
  });
});

describe("a full disk when an image is written: 507 with a message, nothing saved", () => {
  /** PostgreSQL's own answer to a full disk (SQLSTATE 53100), raised by a trigger on the images table. */
  async function withFullDisk(run: () => Promise<void>) {
    const db = shop.database.db;
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION fuzz_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file "base/1/2": No space left on device' USING ERRCODE = '53100'; END $$`),
    );
    await db.execute(
      sql.raw(
        "CREATE TRIGGER fuzz_disk_full BEFORE INSERT OR UPDATE ON images FOR EACH ROW EXECUTE FUNCTION fuzz_disk_full()",
      ),
    );
    try {
      await run();
    } finally {
      await db.execute(sql.raw("DROP TRIGGER fuzz_disk_full ON images"));
      await db.execute(sql.raw("DROP FUNCTION fuzz_disk_full()"));
    }
  }

  it("the API's upload answers 507 and says the storage is full", async () => {
    const png = await pngBytes(32, 32);
    await withFullDisk(async () => {
      const built = multipart({ productId: shop.fixture.productIds[0] }, [
        { field: "files", name: "a.png", type: "image/png", bytes: png },
      ]);
      const { status, body } = await refused(api(), {
        method: "POST",
        path: "/api/v1/images/upload",
        headers: { "content-type": built.contentType, ...bearer("admin") },
        body: built.body,
      });
      expect(status).toBe(507);
      expect(body.message).toMatch(/storage is full/);
    });
  });

  it("the update-product page says so in its image form", async () => {
    const png = await pngBytes(32, 32);
    const id = shop.fixture.productIds[0];
    await withFullDisk(async () => {
      const built = multipart({ intent: "add-image" }, [
        { field: "files", name: "a.png", type: "image/png", bytes: png },
      ]);
      const { status, text } = await refused(shop.pages.origin, {
        method: "POST",
        path: `/update-product/${id}/update`,
        headers: {
          "content-type": built.contentType,
          cookie: shop.fixture.actors.admin.cookie,
          origin: shop.pages.origin,
        },
        body: built.body,
      });
      expect(status).toBe(507);
      expect(text).toContain("storage is full");
    });
  });
});

describe("pages answer what they cannot read with a 4xx page", () => {
  const page = (path: string, role: "visitor" | "user" | "admin" = "visitor", init: Partial<Probe> = {}): Probe => ({
    method: "GET",
    path,
    headers: {
      accept: "text/html",
      ...(shop.fixture.actors[role].cookie ? { cookie: shop.fixture.actors[role].cookie } : {}),
      ...init.headers,
    },
    ...(init.method ? { method: init.method } : {}),
    ...(init.body ? { body: init.body } : {}),
  });

  it("/products?brand=a%00: 400, 'This request could not be read'", async () => {
    const { status, text } = await refused(shop.pages.origin, page("/products?brand=a%00"));
    expect(status).toBe(400);
    expect(text).toContain("This request could not be read");
  });

  it("/products with __proto__ given twice and a NUL in the brand: 400", async () => {
    const { status } = await refused(shop.pages.origin, page("/products?__proto__=a&__proto__=b&brand=a%00"));
    expect(status).toBe(400);
  });

  it("the search bar's suggestions with a NUL in the words: 400, as the page and as its data (the fuzzer's 500)", async () => {
    for (const path of ["/search/suggestions?q=a%00b", "/search/suggestions.data?q=%40%7Df%00%3AV91&page=1e-323"]) {
      const { status } = await refused(shop.pages.origin, page(path, "admin"));
      expect(status, path).toBe(400);
    }
  });

  it("the admin's product and user searches with a NUL: 400 (the users page's was the page fuzzer's 500)", async () => {
    for (const path of ["/admin/products?q=a%00", "/admin/users?q=a%00"]) {
      const { status, text } = await refused(shop.pages.origin, page(path, "admin"));
      expect(status, path).toBe(400);
      expect(text).toContain("This request could not be read");
    }
  });

  it("admin pages with an id that is no product's: 404", async () => {
    for (const path of [
      "/update-product/abc/update",
      "/delete-product/99999999999",
      "/delete-product/2147483648",
      "/update-product/0/update",
    ]) {
      const { status, text } = await refused(shop.pages.origin, page(path, "admin"));
      expect(status, path).toBe(404);
      expect(text).toContain("No product");
      const posted = await refused(
        shop.pages.origin,
        page(path, "admin", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.pages.origin },
          body: Buffer.from("intent=update"),
        }),
      );
      expect(posted.status, `POST ${path}`).toBe(404);
    }
  });

  it("a form's intent named like a property every object has (valueOf, constructor): refused, not the fuzzer's 500", async () => {
    const id = shop.fixture.productIds[0]!;
    for (const intent of ["valueOf", "constructor", "__proto__", "toString"]) {
      for (const path of [`/update-product/${id}/variants`, `/update-product/${id}/variants.data`]) {
        const { status } = await refused(
          shop.pages.origin,
          page(path, "admin", {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.pages.origin },
            body: Buffer.from(`intent=${intent}&variantId=1&js=1`),
          }),
        );
        expect(status, `${intent} ${path}`).toBeLessThan(500);
      }
    }
  });

  it("the stock page of a product that is not there: 404, not the fuzzer's 500", async () => {
    for (const path of ["/admin/stock/99999999", "/admin/stock/99999999?page=x&back=%CE%A9"]) {
      const { status } = await refused(shop.pages.origin, page(path, "admin"));
      expect(status, path).toBe(404);
    }
  });

  it("a shopper's page with a {userId} that is no id, or no one's: 404 (an admin may open any shopper's)", async () => {
    for (const path of [
      "/user-profile/abc/profile",
      "/user-profile/2147483647/profile",
      "/user/abc/my-cart",
      "/user/2147483647/my-cart",
    ]) {
      const { status } = await refused(shop.pages.origin, page(path, "admin"));
      expect(status, path).toBe(404);
    }
  });

  it("a form post from another site (or with an Origin that is no URL): 403, not acted on", async () => {
    for (const origin of ["http://evil.example", "null", "garbage"]) {
      const { status, text } = await refused(
        shop.pages.origin,
        page("/user-profile/" + shop.fixture.actors.user.id + "/profile", "user", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin },
          body: Buffer.from(`intent=delete&addressId=${shop.fixture.actors.user.addressIds[0]}`),
        }),
      );
      expect(status, origin).toBe(403);
      expect(text).toContain("sent from another site");
    }
  });

  it("the login page with a NUL in the e-mail: a 4xx with a message", async () => {
    const { status, text } = await refused(
      shop.pages.origin,
      page("/login", "visitor", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.pages.origin },
        body: Buffer.from(`email=a%00b%40example.com&password=${encodeURIComponent(PASSWORD)}`),
      }),
    );
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(text).toContain("Invalid username or password");
  });

  it("registration with a NUL in a name: 422 with the field's message on the form", async () => {
    const form = new URLSearchParams({
      firstName: "A\u0000",
      lastName: "B",
      email: "nul@example.com",
      password: PASSWORD,
    });
    const { status, text } = await refused(
      shop.pages.origin,
      page("/register", "visitor", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.pages.origin },
        body: Buffer.from(form.toString()),
      }),
    );
    expect(status).toBe(422);
    expect(text).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  it("conform's own fields holding what is not its JSON: 400", async () => {
    const { status } = await refused(
      shop.pages.origin,
      page("/register", "visitor", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.pages.origin },
        body: Buffer.from("__intent__=%29not-json&firstName=A"),
      }),
    );
    expect(status).toBe(400);
  });
});
