import fc from "fast-check";
import type { AnyApiRoute } from "~/api/define";
import { CSV_COLUMNS } from "~/services/catalogue/product-csv.server";
import type { Fixture, Role } from "./shop";
import {
  hostileLeaf,
  hostileText,
  hostileValue,
  jsonSchemaOf,
  validValue,
  type JsonSchema,
  type Known,
} from "./values";
import {
  BAD_ENCODINGS,
  encode,
  junkBody,
  junkHeaders,
  multipart,
  queryString,
  type FilePart,
  type Probe,
} from "./wire";

export interface FuzzFiles {
  png: Buffer;
}

/** Ids that exist for each path parameter name, the callers' own and others'. */
function knownParams(fixture: Fixture): Known {
  const { user, other, admin } = fixture.actors;
  const shoppers = [user, other];
  return {
    userId: [user.id, other.id, admin.id],
    addressId: shoppers.flatMap((a) => a.addressIds),
    cartId: shoppers.map((a) => a.cartId),
    itemId: fixture.productIds,
    id: [...fixture.productIds, fixture.categoryId],
    categoryId: [fixture.categoryId],
    imageId: fixture.imageIds,
    orderId: shoppers.flatMap((a) => a.orderIds),
    refundId: [1],
  };
}

/** Values of body fields that only real data satisfies. */
function knownBody(fixture: Fixture): Known {
  const { user, other } = fixture.actors;
  return {
    productId: fixture.productIds,
    paymentIntentId: [...user.paymentIntentIds, ...other.paymentIntentIds, "pi_test_nonexistent"],
    cardNumber: ["4242424242424242", "4000000000000002", "4000000000009995"],
    email: [user.email, "nobody@example.com"],
    password: ["correct horse battery", "wrong password"],
  };
}

/** A path parameter: an id that exists (own or another's). */
function validPathValue(name: string, known: Known): fc.Arbitrary<string> {
  return fc.constantFrom(...(known[name] ?? [1])).map(String);
}

/** A hostile path segment, raw (bad percent-encodings) or encoded. */
const hostilePathValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...BAD_ENCODINGS) },
  { weight: 3, arbitrary: hostileText.map(encode) },
  { weight: 2, arbitrary: fc.constantFrom("0", "-1", "2147483647", "2147483648", "99999999999", "1.5", "1e3", "0x10") },
);

function fileParts(field: string, files: FuzzFiles, hostile: boolean): fc.Arbitrary<FilePart[]> {
  const ok: FilePart = { field, name: "ok.png", type: "image/png", bytes: files.png };
  if (!hostile) return fc.constant([ok]);
  const part = fc.constantFrom<FilePart>(
    ok,
    { field, name: "text.png", type: "image/png", bytes: Buffer.from("not an image at all") },
    { field, name: "empty.png", type: "image/png", bytes: Buffer.alloc(0) },
    { field, name: "a\u0000b.png", type: "image/png", bytes: files.png },
    { field, name: "../../etc/passwd", type: "image/png", bytes: files.png },
    { field, name: "x.svg", type: "image/svg+xml", bytes: Buffer.from('<svg onload="alert(1)"/>') },
    { field, name: "half.png", type: "image/png", bytes: files.png.subarray(0, 40) },
    { field: "other", name: "ok.png", type: "image/png", bytes: files.png },
  );
  return fc.array(part, { maxLength: 3 });
}

/** CSV text with hostile cells: ids past int4, control characters, formulas, numbers past every bound. */
const csvText: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom("", "", "1", "2147483648", "99999999999", "-1", "1.5", "abc"), hostileText),
      ...CSV_COLUMNS.slice(1).map((column) =>
        fc.oneof(
          {
            weight: 3,
            arbitrary: fc.constantFrom(
              ...(["price", "inventory", "weight_grams"].includes(column)
                ? ["10", "5", ""]
                : column === "compare_at_price"
                  ? ["", "20"]
                  : ["Mouse", "Acme", ""]),
            ),
          },
          { weight: 1, arbitrary: hostileText },
        ),
      ),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((rows) => {
    const cell = (text: string) => `"${text.replace(/"/g, '""')}"`;
    return [CSV_COLUMNS.join(","), ...rows.map((row) => row.map(cell).join(","))].join("\r\n");
  });

type Body = { contentType?: string; body?: Buffer };

