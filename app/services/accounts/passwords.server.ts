import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id (a const enum, which isolated modules cannot read)
const ARGON2ID = 2;

/**
 * argon2id with OWASP's recommended configuration: 19 MiB, 2 passes, parallelism 1. @node-rs/argon2 is a native
 * binding (prebuilt, no compiler needed) that hashes on libuv's thread pool, so a flood of logins or registrations
 * never blocks the event loop: other requests keep being answered while the hashes run (tests/unit/passwords.test.ts
 * measures it). The test suite lowers the cost through ARGON2_MEMORY_KIB and ARGON2_TIME_COST; verification reads
 * the parameters from the stored hash (standard PHC strings), so hashes made with other costs, or by the WebAssembly
 * implementation used before, keep working.
 */
function parameter(value: string | undefined, fallback: number, minimum: number) {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= minimum ? n : fallback;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    parallelism: 1,
    timeCost: parameter(process.env.ARGON2_TIME_COST, 2, 1),
    memoryCost: parameter(process.env.ARGON2_MEMORY_KIB, 19_456, 1024),
    outputLen: 32,
  });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
