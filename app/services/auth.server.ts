import { and, eq, isNull } from "drizzle-orm";
import { nanoid } from "nanoid";
import { getDb, type DbOrTx } from "~/db/client.server";
import { refreshTokens } from "~/db/schema";
import { getConfig } from "~/utils/env.server";
import { UnauthorizedError } from "./errors";
import { hashPassword, verifyPassword } from "./passwords.server";
import { assertUnderLimits, clearLimit, recordFailure, type Limit } from "./rate-limit.server";
import { hashToken, newRefreshToken, REFRESH_TOKEN_DAYS, signAccessToken } from "./tokens.server";
import { findUserByEmail, rolesOf } from "./users.server";

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  userId: number;
  roles: string[];
}

const BAD_CREDENTIALS = "Invalid username or password";
// a real hash to verify against when the e-mail is unknown, so both failures take the same time
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(nanoid()));

function loginLimits(email: string, clientAddress: string | undefined): Limit[] {
  const { loginPerEmail, loginPerClient, windowSeconds } = getConfig().rateLimits;
  const limits: Limit[] = [{ key: `login:email:${email.trim().toLowerCase()}`, max: loginPerEmail, windowSeconds }];
  // without a trustworthy client address there is no per-client bucket (one shared bucket would let anyone lock all out)
  if (clientAddress) limits.push({ key: `login:client:${clientAddress}`, max: loginPerClient, windowSeconds });
  return limits;
}

async function issueTokens(user: { id: number; email: string }, familyId: string, db: DbOrTx): Promise<Tokens> {
  const roles = await rolesOf(user.id, db);
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    userId: user.id,
    tokenHash: hashToken(refreshToken),
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
  });
  return {
    accessToken: await signAccessToken({ id: user.id, email: user.email, roles }),
    refreshToken,
    userId: user.id,
    roles,
  };
}

/** One answer for an unknown e-mail and a wrong password; failures are rate-limited per e-mail and per client. */
export async function login({
  email,
  password,
  clientAddress,
  db = getDb(),
}: {
  email: string;
  password: string;
  clientAddress?: string;
  db?: DbOrTx;
}): Promise<Tokens> {
  const limits = loginLimits(email, clientAddress);
  await assertUnderLimits(limits, "Too many failed login attempts. Please wait a few minutes and try again.", db);
  const user = await findUserByEmail(email, db);
  const valid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !valid) {
    await recordFailure(limits, db);
    throw new UnauthorizedError(BAD_CREDENTIALS);
  }
  await clearLimit(limits[0]!.key, db);
  return issueTokens(user, nanoid(), db);
}

/**
 * Rotation: a refresh token is good once. Presenting one that was already rotated means it leaked: the whole family
 * (every token descended from that login) is revoked.
 */
export async function refresh({
  refreshToken,
  db = getDb(),
}: {
  refreshToken: string | undefined;
  db?: DbOrTx;
}): Promise<Tokens> {
  if (!refreshToken) throw new UnauthorizedError("No refresh token");
  type Outcome =
    { kind: "tokens"; tokens: Tokens } | { kind: "reused"; familyId: string } | { kind: "refused"; message: string };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for("update");
    if (!row) return { kind: "refused", message: "Invalid refresh token" };
    if (row.rotatedAt || row.revokedAt) return { kind: "reused", familyId: row.familyId };
    if (row.expiresAt.getTime() <= Date.now())
      return { kind: "refused", message: "This session has expired. Please sign in again." };
    const user = await tx.query.users.findFirst({ where: (u, { eq: equals }) => equals(u.id, row.userId) });
    if (!user) return { kind: "refused", message: "Invalid refresh token" };
    await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    return { kind: "tokens", tokens: await issueTokens(user, row.familyId, tx) };
  });
  if (outcome.kind === "tokens") return outcome.tokens;
  if (outcome.kind === "reused") {
    // committed on its own: the refusal below must not roll the revocation back
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, outcome.familyId), isNull(refreshTokens.revokedAt)));
    throw new UnauthorizedError("This session has ended. Please sign in again.");
  }
  throw new UnauthorizedError(outcome.message);
}

/** Revokes the family of the presented refresh token (this login on this device). */
export async function logout({ refreshToken, db = getDb() }: { refreshToken: string | undefined; db?: DbOrTx }) {
  if (!refreshToken) return;
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (!row) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}
