import { and, eq, isNotNull, isNull, lt, ne } from "drizzle-orm";
import type { Actor } from "../access";
import { nanoid } from "nanoid";
import { getDb, type DbOrTx } from "~/db/client.server";
import { refreshTokens } from "~/db/schema";
import { getConfig } from "~/lib/env.server";
import { forgetRequestMemo, oncePerRequest } from "~/lib/request-context.server";
import { UnauthorizedError } from "../errors";
import { hashPassword, verifyPassword } from "./passwords.server";
import { clearLimitsStartingWith, keyPart, reserveAttempt, type Rule } from "../rate-limit.server";
import {
  decodeAccessToken,
  hashToken,
  newRefreshToken,
  openSuccessor,
  REFRESH_TOKEN_DAYS,
  sealSuccessor,
  signAccessToken,
  type SuccessorPair,
  verifyAccessToken,
} from "./tokens.server";
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

const TOO_MANY = "Too many failed login attempts. Please wait a little and try again.";
const loginPairPrefix = (email: string) => `login:pair:${keyPart(email.trim().toLowerCase())}:`;

/**
 * The limits on one login attempt (docs/security.md): a back-off per client and account (the attacker's own
 * attempts on that account slow down, the owner signing in from elsewhere is not touched), a window per client (one
 * client guessing across many accounts) and a ceiling per account (many clients guessing one password) that spares
 * a client with no failures on the account, so that the owner still gets in while others guess. Without a known
 * client address every attempt on the account shares one back-off.
 */
function loginRules(email: string, clientAddress: string | undefined): Rule[] {
  const config = getConfig().rateLimits;
  const pair = loginPairPrefix(email) + (clientAddress ?? "unknown");
  const rules: Rule[] = [
    { key: pair, free: config.loginFreeAttempts, maxDelaySeconds: config.loginMaxDelaySeconds, memorySeconds: 86_400 },
    {
      key: `login:account:${keyPart(email.trim().toLowerCase())}`,
      max: config.loginPerEmail,
      windowSeconds: config.loginWindowSeconds,
      spareWhenClean: pair,
    },
  ];
  if (clientAddress) {
    rules.push({
      key: `login:client:${clientAddress}`,
      max: config.loginPerClient,
      windowSeconds: config.loginWindowSeconds,
    });
  }
  return rules;
}

/** Forgets an account's failed logins from every client (after its password was reset). */
export function clearLoginFailures(email: string, db: DbOrTx = getDb()) {
  return clearLimitsStartingWith(loginPairPrefix(email), db);
}

async function issueTokens(
  user: { id: number; email: string },
  familyId: string,
  db: DbOrTx,
  now = new Date(),
): Promise<Tokens> {
  const roles = await rolesOf(user.id, db);
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    userId: user.id,
    tokenHash: hashToken(refreshToken),
    familyId,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
  });
  return {
    accessToken: await signAccessToken({ id: user.id, email: user.email, roles }, familyId),
    refreshToken,
    userId: user.id,
    roles,
  };
}

/**
 * One answer for an unknown e-mail and a wrong password. Each attempt is counted before the password is checked
 * (`reserveAttempt`), so parallel guesses cannot all slip past the limits; a success un-counts it.
 */
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
  const attempt = await reserveAttempt(loginRules(email, clientAddress), TOO_MANY, db);
  const user = await findUserByEmail(email, db);
  const valid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !valid) throw new UnauthorizedError(BAD_CREDENTIALS);
  await attempt.succeeded();
  return issueTokens(user, nanoid(), db);
}

type RefreshRow = typeof refreshTokens.$inferSelect;
/** how many rotations a late refresh follows to the live token (a few page loads within the window, not more) */
const MAX_CHAIN = 8;

/**
 * The live tokens a just-rotated `token` leads to, following successors rotated within their own grace window too
 * (A→B→C when B was refreshed again meanwhile gives C): the client gets the family's current pair, never a new one.
 * Null when the chain is revoked, too old, broken or cannot be opened.
 */
async function liveSuccessor(
  token: string,
  row: RefreshRow,
  now: Date,
  graceMs: number,
  tx: DbOrTx,
): Promise<SuccessorPair | null> {
  let held = token;
  let at = row;
  let pair: SuccessorPair | null = null;
  for (let hop = 0; hop <= MAX_CHAIN; hop++) {
    if (at.revokedAt || at.familyId !== row.familyId) return null;
    if (!at.rotatedAt) return pair && at.expiresAt.getTime() > now.getTime() ? pair : null;
    if (!at.successorBox || now.getTime() - at.rotatedAt.getTime() > graceMs) return null;
    pair = openSuccessor(held, at.successorBox);
    if (!pair) return null;
    const [next] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(pair.refreshToken)));
    if (!next) return null;
    held = pair.refreshToken;
    at = next;
  }
  return null;
}

