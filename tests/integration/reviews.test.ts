import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { auditLog, orders, reviews, users } from "~/db/schema";
import { getConfig, setConfig, type RateLimitConfig } from "~/lib/env.server";
import type { ProductDto } from "~/schemas/catalogue";
import type { AdminReviewDto, MyReviewDto, ReviewDto, ReviewPageDto } from "~/schemas/reviews";
import { readCatalogueVersion } from "~/services/catalogue/catalogue-version.server";
import { queueReviewRequests } from "~/services/reviews/review-mail.server";
import { listProductReviews } from "~/services/reviews/reviews.server";
import { PASSWORD } from "../support/accounts";
import { useAdminOrders } from "../support/admin-orders";
import { useApiServer } from "../support/api-server";
import type { User } from "../support/checkout";
import { mailsTo, tokenIn } from "../support/mail-outbox";
import { json, type Auth, type Envelope } from "../support/requests";
import { useTestDatabase } from "../support/test-db";

// Verified reviews (docs/decisions/0045-reviews.md) over /api/v1: who may review, one per product per account, the
// published ones on the product and its cards, moderation (audited), the catalogue's version, the rate limit, hostile
// text, and the review request with its opt-out.

const database = useTestDatabase();
const api = useApiServer();
const { boss, shopper, product, placedOrder, advance } = useAdminOrders(api, database);

const post = <T>(path: string, body: unknown, auth: Auth) => api.json<Envelope<T>>(path, json("POST", body, auth));
const put = <T>(path: string, body: unknown, auth: Auth) => api.json<Envelope<T>>(path, json("PUT", body, auth));
const get = <T>(path: string, auth: Auth = {}) => api.json<Envelope<T>>(path, { headers: auth });
const review = { rating: 4, title: "Clicky and light", body: "The switches feel crisp.\nThe cable is stiff." };

/** a shopper whose order with the product was delivered */
async function receivedBy(productId: number): Promise<User> {
  const user = await shopper();
  const { order } = await placedOrder(user, [[productId, 1]]);
  await advance(order.id, ["PROCESSING", "SHIPPED", "DELIVERED"]);
  return user;
}

function limits(overrides: Partial<RateLimitConfig>) {
  const config = getConfig();
  setConfig({ ...config, rateLimits: { ...config.rateLimits, ...overrides } });
  onTestFinished(() => setConfig(undefined));
}

/** Runs `write` and says whether the catalogue's version changed. */
async function bumps(write: () => Promise<unknown>): Promise<boolean> {
  const before = await readCatalogueVersion();
  await write();
  return (await readCatalogueVersion()) !== before;
}

let p: { id: number };
let author: User;

beforeAll(async () => {
  p = await product({ inventory: 50 });
  author = await receivedBy(p.id);
});

describe("who may review", () => {
  it("a shopper whose order with it was delivered reviews it once; the product shows the average and count", async () => {
    const mine = await get<MyReviewDto>(`/products/product/${p.id}/reviews/mine`, author.auth);
    expect(mine.body.data).toMatchObject({ eligible: true, reason: null, review: null });
    const created = await post<ReviewDto>(`/products/product/${p.id}/reviews`, review, author.auth);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ ...review, status: "published", helpfulCount: 0 });
    expect(created.body.data.author).toMatch(/^\S+ [A-Z]\.$/);
    const again = await post(`/products/product/${p.id}/reviews`, review, author.auth);
    expect(again.status).toBe(409);
    const shown = await get<ProductDto>(`/products/product/${p.id}/product`);
    expect(shown.body.data.rating).toEqual({ average: 4, count: 1 });
    const list = await get<ReviewPageDto>(`/products/product/${p.id}/reviews`);
    expect(list.body.data.rating).toEqual({ average: 4, count: 1 });
    expect(list.body.data.histogram).toEqual([0, 0, 0, 1, 0]);
    expect(list.body.data.content.map((r) => r.title)).toEqual([review.title]);
  });

  it("a shopper without a delivered order is refused (403), also while the order is only shipped", async () => {
    const other = await shopper();
    const { order } = await placedOrder(other, [[p.id, 1]]);
    await advance(order.id, ["PROCESSING", "SHIPPED"]);
    const mine = await get<MyReviewDto>(`/products/product/${p.id}/reviews/mine`, other.auth);
    expect(mine.body.data).toMatchObject({
      eligible: false,
      reason: "Only shoppers who received this product can review it.",
    });
    const refused = await post(`/products/product/${p.id}/reviews`, review, other.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only shoppers who received this product can review it.");
    expect((await post(`/products/product/${p.id}/reviews`, review, {})).status).toBe(401);
  });

  it("only the author edits or deletes a review (another's is 404)", async () => {
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    const created = await post<ReviewDto>(`/products/product/${q.id}/reviews`, review, writer.auth);
    const id = created.body.data.id;
    const stranger = await shopper();
    expect((await put(`/reviews/${id}`, { ...review, rating: 1 }, stranger.auth)).status).toBe(404);
    expect((await api.json(`/reviews/${id}`, { method: "DELETE", headers: stranger.auth })).status).toBe(404);
    const edited = await put<ReviewDto>(`/reviews/${id}`, { ...review, rating: 2 }, writer.auth);
    expect(edited.status).toBe(200);
    expect(edited.body.data.rating).toBe(2);
    const deleted = await api.json(`/reviews/${id}`, { method: "DELETE", headers: writer.auth });
    expect(deleted.status).toBe(200);
    expect((await get<ProductDto>(`/products/product/${q.id}/product`)).body.data.rating).toEqual({
      average: null,
      count: 0,
    });
  });
});

