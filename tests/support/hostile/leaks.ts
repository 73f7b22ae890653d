/**
 * What an answer must never show a client: a stack trace, an error's class, SQL or a database's wording, a file
 * path of the server. Each rule has a name, so a failure says which one matched (and where, in `leakIn`).
 */
const LEAKS: Array<[string, RegExp]> = [
  ["stack frame", /\bat (?:async )?[\w$.<>[\] ]+ \((?:file:|node:|\/)|^\s*at (?:file:|node:|\/)/m],
  ["stack frame (path:line:column)", /\/[\w.-]+\.(?:[cm]?js|tsx?):\d+:\d+/],
  // (Remix's own 404 and 405 of a data request say "Error: No route matches URL …" and "Error: You made a POST
  // request to … but did not provide an `action`": its router's words about the URL, nothing of ours)
  [
    "error class",
    /\b(?:Type|Reference|Syntax|Range|URI|Eval|Aggregate|Postgres|DrizzleQuery|Zod)?Error: (?!No route matches URL|You made a [A-Z]+ request to )[A-Za-z`'"]/,
  ],
  ["SQL", /\b(?:SELECT\b[\s\S]{1,200}?\bFROM|INSERT INTO|UPDATE "?\w+"? SET|DELETE FROM)\b/],
  [
    "database wording",
    /violates (?:foreign key|unique|not-null|check) constraint|invalid byte sequence for encoding|invalid input syntax for type|out of range for type|SQLSTATE|Failed query:|relation "\w+" does not exist|column "\w+"/,
  ],
  ["server path", new RegExp(`${escapeRegExp(process.cwd())}|node_modules/|node:internal|file:///`)],
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The name of the first rule the body breaks and the text around it, or null when it shows nothing internal. */
export function leakIn(body: string): string | null {
  for (const [name, pattern] of LEAKS) {
    const match = pattern.exec(body);
    if (match) {
      const from = Math.max(0, match.index - 80);
      return `${name}: …${body.slice(from, match.index + match[0].length + 80)}…`;
    }
  }
  return null;
}

/**
 * A page's HTML with what the development build adds and production does not (module URLs of source files, Vite's
 * client), so that only what the pages themselves say is judged.
 */
export function withoutDevModuleUrls(html: string): string {
  return html.replace(/["'(]\/(?:@fs|@id|@vite|node_modules|app)\/[^"')]*["')]/g, '""');
}