/**
 * Rotation with a grace window. A live refresh token is exchanged once for a new one; the new one is kept on the old
 * row, sealed with a key only the old token opens (tokens.server.ts). For `REFRESH_GRACE_SECONDS` afterwards the old
 * token answers with that same new token and a fresh access token: two page loads of one user reaching two app
 * instances with the same cookie both succeed and end with one pair. After the window, presenting a rotated token
 * means it leaked: the whole family (every token descended from that login) is revoked, and stays revoked.
 * Concurrent refreshes with one token take turns on its row's lock, so there is never more than one successor.
 */
export async function refresh({
  refreshToken,
  db = getDb(),
  now = new Date(),
}: {
  refreshToken: string | undefined;
  db?: DbOrTx;
  /** the clock, for tests of the grace window */
  now?: Date;
}): Promise<Tokens> {
  if (!refreshToken) throw new UnauthorizedError("No refresh token");
  const graceMs = getConfig().refreshGraceSeconds * 1000;
  type Outcome =
    { kind: "tokens"; tokens: Tokens } | { kind: "reused"; familyId: string } | { kind: "refused"; message: string };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .for("update");
    if (!row) return { kind: "refused", message: "Invalid refresh token" };
    if (row.revokedAt) return { kind: "reused", familyId: row.familyId };
    const user = await tx.query.users.findFirst({ where: (u, { eq: equals }) => equals(u.id, row.userId) });
    if (!user) return { kind: "refused", message: "Invalid refresh token" };

    if (row.rotatedAt) {
      // rotated a moment ago by a concurrent refresh (this one waited on the lock, or came from another instance)
      const live = await liveSuccessor(refreshToken, row, now, graceMs, tx);
      if (!live) return { kind: "reused", familyId: row.familyId };
      const roles = await rolesOf(user.id, tx);
      // the pair the rotation handed out, unless its access token is about to expire (a window longer than its life)
      const claims = decodeAccessToken(live.accessToken);
      const accessToken =
        claims && claims.exp * 1000 > now.getTime() + 60_000
          ? live.accessToken
          : await signAccessToken({ id: user.id, email: user.email, roles }, row.familyId);
      return { kind: "tokens", tokens: { accessToken, refreshToken: live.refreshToken, userId: user.id, roles } };
    }
    if (row.expiresAt.getTime() <= now.getTime())
      return { kind: "refused", message: "This session has expired. Please sign in again." };

    const tokens = await issueTokens(user, row.familyId, tx, now);
    // conditional as well as locked: whatever the isolation, only one refresh can rotate a live token
    const [rotated] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now, successorBox: sealSuccessor(refreshToken, tokens) })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (!rotated) throw new Error(`refresh token ${row.id} was rotated while locked`);
    // boxes past their window are of no use any more: emptied, so an old token and a copy of the database cannot
    // open the chain down to the live token
    await tx
      .update(refreshTokens)
      .set({ successorBox: null })
      .where(
        and(
          eq(refreshTokens.familyId, row.familyId),
          isNotNull(refreshTokens.successorBox),
          lt(refreshTokens.rotatedAt, new Date(now.getTime() - graceMs)),
        ),
      );
    return { kind: "tokens", tokens };
  });
  if (outcome.kind === "tokens") return outcome.tokens;
  if (outcome.kind === "reused") {
    // committed on its own: the refusal below must not roll the revocation back
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
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
  forgetRequestMemo();
}

/**
 * Ends every session of a user, on every device (a password change or reset, a deleted account); `except` keeps one
 * open: the session of the browser that changed the password.
 */
export async function revokeAllSessions(userId: number, db: DbOrTx = getDb(), options: { except?: string } = {}) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        options.except ? ne(refreshTokens.familyId, options.except) : undefined,
      ),
    );
  forgetRequestMemo();
}

/**
 * The caller of an access token: signed by us, unexpired, and of a session still open (not logged out, not revoked
 * for reuse or by a password change). One indexed lookup per call; null for anything else.
 */
export function authenticate(token: string, db: DbOrTx = getDb()): Promise<Actor | null> {
  // a page's loaders call the API several times with one token: one check per request is enough
  return oncePerRequest(`authenticate:${token}`, () => checkAccessToken(token, db));
}

async function checkAccessToken(token: string, db: DbOrTx): Promise<Actor | null> {
  const claims = await verifyAccessToken(token);
  if (!claims) return null;
  const [open] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, claims.sessionId),
        eq(refreshTokens.userId, claims.id),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return open ? { id: claims.id, roles: claims.roles, sessionId: claims.sessionId } : null;
}
