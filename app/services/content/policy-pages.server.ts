// The shop's policy pages: the admin's Markdown when edited, else the shop's default text (policy-defaults.ts); read
// by anyone, written by admins with an audit row.
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { policyPages } from "~/db/schema";
import {
  POLICY_SLUGS,
  PolicySlugSchema,
  type PolicyPageDto,
  type PolicyPageInput,
  type PolicyPageSummary,
  type PolicySlug,
} from "~/schemas/policies";
import { requireAdmin, type Actor } from "../access";
import { recordAudit } from "../audit/audit.server";
import { NotFoundError } from "../errors";
import { withdrawalDays } from "../orders/after-sale.server";
import { renderMarkdown } from "./markdown.server";
import { POLICY_DEFAULTS } from "./policy-defaults";

type PageRow = typeof policyPages.$inferSelect;

/** A page's slug from a path: one of POLICY_SLUGS, or a 404. */
export function policySlug(text: string): PolicySlug {
  const slug = PolicySlugSchema.safeParse(text);
  if (!slug.success) throw new NotFoundError(`There is no page ${text}.`);
  return slug.data;
}

async function pageText(slug: PolicySlug, row: PageRow | undefined, db: DbOrTx) {
  if (row) return { title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() };
  return { ...POLICY_DEFAULTS[slug]({ withdrawalDays: await withdrawalDays(db) }), updatedAt: null };
}

/** GET /pages: every page's title, in the footer's order. */
export async function listPolicyPages(db: DbOrTx = getDb()): Promise<PolicyPageSummary[]> {
  const rows = new Map((await db.select().from(policyPages)).map((row) => [row.slug, row]));
  return Promise.all(
    POLICY_SLUGS.map(async (slug) => {
      const { title, updatedAt } = await pageText(slug, rows.get(slug), db);
      return { slug, title, updatedAt };
    }),
  );
}

/** GET /pages/{slug}: the page's Markdown and its HTML. */
export async function getPolicyPage(slug: PolicySlug, db: DbOrTx = getDb()): Promise<PolicyPageDto> {
  const [row] = await db.select().from(policyPages).where(eq(policyPages.slug, slug));
  const text = await pageText(slug, row, db);
  return { slug, ...text, html: renderMarkdown(text.body) };
}

/** PUT /admin/pages/{slug}: the page's new title and text (admin). */
export async function savePolicyPage({
  actor,
  slug,
  input,
  db = getDb(),
}: {
  actor: Actor | null;
  slug: PolicySlug;
  input: PolicyPageInput;
  db?: DbOrTx;
}): Promise<PolicyPageDto> {
  const admin = requireAdmin(actor);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(policyPages).where(eq(policyPages.slug, slug)).for("update");
    const values = { title: input.title, body: input.body, updatedAt: new Date(), updatedBy: admin.id };
    await tx
      .insert(policyPages)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: policyPages.slug, set: values });
    await recordAudit(tx, {
      actor: admin,
      kind: "policy.update",
      entity: { type: "policy_page", id: slug },
      before: before ? { title: before.title, body: before.body } : null,
      after: { title: input.title, body: input.body },
    });
  });
  return getPolicyPage(slug, db);
}