/** The body of one probe, shaped by the route's schema (valid, or with one hostile place). */
function bodyOf(route: AnyApiRoute, known: Known, files: FuzzFiles, hostile: boolean): fc.Arbitrary<Body> {
  if (route.method === "get") return fc.constant({});
  const schema: JsonSchema = route.body ? jsonSchemaOf(route.body) : {};
  const value = route.body ? (hostile ? hostileValue(schema, known) : validValue(schema, known)) : hostileLeaf;
  const asJson = value.map((v) => ({ contentType: "application/json", body: Buffer.from(JSON.stringify(v) ?? "") }));
  const fields = value.map((v) =>
    typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v },
  );
  const fileField = route.files?.field ?? Object.keys(schema.properties ?? {}).find((k) => /file/i.test(k)) ?? "file";
  const asMultipart = fc
    .tuple(fields, fileParts(fileField, files, hostile))
    .map(([f, parts]) => multipart(Object.fromEntries(Object.entries(f).filter(([k]) => k !== fileField)), parts))
    .map(({ body, contentType }) => ({ contentType, body }));
  const asUrlencoded = fields.map((f) => ({
    contentType: "application/x-www-form-urlencoded",
    body: Buffer.from(queryString(f)),
  }));
  switch (route.bodyType ?? (route.body ? "json" : undefined)) {
    case "form":
      return fc.oneof({ weight: 4, arbitrary: asMultipart }, { weight: 1, arbitrary: asUrlencoded });
    case "json-or-form":
      return fc.oneof(asJson, asUrlencoded, asMultipart);
    case "csv":
      return fc.oneof(
        csvText.map((text) => ({ contentType: "text/csv", body: Buffer.from(text) })),
        csvText.map((text) =>
          multipart({}, [{ field: "file", name: "p.csv", type: "text/csv", bytes: Buffer.from(text) }]),
        ),
      );
    case "json-optional":
      return fc.oneof(asJson, fc.constant({}));
    case "json":
    case "text":
      return asJson;
    default:
      // a route that reads no body: mostly none, sometimes one anyway
      return hostile ? asJson : fc.constant({});
  }
}

/** Authorization as each role has it, or a token that is not one. */
function authorization(role: Role, fixture: Fixture): fc.Arbitrary<Record<string, string>> {
  const token = fixture.actors[role].token;
  if (token) return fc.constant({ authorization: `Bearer ${token}` });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "Bearer",
          "Bearer ",
          "Bearer abc.def.ghi",
          "Bearer eyJhbGciOiJub25lIn0.eyJpZCI6MSwicm9sZXMiOlsiUk9MRV9BRE1JTiJdfQ.",
          `Bearer ${"a".repeat(10_000)}`,
          "Basic YWRtaW46YWRtaW4=",
        )
        .map((value) => ({ authorization: value })),
    },
  );
}

export interface ApiProbe {
  role: Role;
  probe: Probe;
}

/** Where one probe is hostile: one path parameter, the query, the body, or the whole body or query as junk. */
type Site = { kind: "param"; name: string } | { kind: "query" | "body" | "junk-body" | "junk-query" | "none" };

function sitesOf(route: AnyApiRoute): Site[] {
  const sites: Site[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ kind: "param", name: m[1]! }));
  sites.push({ kind: "junk-query" }, { kind: "none" });
  if (route.query) sites.push({ kind: "query" }, { kind: "query" });
  if (route.method !== "get") sites.push({ kind: "body" }, { kind: "body" }, { kind: "body" }, { kind: "junk-body" });
  return sites;
}

/**
 * Hostile requests to one endpoint, as any of the roles: a request valid in every other respect (ids that exist,
 * values the schemas take) with one place made hostile, so that each reaches the code behind the checks of the others.
 */
export function apiProbes(route: AnyApiRoute, fixture: Fixture, files: FuzzFiles): fc.Arbitrary<ApiProbe> {
  const params = knownParams(fixture);
  const known = knownBody(fixture);
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const querySchema = route.query ? jsonSchemaOf(route.query) : undefined;
  return fc
    .record({ role: fc.constantFrom<Role>("visitor", "user", "admin"), site: fc.constantFrom(...sitesOf(route)) })
    .chain(({ role, site }) => {
      const path = fc
        .tuple(
          ...names.map((name) =>
            site.kind === "param" && site.name === name ? hostilePathValue : validPathValue(name, params),
          ),
        )
        .map((values) => {
          let at = route.path;
          names.forEach((name, i) => (at = at.replace(`{${name}}`, values[i]!)));
          return `/api/v1${at}`;
        });
      const queryValues: fc.Arbitrary<unknown> = querySchema
        ? site.kind === "query"
          ? hostileValue(querySchema)
          : validValue(querySchema)
        : fc.constant({});
      const query = fc
        .tuple(
          queryValues,
          site.kind === "junk-query"
            ? fc.oneof(
                fc.constantFrom(...BAD_ENCODINGS).map((bad) => `q=${bad}`),
                fc.constantFrom(...BAD_ENCODINGS).map((bad) => `${bad}=1`),
                hostileText.map((text) => `${encode(text)}=${encode(text)}`),
              )
            : fc.constant(""),
        )
        .map(([values, junk]) => {
          const fields =
            typeof values === "object" && values !== null && !Array.isArray(values) ? values : { q: values };
          const text = queryString(fields as Record<string, unknown>, junk);
          return text ? `?${text}` : "";
        });
      const body = site.kind === "junk-body" ? junkBody : bodyOf(route, known, files, site.kind === "body");
      return fc
        .record({
          path,
          query,
          body,
          auth: authorization(role, fixture),
          accept: fc.constantFrom("application/json", "*/*", "text/html"),
          extra: junkHeaders,
        })
        .map(({ path: p, query: q, body: sent, auth, accept, extra }) => {
          const headers: Record<string, string> = { accept, ...extra, ...auth };
          if (sent.contentType) headers["content-type"] = sent.contentType;
          return { role, probe: { method: route.method.toUpperCase(), path: p + q, headers, body: sent.body } };
        });
    });
}
