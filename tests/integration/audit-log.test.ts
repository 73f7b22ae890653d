import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { ROLE_ADMIN, ROLE_STAFF } from "~/services/access";
import {
  addCategory,
  addProduct,
  deleteCategory,
  deleteProduct,
  updateCategory,
  updateProduct,
} from "~/services/catalogue/product-admin.server";
import { setStock } from "~/services/catalogue/stock.server";
import { updateVariants } from "~/services/catalogue/variant-admin.server";
import { changeUserRole } from "~/services/accounts/staff-roles.server";
import { listAudit } from "~/services/audit/audit.server";
import { AuditQuerySchema } from "~/schemas/audit";
import { createCategory, createProduct, word } from "../support/factories";
import { useTestDatabase } from "../support/test-db";
import { admin as makeAdmin } from "../support/checkout";
import { useApiServer } from "../support/api-server";

// Every admin and staff write leaves exactly one audit row, in its own transaction: a write refused halfway leaves
// none, and the database refuses to change or delete a row (docs/decisions/0038-running-the-shop.md).
const database = useTestDatabase();
const api = useApiServer();

const rowsOf = async (kind: string, entityId?: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, kind), entityId === undefined ? undefined : eq(auditLog.entityId, entityId)));

const product = (name = `Product ${word()}`) => ({
  name,
  brand: "Acme",
  price: 10,
  inventory: 5,
  description: "A product.",
  category: { name: "Mice" },
});

describe("the audit log", () => {
  it("records each kind of write once, with who, what, before and after", async () => {
    const boss = await makeAdmin(api, database.db);
    const actor = { id: boss.id, roles: [ROLE_ADMIN] };
    const staff = { id: boss.id, roles: [ROLE_STAFF] };

    const created = await addProduct({ actor, input: product() });
    expect(await rowsOf("product.create", String(created.id))).toHaveLength(1);
    await updateProduct({ actor, id: created.id, input: { ...product(created.name), price: 12 } });
    const [updated] = await rowsOf("product.update", String(created.id));
    expect(updated).toMatchObject({ actorId: boss.id, entityType: "product" });
    expect(updated!.before).toMatchObject({ priceCents: 1000 });
    expect(updated!.after).toMatchObject({ priceCents: 1200 });

    const variantId = created.variants[0]!.id;
    await setStock({ actor: staff, productId: created.id, input: { variants: [{ id: variantId, inventory: 3 }] } });
    const [stock] = await rowsOf("stock.update", String(created.id));
    expect(stock).toMatchObject({ before: { [variantId]: 5 }, after: { [variantId]: 3 } });
    await updateVariants({
      actor,
      productId: created.id,
      input: { variants: [{ id: variantId, sku: `SKU-${word()}`, price: 9.5, inventory: 3, weightGrams: null }] },
    });
    expect(await rowsOf("variant.update", String(created.id))).toHaveLength(1);

    const category = await addCategory({ actor, name: `Cat ${word()}` });
    await updateCategory({ actor, id: category.id, name: `Cat ${word()}` });
    await deleteCategory({ actor, id: category.id });
    for (const kind of ["category.create", "category.update", "category.delete"])
      expect(await rowsOf(kind, String(category.id)), kind).toHaveLength(1);

    const other = await makeAdmin(api, database.db);
    await changeUserRole({ actor, userId: other.id, change: { role: "ROLE_STAFF", grant: true } });
    // granting it again changes nothing and records nothing
    await changeUserRole({ actor, userId: other.id, change: { role: "ROLE_STAFF", grant: true } });
    const roles = await rowsOf("account.roles", String(other.id));
    expect(roles).toHaveLength(1);
    expect(roles[0]!.after).toEqual({ roles: ["ROLE_ADMIN", "ROLE_STAFF", "ROLE_USER"] });

    await deleteProduct({ actor, id: created.id });
    expect(await rowsOf("product.delete", String(created.id))).toHaveLength(1);

    // the admin's page reads them back, filtered by person and kind
    const page = await listAudit({
      actor,
      query: AuditQuerySchema.parse({ person: boss.email, kind: "product.update" }),
    });
    expect(page.content.map((e) => e.entityId)).toEqual([String(created.id)]);
    expect(page.content[0]!.actorEmail).toBe(boss.email);
  });

  it("records nothing for a write refused halfway", async () => {
    const boss = await makeAdmin(api, database.db);
    const actor = { id: boss.id, roles: [ROLE_ADMIN] };
    const category = await createCategory(database.db);
    const a = await createProduct(database.db, { categoryId: category.id });
    const b = await createProduct(database.db, { categoryId: category.id });
    const before = await database.db.$count(auditLog);
    // the product's category is made, then the name clashes with another product's: all of it rolls back
    await expect(
      updateProduct({
        actor,
        id: a.id,
        input: { ...product(b.name), brand: b.brand, category: { name: `New ${word()}` } },
      }),
    ).rejects.toThrow();
    // one variant is updated, the next is not this product's: all of it rolls back
    await expect(
      setStock({
        actor,
        productId: a.id,
        input: {
          variants: [
            { id: a.variantId, inventory: 1 },
            { id: b.variantId, inventory: 1 },
          ],
        },
      }),
    ).rejects.toThrow();
    expect(await database.db.$count(auditLog)).toBe(before);
  });

  it("cannot be changed or deleted, even by SQL", async () => {
    const boss = await makeAdmin(api, database.db);
    await addCategory({ actor: { id: boss.id, roles: [ROLE_ADMIN] }, name: `Cat ${word()}` });
    const count = await database.db.$count(auditLog);
    const refusal = (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error);
    expect(refusal(await database.db.execute(sql`UPDATE audit_log SET kind = 'x'`).catch((e: unknown) => e))).toMatch(
      /append-only/,
    );
    expect(refusal(await database.db.execute(sql`DELETE FROM audit_log`).catch((e: unknown) => e))).toMatch(
      /append-only/,
    );
    expect(await database.db.$count(auditLog)).toBe(count);
    expect(await database.db.$count(auditLog, eq(auditLog.kind, "x"))).toBe(0);
  });
});
