import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/lib/env.server";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "shop-config-"));
}

describe("configuration", () => {
  it("generates missing secrets once and keeps them in DATA_DIR", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret).toMatch(/^[\w-]{40,}$/);
    expect(first.jwtSecret).not.toBe(first.sessionSecret);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(fs.statSync(path.join(dir, "secrets.json")).mode & 0o077).toBe(0);
  });

  it("gives a new embedded database the demo shopper unless DEMO_SHOPPER=false", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).demoShopper).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DEMO_SHOPPER: "true" }).demoShopper).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DEMO_SHOPPER: "FALSE " }).demoShopper).toBe(false);
  });

  it("prefers secrets from the environment", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: "s".repeat(32), JWT_SECRET: "j".repeat(32) });
    expect(config.sessionSecret).toBe("s".repeat(32));
    expect(config.jwtSecret).toBe("j".repeat(32));
  });

  it("refuses to start in production on PostgreSQL without the secrets, naming them", () => {
    const env = { NODE_ENV: "production", DATABASE_URL: "postgres://db/shop", DATA_DIR: tempDir() };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/SESSION_SECRET and JWT_SECRET/);
    expect(() => loadConfig({ ...env, SESSION_SECRET: "x".repeat(32) })).toThrow(/without JWT_SECRET/);
  });

  it("rejects a DATABASE_URL that is not PostgreSQL and half a set of Stripe keys", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it("selects the embedded database by default and PostgreSQL with DATABASE_URL", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgresql://u@h/db" }).databaseUrl).toBe(
      "postgresql://u@h/db",
    );
  });

  it("writes mail to files without SMTP_URL, and refuses an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), SMTP_URL: " smtps://u:p@mail.example:465 " }).mail.smtpUrl).toBe(
      "smtps://u:p@mail.example:465",
    );
    for (const bad of ["mail.example:587", "http://mail.example", "smtp://"])
      expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: bad })).toThrow(/SMTP_URL/);
    // real mail in production needs the shop's own address for its links
    const production = { DATA_DIR: tempDir(), NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587" };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...production, PUBLIC_URL: "https://shop.example/" }).mail.publicUrl).toBe(
      "https://shop.example",
    );
  });

  it("gives a rotated refresh token 30 seconds of grace unless REFRESH_GRACE_SECONDS says otherwise (0 turns it off)", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).refreshGraceSeconds).toBe(30);
    expect(loadConfig({ DATA_DIR: tempDir(), REFRESH_GRACE_SECONDS: "5" }).refreshGraceSeconds).toBe(5);
    expect(loadConfig({ DATA_DIR: tempDir(), REFRESH_GRACE_SECONDS: "0" }).refreshGraceSeconds).toBe(0);
    for (const bad of ["", "-1", "1.5", "soon"])
      expect(loadConfig({ DATA_DIR: tempDir(), REFRESH_GRACE_SECONDS: bad }).refreshGraceSeconds).toBe(30);
  });
});
