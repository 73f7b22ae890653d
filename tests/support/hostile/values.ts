import fc from "fast-check";
import { z } from "zod/v4";

/** The JSON Schema a zod schema describes (as the OpenAPI document has it), the shape the generators follow. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

// ---------------------------------------------------------------- hostile leaves

export const CONTROL_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u2028",
  "\ufeff",
];

/** A string with a control character (NUL most often) somewhere in it. */
const withControl = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.oneof({ weight: 3, arbitrary: fc.constant("\u0000") }, fc.constantFrom(...CONTROL_CHARACTERS)),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, c, b]) => a + c + b);

/** Lone surrogates and other text that is not valid UTF-16 (it cannot be encoded as UTF-8 as it is). */
const brokenUnicode = fc.oneof(
  fc.constantFrom("\ud800", "a\udfff", "\udbff\udbff", "\ufffe", "\uffff", "e\u0301\u0301\u0301"),
  fc.string({ unit: "binary", maxLength: 20 }),
);

const longString = fc.constantFrom(300, 5_001, 70_000).map((n) => "x".repeat(n));

const trickyText = fc.constantFrom(
  "",
  " ",
  "\t",
  "\r\n",
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "%",
  "_",
  "\\",
  "%00",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  '=HYPERLINK("http://evil.example")',
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "0x1f",
  "1.5",
  " 7 ",
  "2147483648",
  "99999999999999999999",
  "😀",
  "Ω≈ç√∫",
);

/** Numbers at and past every edge the shop has: ids (int4), cents, quantities, JavaScript's safe integers. */
export const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  1.005,
  -1.5,
  99.999,
  999,
  1000,
  1_000_000,
  1_000_001,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

const hostileNumber = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value nested `depth` levels deep ([[[…]]] or {"a":{"a":…}}). */
export function nested(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constantFrom({ __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true}}') as unknown, {
    constructor: { prototype: { polluted: true } },
  }),
  fc.constantFrom(200, 2_000).chain((depth) => fc.constantFrom(nested(depth, "array"), nested(depth, "object"))),
  fc.object({ maxDepth: 2, maxKeys: 3 }),
);

/** Any hostile leaf: control characters, broken Unicode, long text, edge numbers, the wrong type, deep nesting. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: withControl },
  { weight: 1, arbitrary: brokenUnicode },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: trickyText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: wrongType },
);

/** A hostile value as text (a path segment, a query value, a form field). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: withControl },
  { weight: 1, arbitrary: brokenUnicode },
  { weight: 1, arbitrary: longString },
  { weight: 3, arbitrary: trickyText },
  { weight: 3, arbitrary: hostileNumber.map(String) },
);

// ---------------------------------------------------------------- values shaped by a schema

const types = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "email") return fc.constantFrom("a@example.com", "shopper@example.org");
  if (schema.format === "uri") return fc.constantFrom("http://127.0.0.1/checkout", "https://shop.example/x?y=1");
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern), { size: "xsmall" })
        .map((text) => (schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text));
    } catch {
      // a pattern fast-check cannot read: plain text below
    }
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 30, 30));
  return fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" });
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
  const high = Math.max(low, schema.maximum ?? 1_000_000);
  return integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true }).map((n) => Math.round(n * 100) / 100);
}

/**
 * A value the schema accepts, or nearly (best effort: it is the base the hostile values are mixed into). `known`
 * gives values for named fields that only real data satisfies (an existing product id, the caller's payment).
 */
export function validValue(schema: JsonSchema, known: Known = {}, name = ""): fc.Arbitrary<unknown> {
  if (name && Object.hasOwn(known, name)) return fc.constantFrom(...known[name]!);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, known, name)));
  if (schema.allOf) {
    return fc
      .tuple(...schema.allOf.map((s) => validValue(s, known, name)))
      .map((parts) => Object.assign({}, ...parts.filter((p) => typeof p === "object" && p !== null)) as unknown);
  }
  const type = types(schema)[0];
  switch (type) {
    case "object":
      return shapedObject(schema, known, validValue);
    case "array":
      return fc.array(validValue(schema.items ?? {}, known, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case "string":
      return validString(schema);
    case "integer":
      return validNumber(schema, true);
    case "number":
      return validNumber(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer({ min: 1, max: 100 }));
  }
}

/** Values of named fields that real data satisfies: ids of rows that exist, the caller's own ids. */
export type Known = Record<string, unknown[]>;

type Shaper = (schema: JsonSchema, known: Known, name: string) => fc.Arbitrary<unknown>;

/** An object with the schema's properties, each present (required ones mostly) or left out. */
function shapedObject(schema: JsonSchema, known: Known, leaf: Shaper): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = entries.map(([key, property]) =>
    fc
      .tuple(
        fc.constant(key),
        fc.oneof(
          { weight: required.has(key) ? 12 : 4, arbitrary: leaf(property, known, key).map((v) => ({ v })) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        ),
      )
      .map(([k, present]) => (present ? ([[k, present.v]] as Array<[string, unknown]>) : [])),
  );
  return fc.tuple(...fields).map((pairs) => {
    const out: Record<string, unknown> = {};
    for (const pair of pairs.flat()) out[pair[0]] = pair[1];
    return out;
  });
}

/** Every place in a value where a hostile leaf can go: [] is the whole value, ["a", 0] its a's first item. */
export function pathsIn(value: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(at);
  if (Array.isArray(value)) value.slice(0, 3).forEach((item, i) => pathsIn(item, [...at, i], out));
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) pathsIn(item, [...at, key], out);
  return out;
}

/** The value with the leaf at `path` replaced (a copy; the rest is shared). */
export function replaceAt(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, leaf);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, leaf);
  return copy;
}

/** A hostile leaf for the place of `original`: text fields mostly get control characters, NUL above all. */
export function hostileFor(original: unknown): fc.Arbitrary<unknown> {
  if (typeof original === "string")
    return fc.oneof({ weight: 3, arbitrary: withControl }, { weight: 2, arbitrary: hostileLeaf });
  if (Array.isArray(original) && original.length > 0)
    // far more items than any list of the shop takes
    return fc.oneof(
      { weight: 3, arbitrary: hostileLeaf },
      { weight: 1, arbitrary: fc.constant(Array(2_000).fill(original[0])) },
    );
  return hostileLeaf;
}

/**
 * A value the schema accepts with exactly one place made hostile (most runs), or left valid, or with a stray key.
 * One change at a time takes a request past the checks of its other fields, to the code that uses the hostile one.
 */
export function hostileValue(schema: JsonSchema, known: Known = {}): fc.Arbitrary<unknown> {
  return validValue(schema, known).chain((base) => {
    const paths = pathsIn(base);
    return fc.oneof(
      { weight: 1, arbitrary: fc.constant(base) },
      {
        weight: 8,
        arbitrary: fc
          .constantFrom(...paths)
          .chain((path) => hostileFor(valueAt(base, path)).map((leaf) => replaceAt(base, path, leaf))),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom("__proto__", "constructor", "id", "role", "roles", "isAdmin", "x"), hostileLeaf)
          .map(([key, leaf]) =>
            typeof base === "object" && base !== null && !Array.isArray(base)
              ? Object.defineProperty({ ...base }, key, { value: leaf, enumerable: true, writable: true })
              : base,
          ),
      },
    );
  });
}

function valueAt(value: unknown, path: Array<string | number>): unknown {
  let at = value;
  for (const key of path) at = (at as Record<string | number, unknown> | undefined)?.[key];
  return at;
}
