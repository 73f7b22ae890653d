import fc from "fast-check";
import { formsIn, routePattern, sameRouteLinks, type FormField, type PageForm } from "./forms";
import type { PageRoute } from "./page-server";
import type { Actor, Fixture, Role } from "./shop";
import { hostileText } from "./values";
import {
  BAD_ENCODINGS,
  encode,
  junkBody,
  junkHeaders,
  multipart,
  queryString,
  send,
  type FilePart,
  type Probe,
} from "./wire";

/** The URL of a route for an actor: its {userId} is theirs (a visitor's: the first shopper's), other ids exist. */
export function concretePath(route: PageRoute, fixture: Fixture, role: Role): string {
  const actor = role === "visitor" || role === "admin" ? fixture.actors.user : fixture.actors[role];
  const values: Record<string, string> = {
    userId: String(actor.id),
    productId: String(fixture.productIds[0]),
    categoryId: String(fixture.categoryId),
    name: "Product",
    orderId: String(actor.orderIds[0] ?? 1),
    slug: "terms",
  };
  return route.path.replace(/:(\w+)\??/g, (_m, name: string) => values[name] ?? "1").replace(/\/\*$/, "/x");
}

export function cookieOf(actor: Actor): Record<string, string> {
  return actor.cookie ? { cookie: actor.cookie } : {};
}

/** What the pages offer: the post forms of each route (by where they post) and the fields of their GET forms. */
export interface PageSurface {
  postForms: Map<string, PageForm[]>;
  /** names of the query fields the pages' GET forms (search bar, filters) send, with the values they offer */
  queryFields: FormField[];
  pagesRendered: number;
}

/**
 * Renders every page (as a visitor, a shopper and an admin, and the same pages' other states it links to, such as
 * `?image=new`) and collects their forms. A form belongs to the route its action matches.
 */
