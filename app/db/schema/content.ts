// The shop's own pages (terms, privacy, shipping, returns and withdrawal, contact and imprint): the admin's Markdown.
// A page nobody has edited yet has no row and reads as the shop's default text (docs/decisions/0043-policy-pages.md).
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { users } from "./accounts";

export const policyPages = pgTable("policy_pages", {
  /** one of POLICY_SLUGS (app/schemas/policies.ts) */
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  /** Markdown; rendered on the server with raw HTML off (app/services/content/markdown.server.ts) */
  body: text("body").notNull(),
  updatedAt: updatedAt(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});
