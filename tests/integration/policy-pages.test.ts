import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, shopSettings } from "~/db/schema";
import type { PolicyPageDto, PolicyPageSummary } from "~/schemas/policies";
import { useApiServer } from "../support/api-server";
import { admin as makeAdmin, shopper as makeShopper, type User } from "../support/checkout";
import { json, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// The shop's policy pages over /api/v1 (docs/decisions/0043-policy-pages.md): anyone reads them, each reads as the
// shop's default text until an admin writes it, the Markdown comes with its HTML (raw HTML escaped), and each save
// leaves one audit row.

const database = useTestDatabase();
const api = useApiServer();

let boss: User;
let buyer: User;

beforeAll(async () => {
  boss = await makeAdmin(api, database.db);
  buyer = await makeShopper(api);
});

const page = (slug: string) => api.json<Envelope<PolicyPageDto>>(`/pages/${slug}`);
const save = (slug: string, body: unknown, auth = boss.auth) =>
  api.json<Envelope<PolicyPageDto>>(`/admin/pages/${slug}`, json("PUT", body, auth));

describe("policy pages", () => {
  it("lists the five pages in the footer's order, each with the shop's default text", async () => {
    const list = await api.json<Envelope<PolicyPageSummary[]>>("/pages");
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => p.slug)).toEqual(["terms", "privacy", "shipping", "returns", "contact"]);
    expect(list.body.data.every((p) => p.updatedAt === null)).toBe(true);
  });

  it("states the shop's own withdrawal period in the default returns page", async () => {
    await database.db
      .insert(shopSettings)
      .values({ id: 1, withdrawalDays: 30 })
      .onConflictDoUpdate({ target: shopSettings.id, set: { withdrawalDays: 30 } });
    const answer = await page("returns");
    expect(answer.status).toBe(200);
    expect(answer.body.data.body).toContain("within 30 days of delivery");
    expect(answer.body.data.html).toContain('<a href="/withdraw">withdrawal form</a>');
  });

  it("an admin's save replaces the page for everyone, with its HTML made safe, and leaves one audit row", async () => {
    const text = '## Our terms\n\nBe kind. <script>alert("x")</script> [bad](javascript:alert(1))';
    const saved = await save("terms", { title: "Terms of sale", body: text });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe("Terms of sale saved");

    const read = await page("terms");
    expect(read.body.data).toMatchObject({ slug: "terms", title: "Terms of sale", body: text });
    expect(read.body.data.updatedAt).not.toBeNull();
    expect(read.body.data.html).toContain("<h3>Our terms</h3>");
    expect(read.body.data.html).toContain("&lt;script&gt;");
    expect(read.body.data.html).not.toMatch(/<script|href="javascript/i);

    const again = await save("terms", { title: "Terms of sale", body: "Changed." });
    expect(again.status).toBe(200);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.kind, "policy.update"));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.entityId)).toEqual(["terms", "terms"]);
    expect(rows[1]).toMatchObject({ actorId: boss.id, before: { title: "Terms of sale", body: text } });
    expect(rows[0]!.before).toBeNull();
  });

  it("refuses shoppers, visitors, an unknown page and an empty or oversized text, changing nothing", async () => {
    expect((await save("privacy", { title: "Mine", body: "Mine" }, buyer.auth)).status).toBe(403);
    expect((await save("privacy", { title: "Mine", body: "Mine" }, {})).status).toBe(401);
    expect((await page("cookies")).status).toBe(404);
    expect((await save("cookies", { title: "Cookies", body: "Yum" })).status).toBe(404);

    const empty = await save("privacy", { title: " ", body: "" });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({ title: ["Enter a title"], body: ["Enter the page's text"] });
    const huge = await save("privacy", { title: "Privacy", body: "x".repeat(100_001) });
    expect(huge.status).toBe(422);
    expect(huge.body.errors?.body?.[0]).toMatch(/at most 100,000 characters/);
    const twoLines = await save("privacy", { title: "Privacy\npolicy", body: "Text" });
    expect(twoLines.status).toBe(422);

    expect((await page("privacy")).body.data.updatedAt).toBeNull();
  });
});
