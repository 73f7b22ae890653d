import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/services/accounts/passwords.server";

// made by the WebAssembly argon2id the shop used before (hash-wasm), production cost: stored hashes keep working
const LEGACY = "$argon2id$v=19$m=19456,t=2,p=1$T2drD4WuXSceI+BEWPr5zg$2Y2sMh9sm4HbGCCICc1SkAT9kY14vlLF2ZCWqsJEjng";

describe("password hashing", () => {
  const saved = { memory: process.env.ARGON2_MEMORY_KIB, time: process.env.ARGON2_TIME_COST };
  beforeEach(() => {
    // the production cost (the suite's setup lowers it)
    delete process.env.ARGON2_MEMORY_KIB;
    delete process.env.ARGON2_TIME_COST;
  });
  afterEach(() => {
    process.env.ARGON2_MEMORY_KIB = saved.memory;
    process.env.ARGON2_TIME_COST = saved.time;
    if (saved.memory === undefined) delete process.env.ARGON2_MEMORY_KIB;
    if (saved.time === undefined) delete process.env.ARGON2_TIME_COST;
  });

  it("hashes with argon2id at OWASP's cost, verifies, and refuses a wrong password or a broken hash", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "correct horse")).toBe(true);
    expect(await verifyPassword(stored, "correct horsE")).toBe(false);
    expect(await verifyPassword("not a hash", "correct horse")).toBe(false);
    expect(await verifyPassword(stored, "correct horse\u0000")).toBe(false);
  });

  it("verifies hashes made by the WebAssembly implementation used before", async () => {
    expect(await verifyPassword(LEGACY, "secret123")).toBe(true);
    expect(await verifyPassword(LEGACY, "secret124")).toBe(false);
  });

  it("never blocks the event loop: a hash or a verification runs off the main thread", async () => {
    const stored = await hashPassword("warm-up");
    // a call returns at once and the work happens elsewhere: the call takes a small part of the time to the answer.
    // On the main thread (hash-wasm, before) the call itself is the whole ~60 ms. Ratios, not milliseconds, and the
    // best of several: the 2 cores are shared with other tests, which stretches both and stalls any one call.
    const ratios: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const answer = i % 2 ? hashPassword("a password") : verifyPassword(stored, "a guess");
      const returned = performance.now() - started;
      await answer;
      ratios.push(returned / (performance.now() - started));
    }
    expect(Math.min(...ratios)).toBeLessThan(0.25);
  });
});
