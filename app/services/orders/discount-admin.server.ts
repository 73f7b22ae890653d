// The admin's discount codes (decision 0040): list, create, update and deactivate, each write with its audit row. The
// rules a code follows when a shopper applies it, and the accounting of its uses, are in discounts.server.ts.
import { asc, count, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { discountCodes, discountRedemptions } from "~/db/schema";
import { centsToDollars, dollarsToCents } from "~/lib/money";
import type { DiscountCodeDto, DiscountCodeInput } from "~/schemas/discounts";
import { requireAdmin, type Actor } from "../access";
import { auditedChange } from "../audit/audit.server";
import { ConflictError, NotFoundError, refuseDuplicate } from "../errors";
import { describeCode } from "./discount-rules";
import { findCode } from "./discounts.server";

type CodeRow = typeof discountCodes.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function codeDto(row: CodeRow, redeemed: number): DiscountCodeDto {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.kind === "percent" ? row.value / 100 : row.kind === "fixed" ? centsToDollars(row.value) : 0,
    description: describeCode(row),
    minSubtotal: row.minSubtotalCents === null ? null : centsToDollars(row.minSubtotalCents),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    productIds: row.productIds ?? [],
    categoryIds: row.categoryIds ?? [],
    active: row.active,
    uses: row.uses,
    redeemed,
    createdAt: row.createdAt.toISOString(),
  };
}

function valuesOf(input: DiscountCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    value:
      input.kind === "percent"
        ? Math.round((input.amount ?? 0) * 100)
        : input.kind === "fixed"
          ? dollarsToCents(input.amount ?? 0)
          : 0,
    minSubtotalCents: input.minSubtotal === undefined ? null : dollarsToCents(input.minSubtotal),
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    productIds: input.productIds.length > 0 ? input.productIds : null,
    categoryIds: input.categoryIds.length > 0 ? input.categoryIds : null,
    active: input.active ?? true,
  };
}

const duplicate = (code: string) =>
  new ConflictError(`A code ${code} exists already.`, { code: [`A code ${code} exists already`] });

async function redeemedCounts(db: DbOrTx) {
  const rows = await db
    .select({ codeId: discountRedemptions.codeId, n: count() })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.status, "redeemed"))
    .groupBy(discountRedemptions.codeId);
  return new Map(rows.map((r) => [r.codeId, r.n]));
}

/** GET /admin/discount-codes: every code with its uses, newest first. */
export async function listDiscountCodes({ actor, db = getDb() }: { actor: Actor | null; db?: DbOrTx }) {
  requireAdmin(actor);
  const [rows, redeemed] = await Promise.all([
    db.select().from(discountCodes).orderBy(asc(discountCodes.code)),
    redeemedCounts(db),
  ]);
  return rows.map((row) => codeDto(row, redeemed.get(row.id) ?? 0));
}

export async function getDiscountCode({ actor, id, db = getDb() }: { actor: Actor | null; id: number; db?: DbOrTx }) {
  requireAdmin(actor);
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw new NotFoundError(`Discount code ${id} not found`);
  return codeDto(row, (await redeemedCounts(db)).get(row.id) ?? 0);
}

/** POST /admin/discount-codes */
export async function createDiscountCode({
  actor,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  input: DiscountCodeInput;
  db?: DbOrTx;
}) {
  const admin = requireAdmin(actor);
  if (await findCode(input.code, db)) throw duplicate(input.code);
  const row = await auditedChange(db, admin, { kind: "discount.create", type: "discount" }, async (tx) => {
    const [created] = await tx.insert(discountCodes).values(valuesOf(input)).returning();
    return { id: created!.id, before: null, after: valuesOf(input), result: created! };
  }).catch((error: unknown) => refuseDuplicate(error, "discount_codes_code_key", () => duplicate(input.code)));
  return codeDto(row, 0);
}

/** PUT /admin/discount-codes/{id}: the whole code (deactivating is `active: false`; uses taken stay). */
export async function updateDiscountCode({
  actor,
  id,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  input: DiscountCodeInput;
  db?: DbOrTx;
}) {
  const admin = requireAdmin(actor);
  const other = await findCode(input.code, db);
  if (other && other.id !== id) throw duplicate(input.code);
  const row = await auditedChange(db, admin, { kind: "discount.update", type: "discount" }, async (tx) => {
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
    if (!before) throw new NotFoundError(`Discount code ${id} not found`);
    const values = valuesOf(input);
    const [after] = await tx
      .update(discountCodes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(discountCodes.id, id))
      .returning();
    const { uses: _uses, createdAt: _c, updatedAt: _u, id: _id, ...was } = before;
    return { id, before: was, after: values, result: after! };
  }).catch((error: unknown) => refuseDuplicate(error, "discount_codes_code_key", () => duplicate(input.code)));
  return codeDto(row, (await redeemedCounts(db)).get(row.id) ?? 0);
}

/** POST /admin/discount-codes/{id}/deactivate: the code can no longer be applied or paid with. */
export async function deactivateDiscountCode({
  actor,
  id,
  db = getDb(),
}: {
  actor: Actor | null;
  id: number;
  db?: DbOrTx;
}) {
  const admin = requireAdmin(actor);
  const row = await auditedChange(db, admin, { kind: "discount.update", type: "discount" }, async (tx) => {
    const [after] = await tx
      .update(discountCodes)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(discountCodes.id, id))
      .returning();
    if (!after) throw new NotFoundError(`Discount code ${id} not found`);
    return { id, before: { active: true }, after: { active: false }, result: after };
  });
  return codeDto(row, (await redeemedCounts(db)).get(row.id) ?? 0);
}
