import argon2 from "argon2";

/**
 * argon2id with the library's defaults (64 MiB, 3 passes: OWASP's recommendation). The test suite lowers the cost
 * through ARGON2_MEMORY_KIB / ARGON2_TIME_COST; verification reads the parameters from the stored hash.
 */
export function hashPassword(password: string): Promise<string> {
  const memoryCost = Number(process.env.ARGON2_MEMORY_KIB);
  const timeCost = Number(process.env.ARGON2_TIME_COST);
  return argon2.hash(password, {
    type: argon2.argon2id,
    ...(Number.isInteger(memoryCost) && memoryCost >= 1024 ? { memoryCost } : {}),
    ...(Number.isInteger(timeCost) && timeCost >= 1 ? { timeCost } : {}),
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