describe("what a review may say", () => {
  it("refuses control characters, too long text and a rating outside 1–5 with field errors (422)", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...review, title: "Bad\u0007bell" }, "title"],
      [{ ...review, body: "nul\u0000here" }, "body"],
      [{ ...review, title: "x".repeat(121) }, "title"],
      [{ ...review, body: "x".repeat(10_000) }, "body"],
      [{ ...review, rating: 6 }, "rating"],
      [{ ...review, rating: 0 }, "rating"],
      [{ ...review, title: "   " }, "title"],
    ];
    for (const [body, field] of cases) {
      const refused = await post<null>(`/products/product/${p.id}/reviews`, body, author.auth);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(refused.body.errors ?? {})).toContain(field);
    }
  });

  it("keeps markup as text: a script in a title comes back as the same characters", async () => {
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    const hostile = { rating: 1, title: "<script>alert(1)</script>", body: '<img src=x onerror="alert(1)">' };
    const created = await post<ReviewDto>(`/products/product/${q.id}/reviews`, hostile, writer.auth);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject(hostile);
  });
});

describe("helpful votes and sorting", () => {
  it("counts one vote per account, never the author's own, and sorts by it", async () => {
    const q = await product({ inventory: 10 });
    const first = await receivedBy(q.id);
    const second = await receivedBy(q.id);
    const a = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, { ...review, rating: 5 }, first.auth)).body
      .data;
    const b = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, { ...review, rating: 2 }, second.auth)).body
      .data;
    const voter = await shopper();
    expect((await post<ReviewDto>(`/reviews/${a.id}/helpful`, {}, voter.auth)).body.data.helpfulCount).toBe(1);
    expect((await post<ReviewDto>(`/reviews/${a.id}/helpful`, {}, voter.auth)).body.data.helpfulCount).toBe(1);
    expect((await post(`/reviews/${a.id}/helpful`, {}, first.auth)).status).toBe(409);
    const newest = await get<ReviewPageDto>(`/products/product/${q.id}/reviews`);
    expect(newest.body.data.content.map((r) => r.id)).toEqual([b.id, a.id]);
    const helpful = await get<ReviewPageDto>(`/products/product/${q.id}/reviews?sort=helpful`);
    expect(helpful.body.data.content.map((r) => r.id)).toEqual([a.id, b.id]);
    const twos = await get<ReviewPageDto>(`/products/product/${q.id}/reviews?stars=2`);
    expect(twos.body.data.content.map((r) => r.id)).toEqual([b.id]);
    // (5 + 2) / 2 = 3.5
    expect(twos.body.data.rating).toEqual({ average: 3.5, count: 2 });
    const mine = await get<MyReviewDto>(`/products/product/${q.id}/reviews/mine`, voter.auth);
    expect(mine.body.data.votedReviewIds).toEqual([a.id]);
    expect((await get(`/products/product/${q.id}/reviews?stars=9`)).status).toBe(400);
  });
});

