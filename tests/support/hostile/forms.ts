/**
 * The forms a page renders, read from its HTML: where each posts, how it is encoded, its fields and their values
 * (hidden fields, the `intent` of each submit button, the options of a select). The page fuzzer posts what the pages
 * themselves offer, so a new form is fuzzed as soon as a page renders it.
 */
export interface FormField {
  name: string;
  /** input type, or "select", "textarea", "button" */
  kind: string;
  /** the values the page offers: a hidden or default value, a button's value, a select's options */
  values: string[];
}

export interface PageForm {
  /** the path it posts to (the page's own when the form has no action) */
  action: string;
  method: "get" | "post";
  multipart: boolean;
  fields: FormField[];
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">", nbsp: " " };

function decodeEntities(text: string) {
  return text.replace(/&(#x27|#39|amp|quot|lt|gt|nbsp);/g, (_m, name: string) => ENTITIES[name]!);
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g))
    out[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? "");
  return out;
}

function addField(fields: FormField[], name: string, kind: string, value: string | undefined) {
  const existing = fields.find((f) => f.name === name);
  if (existing) {
    if (value !== undefined && !existing.values.includes(value)) existing.values.push(value);
    return;
  }
  fields.push({ name, kind, values: value === undefined ? [] : [value] });
}

/** Every form of the page, with actions resolved against the page's path. */
export function formsIn(html: string, pagePath: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attrs = attributes(match[1]!);
    const inner = match[2]!;
    const fields: FormField[] = [];
    for (const input of inner.matchAll(/<input\b([^>]*)>/g)) {
      const a = attributes(input[1]!);
      if (a.name) addField(fields, a.name, a.type ?? "text", a.value);
    }
    for (const button of inner.matchAll(/<button\b([^>]*)>/g)) {
      const a = attributes(button[1]!);
      if (a.name) addField(fields, a.name, "button", a.value);
    }
    for (const textarea of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const a = attributes(textarea[1]!);
      if (a.name) addField(fields, a.name, "textarea", decodeEntities(textarea[2]!));
    }
    for (const select of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const a = attributes(select[1]!);
      if (!a.name) continue;
      addField(fields, a.name, "select", undefined);
      for (const option of select[2]!.matchAll(/<option\b([^>]*)>/g)) {
        const value = attributes(option[1]!).value;
        if (value !== undefined) addField(fields, a.name, "select", value);
      }
    }
    const action = attrs.action ? new URL(attrs.action, `http://page${pagePath}`) : new URL(`http://page${pagePath}`);
    forms.push({
      action: action.pathname + (attrs.action ? action.search : ""),
      method: (attrs.method ?? "get").toLowerCase() === "post" ? "post" : "get",
      multipart: (attrs.enctype ?? "").toLowerCase() === "multipart/form-data",
      fields,
    });
  }
  return forms;
}

/** Links of the page to other states of the same path (`?image=new`, `?edit=3`): more forms to find there. */
export function sameRouteLinks(html: string, pagePath: string): string[] {
  const out = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*href="([^"]*)"/g)) {
    const href = decodeEntities(match[1]!);
    if (!href.startsWith("/") && !href.startsWith("?")) continue;
    const url = new URL(href, `http://page${pagePath}`);
    if (url.pathname === pagePath && url.search) out.add(url.pathname + url.search);
  }
  return [...out].slice(0, 5);
}

/** A route pattern ("/user/:userId/my-cart") as a RegExp over paths. */
export function routePattern(path: string): RegExp {
  const body = path
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body === "" ? "/" : body}/?$`);
}
