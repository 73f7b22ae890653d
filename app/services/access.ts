import { ForbiddenError, NotFoundError, UnauthorizedError } from "./errors";

/** Who is calling a service: the user of a verified access token (the API sets it), or null for a visitor. */
export interface Actor {
  id: number;
  roles: string[];
  /** the session (refresh-token family) of the caller's access token: a password change keeps this one open */
  sessionId?: string;
}

export const ROLE_USER = "ROLE_USER";
export const ROLE_ADMIN = "ROLE_ADMIN";
/**
 * Staff run the shop floor: they see orders and move them through Preparing, Shipped and Delivered, and see and set
 * stock; prices, refunds, cancelling, accounts and settings stay the admin's (docs/decisions/0038-running-the-shop.md).
 */
export const ROLE_STAFF = "ROLE_STAFF";
/** The roles an admin may grant or remove on the users page. */
export const GRANTABLE_ROLES = [ROLE_STAFF, ROLE_ADMIN] as const;

export function hasRole(actor: Pick<Actor, "roles"> | null | undefined, role: string): boolean {
  return Boolean(actor?.roles.some((r) => r.toUpperCase() === role.toUpperCase()));
}

export function isAdmin(actor: Pick<Actor, "roles"> | null | undefined): boolean {
  return hasRole(actor, ROLE_ADMIN);
}

/** Staff or an admin: whoever may use the shop-floor functions (orders, stock). */
export function isStaff(actor: Pick<Actor, "roles"> | null | undefined): boolean {
  return hasRole(actor, ROLE_STAFF) || isAdmin(actor);
}

export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw new UnauthorizedError("Sign in to do this: no valid access token was sent.");
  return actor;
}

/** The owner of {userId}, or an admin; anyone else learns nothing about the user. */
export function assertOwnerOrAdmin(actor: Actor | null | undefined, userId: number): Actor {
  const who = requireActor(actor);
  if (who.id !== userId && !isAdmin(who)) throw new ForbiddenError("You do not have permission to do this.");
  return who;
}

/**
 * The ownership rule of a user's rows (a cart, an order, an address): the owner or an admin gets the row; a stranger
 * gets 403 whether or not it exists (and so learns nothing); only an admin learns that it does not exist (404).
 */
export function ownRowOrRefuse<T extends { userId: number }>(
  who: Actor,
  row: T | undefined,
  refusals: { notFound: string; forbidden?: string },
): T {
  if (row && (row.userId === who.id || isAdmin(who))) return row;
  if (!row && isAdmin(who)) throw new NotFoundError(refusals.notFound);
  throw new ForbiddenError(refusals.forbidden ?? "You do not have permission to do this.");
}

/** An administrator, or 403: the catalogue's and the orders' admin services check this themselves too. */
export function requireAdmin(actor: Actor | null | undefined): Actor {
  const who = requireActor(actor);
  if (!isAdmin(who)) throw new ForbiddenError("Only an administrator can do this.");
  return who;
}

/** Staff or an administrator, or 403: the orders' and the stock's services check this themselves too. */
export function requireStaff(actor: Actor | null | undefined): Actor {
  const who = requireActor(actor);
  if (!isStaff(who)) throw new ForbiddenError("Only staff or an administrator can do this.");
  return who;
}