describe("moderation", () => {
  it("the admin hides, replies and publishes (each audited); a hidden review leaves the product's rating", async () => {
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    const id = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, review, writer.auth)).body.data.id;
    expect((await post(`/admin/reviews/${id}/status`, { status: "hidden" }, writer.auth)).status).toBe(403);
    const hidden = await post<AdminReviewDto>(`/admin/reviews/${id}/status`, { status: "hidden" }, boss.auth);
    expect(hidden.body.data.status).toBe("hidden");
    expect((await get<ReviewPageDto>(`/products/product/${q.id}/reviews`)).body.data.content).toEqual([]);
    expect((await get<ProductDto>(`/products/product/${q.id}/product`)).body.data.rating.count).toBe(0);
    // the author still sees their own
    const mine = await get<MyReviewDto>(`/products/product/${q.id}/reviews/mine`, writer.auth);
    expect(mine.body.data.review?.status).toBe("hidden");
    const replied = await post<AdminReviewDto>(`/admin/reviews/${id}/reply`, { reply: "Thank you!" }, boss.auth);
    expect(replied.body.data).toMatchObject({ reply: "Thank you!" });
    await post(`/admin/reviews/${id}/status`, { status: "published" }, boss.auth);
    const list = await get<{ content: AdminReviewDto[] }>(`/admin/reviews?status=published`, boss.auth);
    expect(list.body.data.content.some((r) => r.id === id)).toBe(true);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    const kinds = audit.filter((row) => row.entityType === "review").map((row) => row.kind);
    expect(kinds.sort()).toEqual(["review.reply", "review.status", "review.status"]);
  });
});

describe("the catalogue's version", () => {
  it("changes when a published review is written, edited, hidden or deleted, not when nothing shown changes", async () => {
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    let id = 0;
    expect(
      await bumps(async () => {
        id = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, review, writer.auth)).body.data.id;
      }),
    ).toBe(true);
    expect(await bumps(() => put(`/reviews/${id}`, { ...review, rating: 1 }, writer.auth))).toBe(true);
    expect(await bumps(() => put(`/reviews/${id}`, { ...review, rating: 1 }, writer.auth))).toBe(false);
    expect(await bumps(() => post(`/admin/reviews/${id}/status`, { status: "hidden" }, boss.auth))).toBe(true);
    // hidden: an edit changes nothing anyone else sees
    expect(await bumps(() => put(`/reviews/${id}`, { ...review, rating: 3 }, writer.auth))).toBe(false);
    expect(await bumps(() => post(`/admin/reviews/${id}/status`, { status: "published" }, boss.auth))).toBe(true);
    expect(await bumps(() => api.json(`/reviews/${id}`, { method: "DELETE", headers: writer.auth }))).toBe(true);
  });
});

describe("a product's kept reviews (decision 0050)", () => {
  it("are the same answer until something they show changes: a review, a vote, or a reviewer's new name", async () => {
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    const voter = await receivedBy(q.id);
    const list = async (query = "") =>
      (await get<ReviewPageDto>(`/products/product/${q.id}/reviews${query}`)).body.data.content.map((r) => [
        r.author,
        r.rating,
        r.helpfulCount,
      ]);
    expect(await list()).toEqual([]);
    const id = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, review, writer.auth)).body.data.id;
    expect(await list()).toEqual([["Ada L.", 4, 0]]);
    const query = { sort: "newest", page: 1 } as const;
    const kept = await listProductReviews({ productId: q.id, query });
    expect(await listProductReviews({ productId: q.id, query }), "read from memory").toBe(kept);
    // one page per sort, star count and page: a page of another query is not this one
    expect(await list("?stars=5")).toEqual([]);
    expect(await list("?stars=4&sort=helpful")).toEqual([["Ada L.", 4, 0]]);
    await post(`/reviews/${id}/helpful`, {}, voter.auth);
    expect(await list()).toEqual([["Ada L.", 4, 1]]);
    await put(`/reviews/${id}`, { ...review, rating: 2 }, writer.auth);
    expect(await list("?stars=4&sort=helpful")).toEqual([]);
    expect(await list()).toEqual([["Ada L.", 2, 1]]);
    const renamed = await put(`/users/${writer.id}/update`, { firstName: "Robin", lastName: "quill" }, writer.auth);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await list()).toEqual([["Robin Q.", 2, 1]]);
  });

  it("the same words or reply sent again change nothing they show, not even their dates", async () => {
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    const id = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, review, writer.auth)).body.data.id;
    await post(`/admin/reviews/${id}/reply`, { reply: "Thank you!" }, boss.auth);
    const shown = async () => (await get<ReviewPageDto>(`/products/product/${q.id}/reviews`)).body.data.content[0]!;
    const before = await shown();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await bumps(() => put(`/reviews/${id}`, review, writer.auth))).toBe(false);
    expect(await bumps(() => post(`/admin/reviews/${id}/reply`, { reply: "Thank you!" }, boss.auth))).toBe(false);
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, id));
    expect([row!.updatedAt.toISOString(), row!.repliedAt?.toISOString()]).toEqual([before.updatedAt, before.repliedAt]);
    expect(await shown()).toEqual(before);
    // a change does move them
    expect(await bumps(() => post(`/admin/reviews/${id}/reply`, { reply: "Thanks!" }, boss.auth))).toBe(true);
    expect((await shown()).repliedAt).not.toBe(before.repliedAt);
  });

  it("a new name moves the catalogue's version only for someone with a published review (migration 0031)", async () => {
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    const rename = (user: User, firstName: string) =>
      put(`/users/${user.id}/update`, { firstName, lastName: "Player" }, user.auth);
    expect(await bumps(() => rename(writer, "Before"))).toBe(false);
    const id = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, review, writer.auth)).body.data.id;
    expect(await bumps(() => rename(writer, "After"))).toBe(true);
    expect(await bumps(() => rename(writer, "After")), "the same name again").toBe(false);
    expect(await bumps(() => post(`/admin/reviews/${id}/status`, { status: "hidden" }, boss.auth))).toBe(true);
    expect(await bumps(() => rename(writer, "Hidden")), "their only review is hidden").toBe(false);
  });
});

