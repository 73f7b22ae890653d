import { randomBytes } from "node:crypto";
import { argon2id, argon2Verify } from "hash-wasm";

/**
 * argon2id in WebAssembly (hash-wasm: no native build that can differ between machines), with OWASP's recommended
 * configuration: 19 MiB, 2 passes, parallelism 1. The test suite lowers the cost through ARGON2_MEMORY_KIB and
 * ARGON2_TIME_COST; verification reads the parameters from the stored hash, so old hashes keep working.
 */
function parameter(value: string | undefined, fallback: number, minimum: number) {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= minimum ? n : fallback;
}

export function hashPassword(password: string): Promise<string> {
  return argon2id({
    password,
    salt: randomBytes(16),
    parallelism: 1,
    iterations: parameter(process.env.ARGON2_TIME_COST, 2, 1),
    memorySize: parameter(process.env.ARGON2_MEMORY_KIB, 19_456, 1024),
    hashLength: 32,
    outputType: "encoded",
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