export async function discoverPageSurface(origin: string, routes: PageRoute[], fixture: Fixture): Promise<PageSurface> {
  const postForms = new Map<string, PageForm[]>();
  const queryFields: FormField[] = [];
  const seen = new Set<string>();
  const pages = routes.filter((r) => r.hasPage && r.hasLoader);
  const routeOf = (path: string) => routes.find((r) => r.hasAction && routePattern(r.path).test(path));
  let pagesRendered = 0;
  for (const role of ["visitor", "user", "admin"] as const) {
    const headers = { accept: "text/html", ...cookieOf(fixture.actors[role]) };
    const queue = pages.map((route) => concretePath(route, fixture, role));
    const visited = new Set<string>();
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (visited.has(path)) continue;
      visited.add(path);
      const answer = await send(origin, { method: "GET", path, headers });
      pagesRendered++;
      if (answer.status !== 200) continue;
      const pathname = path.split("?")[0]!;
      if (!path.includes("?")) queue.push(...sameRouteLinks(answer.text, pathname));
      for (const form of formsIn(answer.text, pathname)) {
        if (form.method === "get") {
          for (const field of form.fields) {
            const known = queryFields.find((f) => f.name === field.name);
            if (known) known.values.push(...field.values.filter((v) => !known.values.includes(v)));
            else queryFields.push({ ...field, values: [...field.values] });
          }
          continue;
        }
        const route = routeOf(form.action.split("?")[0]!);
        if (!route) continue;
        const key = `${route.id} ${JSON.stringify(form)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        postForms.set(route.id, [...(postForms.get(route.id) ?? []), form]);
      }
    }
  }
  return { postForms, queryFields, pagesRendered };
}

/**
 * For an action no rendered page posts to (its form shows only in a state the crawl did not reach): one form with
 * the fields of every form found, each field's values merged, posted to the action's own URL.
 */
export function everyFormsFields(surface: PageSurface): PageForm {
  const fields: FormField[] = [];
  for (const form of [...surface.postForms.values()].flat()) {
    for (const field of form.fields) {
      const known = fields.find((f) => f.name === field.name);
      if (known) known.values.push(...field.values.filter((v) => !known.values.includes(v)));
      else fields.push({ ...field, values: [...field.values] });
    }
  }
  return { action: "", method: "post", multipart: false, fields };
}

// ---------------------------------------------------------------- values of a form's fields

function plausible(field: FormField, actor: Actor, png: Buffer): string | FilePart {
  if (field.kind === "file") return { field: field.name, name: "ok.png", type: "image/png", bytes: png };
  if (field.values.length > 0 && field.values.some((v) => v !== "")) return field.values.find((v) => v !== "")!;
  const name = field.name.toLowerCase();
  if (name.includes("email")) return actor.email || "someone@example.com";
  if (name.includes("password")) return "correct horse battery";
  if (/price|amount/.test(name)) return "19.99";
  if (/inventory|quantity|qty/.test(name)) return "2";
  if (/id$/.test(name)) return "1";
  if (name === "country") return "US";
  if (/exp/.test(name)) return "12 / 40";
  if (/card/.test(name)) return "4242424242424242";
  if (/cvc/.test(name)) return "123";
  if (name === "website_url") return "";
  return "Some text";
}

const hostileFile = (field: string): fc.Arbitrary<FilePart> =>
  fc.constantFrom<FilePart>(
    { field, name: "text.png", type: "image/png", bytes: Buffer.from("not an image") },
    { field, name: "a\u0000.png", type: "image/png", bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    { field, name: "x.csv", type: "text/csv", bytes: Buffer.from("id,name\n2147483648,\u0000") },
    { field, name: "empty", type: "application/octet-stream", bytes: Buffer.alloc(0) },
  );

/** A page's route as a single-fetch data request (what a hydrated page's fetcher sends). */
function dataPath(path: string): string {
  const [pathname, search] = path.split("?");
  const base = pathname === "/" ? "/_root.data" : `${pathname!.replace(/\/$/, "")}.data`;
  return search ? `${base}?${search}` : base;
}

type ActionSite = "field" | "drop" | "extra" | "junk-body" | "param" | "origin" | "encoding" | "none";

/** Replaces one path segment that is an id (digits) with a hostile one. */
function hostileSegment(path: string): fc.Arbitrary<string> {
  const [pathname, search] = path.split("?");
  const segments = pathname!.split("/");
  const ids = segments.map((s, i) => (/^\d+$/.test(s) ? i : -1)).filter((i) => i >= 0);
  if (ids.length === 0) return fc.constant(path);
  const replacement = fc.oneof(
    fc.constantFrom(...BAD_ENCODINGS),
    fc.constantFrom("abc", "0", "-1", "999999", "2147483647", "2147483648", "99999999999", "1.5"),
    hostileText.map(encode),
  );
  return fc.tuple(fc.constantFrom(...ids), replacement).map(([i, value]) => {
    const copy = [...segments];
    copy[i] = value;
    return copy.join("/") + (search ? `?${search}` : "");
  });
}

const ORIGINS = ["http://evil.example", "null", "garbage", "http://127.0.0.1:1"];

/**
 * Hostile posts to one page action: one of the forms the pages render for it (or, for an action no page renders a
 * form for, the fields of every form), valid but for one place: a field's value, a field left out or added, the
 * encoding, the path's id, the Origin, or junk for a body. As a visitor, either shopper or an admin; as a document
 * post (no JavaScript) or a single-fetch data request.
 */
export function pageActionProbes(
  route: PageRoute,
  forms: PageForm[],
  fixture: Fixture,
  origin: string,
  png: Buffer,
): fc.Arbitrary<Probe> {
  const roles: Role[] = ["visitor", "user", "other", "admin"];
  const sites: ActionSite[] = [
    "field",
    "field",
    "field",
    "drop",
    "extra",
    "junk-body",
    "param",
    "origin",
    "encoding",
    "none",
  ];
  const available = forms.length > 0 ? forms : [{ action: "", method: "post" as const, multipart: false, fields: [] }];
  return fc
    .record({
      role: fc.constantFrom(...roles),
      site: fc.constantFrom(...sites),
      form: fc.constantFrom(...available),
      data: fc.boolean(),
    })
    .chain(({ role, site, form, data }) => {
      const actor = fixture.actors[role];
      const path = form.action || concretePath(route, fixture, role);
      // one value per field: a submit button's intent is one of its values
      const base = fc.tuple(
        ...form.fields.map((field) =>
          field.values.length > 1 ? fc.constantFrom(...field.values) : fc.constant(plausible(field, actor, png)),
        ),
      );
      const names = form.fields.map((f) => f.name);
      return fc
        .record({
          values: base,
          target: names.length > 0 ? fc.nat({ max: names.length - 1 }) : fc.constant(-1),
          hostile: hostileText,
          file: hostileFile(form.fields.find((f) => f.kind === "file")?.name ?? "file"),
          extra: fc.tuple(
            fc.constantFrom("intent", "id", "userId", "role", "__proto__", "js", "_data", "x"),
            hostileText,
          ),
          junk: junkBody,
          path: site === "param" ? hostileSegment(path) : fc.constant(path),
          origin: site === "origin" ? fc.constantFrom(...ORIGINS) : fc.constant(origin),
          multipart: fc.constant(site === "encoding" ? !form.multipart : form.multipart),
          more: junkHeaders,
        })
        .map(({ values, target, hostile, file, extra, junk, path: at, origin: from, multipart: asMultipart, more }) => {
          const fields: Record<string, string | string[]> = {};
          const files: FilePart[] = [];
          form.fields.forEach((field, i) => {
            let value = values[i]!;
            if (site === "drop" && i === target) return;
            if (site === "field" && i === target) value = field.kind === "file" ? file : hostile;
            if (typeof value === "string") fields[field.name] = value;
            else if (value.bytes.length > 0) files.push(value);
          });
          if (site === "extra") fields[extra[0]] = extra[1];
          if (data) fields.js = "1";
          const headers: Record<string, string> = { accept: "text/html", ...more, ...cookieOf(actor) };
          if (from) headers.origin = from;
          let body: Buffer;
          if (site === "junk-body") {
            body = junk.body;
            if (junk.contentType) headers["content-type"] = junk.contentType;
          } else if (asMultipart || files.length > 0) {
            const built = multipart(fields, files);
            body = built.body;
            headers["content-type"] = built.contentType;
          } else {
            body = Buffer.from(queryString(fields));
            headers["content-type"] = "application/x-www-form-urlencoded";
          }
          return { method: "POST", path: data ? dataPath(at) : at, headers, body } satisfies Probe;
        });
    });
}

/** The query keys a loader may read: the pages' GET forms' fields, and the parameters the pages link with. */
const COMMON_KEYS = [
  "redirectTo",
  "back",
  "image",
  "from",
  "page",
  "size",
  "sort",
  "status",
  "q",
  "lowStock",
  "edit",
  "index",
  "_data",
  "_routes",
];

/** Hostile page loads: the route's path with one hostile id, or a query with hostile values or bad encodings. */
export function pageLoaderProbes(route: PageRoute, surface: PageSurface, fixture: Fixture): fc.Arbitrary<Probe> {
  const keys = [...new Set([...surface.queryFields.map((f) => f.name), ...COMMON_KEYS])];
  return fc
    .record({
      role: fc.constantFrom<Role>("visitor", "user", "other", "admin"),
      site: fc.constantFrom("param", "query", "query", "junk-query", "cookie", "none"),
      data: fc.boolean(),
    })
    .chain(({ role, site, data }) => {
      const path = concretePath(route, fixture, role);
      return fc
        .record({
          path: site === "param" ? hostileSegment(path) : fc.constant(path),
          query:
            site === "query"
              ? fc.dictionary(
                  fc.constantFrom(...keys),
                  fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 })),
                  {
                    minKeys: 1,
                    maxKeys: 3,
                  },
                )
              : fc.constant({}),
          junk:
            site === "junk-query"
              ? fc
                  .constantFrom(...BAD_ENCODINGS)
                  .chain((bad) => fc.constantFrom(`q=${bad}`, `${bad}=1`, `brand=${bad}`, `redirectTo=${bad}`))
              : fc.constant(""),
          cookie:
            site === "cookie"
              ? fc.constantFrom(
                  "__session=garbage",
                  "__session=%E0%A4%A",
                  `__session=${"a".repeat(5_000)}`,
                  "__session=eyJ1c2VySWQiOjF9.forged",
                  "a=b; __session=",
                )
              : fc.constant(fixture.actors[role].cookie),
          more: junkHeaders,
        })
        .map(({ path: at, query, junk, cookie, more }) => {
          const search = queryString(query, junk);
          const full = search ? `${at}${at.includes("?") ? "&" : "?"}${search}` : at;
          const headers: Record<string, string> = { accept: "text/html", ...more };
          if (cookie) headers.cookie = cookie;
          return { method: "GET", path: data ? dataPath(full) : full, headers } satisfies Probe;
        });
    });
}