describe("the rate limit", () => {
  it("refuses review writes beyond REVIEWS_PER_USER_PER_HOUR with 429", async () => {
    limits({ reviewsPerHour: 2 });
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    const id = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, review, writer.auth)).body.data.id;
    expect((await put(`/reviews/${id}`, { ...review, rating: 2 }, writer.auth)).status).toBe(200);
    const refused = await put(`/reviews/${id}`, { ...review, rating: 3 }, writer.auth);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});

describe("the review request", () => {
  it("is queued once, the set days after delivery, with links to review and a working opt-out", async () => {
    const q = await product({ inventory: 10, name: `Request ${Date.now()}` });
    const user = await shopper();
    const { order } = await placedOrder(user, [[q.id, 1]]);
    await advance(order.id, ["PROCESSING", "SHIPPED", "DELIVERED"]);
    const settings = await put<{ requestDays: number }>(`/admin/reviews/settings`, { requestDays: 3 }, boss.auth);
    expect(settings.body.data.requestDays).toBe(3);
    const delivered = (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.deliveredAt!;
    await queueReviewRequests({ now: new Date(delivered.getTime() + 2 * 86_400_000) });
    expect(await mailsTo(database.db, user.email, "review-request")).toHaveLength(0);
    await queueReviewRequests({ now: new Date(delivered.getTime() + 3 * 86_400_000 + 1000) });
    await queueReviewRequests({ now: new Date(delivered.getTime() + 4 * 86_400_000) });
    const mails = await mailsTo(database.db, user.email, "review-request");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`/product/${q.id}/details`);
    const token = tokenIn(mails[0]!, "/reviews/opt-out");
    expect((await post(`/reviews/mail-opt-out`, { token: `${token}x` }, {})).status).toBe(422);
    expect((await post(`/reviews/mail-opt-out`, { token }, {})).status).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.reviewMailOptOutAt).not.toBeNull();
    // opted out: a later delivered order is marked asked but not mailed
    const { order: next } = await placedOrder(user, [[q.id, 1]]);
    await advance(next.id, ["PROCESSING", "SHIPPED", "DELIVERED"]);
    await queueReviewRequests({ now: new Date(Date.now() + 10 * 86_400_000) });
    expect(await mailsTo(database.db, user.email, "review-request")).toHaveLength(1);
    await put(`/admin/reviews/settings`, { requestDays: 7 }, boss.auth);
  });
});

describe("a deleted account", () => {
  it("takes its reviews with it, and its helpful votes off the counts", async () => {
    const q = await product({ inventory: 10 });
    const writer = await receivedBy(q.id);
    const other = await receivedBy(q.id);
    const theirs = (await post<ReviewDto>(`/products/product/${q.id}/reviews`, review, other.auth)).body.data.id;
    await post(`/products/product/${q.id}/reviews`, review, writer.auth);
    await post(`/reviews/${theirs}/helpful`, {}, writer.auth);
    const deleted = await post(`/users/${writer.id}/delete`, { currentPassword: PASSWORD }, writer.auth);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await database.db.select().from(reviews).where(eq(reviews.userId, writer.id))).toEqual([]);
    const list = await get<ReviewPageDto>(`/products/product/${q.id}/reviews`);
    expect(list.body.data.content.map((r) => [r.id, r.helpfulCount])).toEqual([[theirs, 0]]);
  });
});
