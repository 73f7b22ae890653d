// The last step of `npm test`: the logs of the shops the tests ran (test-results/logs/*.log: the end-to-end servers'
// stdout and stderr, the server tests' processes) must hold no secret the tests used. A log that held one would leak
// it to whoever reads logs (docs/decisions/0016-security-headers-and-logs.md).
//
// Usage: node scripts/check-logs.mjs [file or folder …]   (default: test-results/logs)
// Exit 0: every file clean (and the folder held logs with traffic in them); 1: a secret found, or nothing to check.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What must never be in a log: the test accounts' passwords, hashes, tokens, test cards, image bytes. */
export const FORBIDDEN = [
  {
    what: "a test password (an account's, or a database URL's)",
    pattern: /correct horse battery|admin-password-e2e|not the password|a long password|secret-password/,
  },
  { what: "an argon2 password hash", pattern: /\$argon2/ },
  { what: "a bcrypt password hash", pattern: /\$2[aby]\$\d\d\$/ },
  { what: "a JWT (access token)", pattern: /eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]+/ },
  { what: "a session cookie", pattern: /__session=[^;\s]{8,}/ },
  { what: "a bearer token", pattern: /Bearer\s+(?!\[redacted\])[\w.~+/-]{16,}/ },
  { what: "a Stripe secret", pattern: /\b(?:sk|rk)_(?:test|live)_\w+|\bwhsec_\w+|_secret_[A-Za-z0-9]{8,}/ },
  {
    what: "a test card number",
    pattern: /4242[ -]?4242[ -]?4242[ -]?4242|4000[ -]?0000[ -]?0000[ -]?(?:0002|9995|3220|0077)/,
  },
  { what: "PNG bytes", pattern: /\x89PNG|\uFFFDPNG\r\n|IHDR|<Buffer 89 50 4e 47|137,\s*80,\s*78,\s*71/ },
  { what: "JPEG bytes", pattern: /\xFF\xD8\xFF|JFIF|<Buffer ff d8 ff|255,\s*216,\s*255/ },
  { what: "WebP bytes", pattern: /RIFF.{4}WEBP|<Buffer 52 49 46 46/s },
];

/** Every finding in one log's text: what, and the line number. */
export function findSecrets(text) {
  const findings = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    for (const { what, pattern } of FORBIDDEN) {
      if (pattern.test(line)) findings.push({ what, line: index + 1 });
    }
  });
  return findings;
}

function logFiles(targets) {
  const files = [];
  for (const target of targets) {
    if (!fs.existsSync(target)) continue;
    if (fs.statSync(target).isDirectory()) {
      for (const name of fs.readdirSync(target).sort()) {
        if (name.endsWith(".log")) files.push(path.join(target, name));
      }
    } else files.push(target);
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const targets = process.argv.slice(2);
  const files = logFiles(targets.length > 0 ? targets : [path.join(root, "test-results/logs")]);
  if (files.length === 0) {
    console.log("[check-logs] no logs to check (test-results/logs/*.log): did the end-to-end tests run?");
    process.exit(1);
  }
  let bad = 0;
  let requests = 0;
  for (const file of files) {
    // latin1: every byte stays one character, so raw image bytes are seen as they are
    const text = fs.readFileSync(file, "latin1");
    requests += (text.match(/^(?:GET|POST|PUT|DELETE|PATCH) \//gm) ?? []).length;
    const findings = findSecrets(text).concat(findSecrets(fs.readFileSync(file, "utf8")));
    const unique = new Map(findings.map((f) => [`${f.what}:${f.line}`, f]));
    for (const { what, line } of unique.values()) {
      console.log(`[check-logs] ${path.relative(root, file)}:${line}: ${what}`);
      bad++;
    }
  }
  console.log(
    `[check-logs] ${files.length} log file(s), ${requests} logged request(s): ${bad === 0 ? "no secrets" : `${bad} finding(s)`}`,
  );
  if (requests === 0) {
    console.log("[check-logs] no request was logged: the logs were not captured, so they prove nothing");
    process.exit(1);
  }
  process.exit(bad === 0 ? 0 : 1);
}
