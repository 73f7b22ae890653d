// The operator's metrics of scripts/server.mjs (docs/decisions/0038-running-the-shop.md): GET /metrics in
// Prometheus's text format, behind METRICS_TOKEN. Requests are counted here, around every answer, labelled by
// method, route *pattern* and status (never the path as sent: no id, e-mail or search text is a label); the shop's
// own figures (mail outbox, refunds owed, paid payments without an order, the database pool) are read from the app
// when the metrics are scraped. prom-client lives here only: the app's modules never load it.
import crypto from "node:crypto";
import client from "prom-client";

/** Paths that are not the shop's traffic: the balancer's probes and the scrape itself. */
const UNCOUNTED = new Set(["/healthz", "/readyz", "/metrics"]);

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The route id of a page path, from the build's routes (their paths joined with their parents'): the most specific
 * pattern that matches (fewest splats, then fewest parameters, then most literal segments), as Remix ranks them.
 */
export function pageRouteLabeler(build) {
  const fullPath = (id) => {
    const parts = [];
    for (let at = id; at; at = build.routes[at]?.parentId) {
      const part = build.routes[at]?.path;
      if (part) parts.unshift(part);
    }
    return parts.join("/");
  };
  const routes = Object.values(build.routes)
    .filter((route) => route.id !== "root" && (route.path !== undefined || route.index))
    .map((route) => {
      const segments = fullPath(route.id).split("/").filter(Boolean);
      const source = segments.map((s) => (s === "*" ? ".*" : s.startsWith(":") ? "[^/]+" : escapeRegExp(s))).join("/");
      return {
        id: route.id,
        match: new RegExp(`^/${source}/?$`),
        splats: segments.filter((s) => s === "*").length,
        params: segments.filter((s) => s.startsWith(":")).length,
        literals: segments.filter((s) => s !== "*" && !s.startsWith(":")).length,
      };
    })
    .sort((a, b) => a.splats - b.splats || a.params - b.params || b.literals - a.literals);
  return (pathname) => {
    // a single-fetch data request names its page: /products.data, /_root.data (the index)
    let path = pathname;
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    return routes.find((route) => route.match.test(path))?.id ?? "unmatched";
  };
}

/** The same length digests, so that comparing them takes the same time whatever the token sent. */
const digest = (text) => crypto.createHash("sha256").update(text).digest();

/**
 * The metrics, and the two express handlers that feed and answer them. `getEntry` gives the app's entry module once
 * it has started (undefined before), `getLabeler` the page route labeler of its build.
 */
export function createMetrics({ token, getEntry, getLabeler }) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status"];
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status (429: refused by a rate limit)",
    labelNames,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route pattern and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: "shop_page_cache_answers_total",
    help: "Anonymous catalogue pages answered from the page cache: hit (fresh) or stale (while it is rendered anew)",
    labelNames: ["outcome"],
    registers: [registry],
  });
  const gauge = (name, help) => new client.Gauge({ name, help, registers: [registry] });
  const figures = {
    up: gauge("shop_figures_up", "1 when the shop's own figures below could be read from the database at this scrape"),
    mailPending: gauge("shop_mail_outbox_pending", "Messages in the mail outbox waiting to be sent"),
    mailFailed: gauge("shop_mail_outbox_failed", "Messages the mail server refused for good (kept 90 days)"),
    mailOldest: gauge("shop_mail_outbox_oldest_pending_seconds", "Age of the oldest message waiting to be sent"),
    refundsOwed: gauge("shop_refunds_owed", "Refunds owed to shoppers and not yet carried out by the payment provider"),
    refundsFailing: gauge("shop_refunds_failing", "Refunds owed that the provider has refused at least once"),
    refundsOldest: gauge("shop_refunds_oldest_owed_seconds", "Age of the oldest refund owed"),
    orphans: gauge("shop_payments_paid_without_order", "Paid payments that have neither an order nor a refund yet"),
    orphansOldest: gauge(
      "shop_payments_paid_without_order_oldest_seconds",
      "Age of the oldest paid payment without an order or refund (how far the reconciler is behind)",
    ),
    poolTotal: gauge("shop_db_pool_connections", "PostgreSQL connections the pool holds (embedded database: none)"),
    poolIdle: gauge("shop_db_pool_idle_connections", "PostgreSQL connections idle in the pool"),
    poolWaiting: gauge("shop_db_pool_waiting_requests", "Requests waiting for a PostgreSQL connection"),
  };

  async function readFigures() {
    const entry = getEntry();
    try {
      if (!entry) throw new Error("the app has not started");
      const now = await entry.operationalFigures();
      figures.mailPending.set(now.mail.pending);
      figures.mailFailed.set(now.mail.failed);
      figures.mailOldest.set(now.mail.oldestPendingSeconds);
      figures.refundsOwed.set(now.refunds.owed);
      figures.refundsFailing.set(now.refunds.failing);
      figures.refundsOldest.set(now.refunds.oldestOwedSeconds);
      figures.orphans.set(now.payments.paidWithoutOrder);
      figures.orphansOldest.set(now.payments.oldestPaidWithoutOrderSeconds);
      figures.poolTotal.set(now.pool?.total ?? 0);
      figures.poolIdle.set(now.pool?.idle ?? 0);
      figures.poolWaiting.set(now.pool?.waiting ?? 0);
      figures.up.set(1);
    } catch {
      // the database is away or the app is starting: the scrape still answers, and says so
      figures.up.set(0);
    }
  }

  function routeOf(req, res) {
    const entry = getEntry();
    if (!entry) return "starting";
    // only requests that reached the app's handler have a route; the rest were files served before it
    if (!res.locals.reachedApp) return "static";
    if (req.path === "/api/v1" || req.path.startsWith("/api/v1/")) return entry.apiRouteLabel(req.method, req.path);
    if (req.path === "/__manifest") return "/__manifest";
    return getLabeler()?.(req.path) ?? "unmatched";
  }

  /** Counts every answer once it is out (or the client went): express middleware, first in line. */
  function count(req, res, next) {
    if (UNCOUNTED.has(req.path)) return next();
    const started = process.hrtime.bigint();
    let counted = false;
    const done = () => {
      if (counted) return;
      counted = true;
      const labels = { method: req.method, route: routeOf(req, res), status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      const cached = res.getHeader("x-page-cache");
      if (cached === "hit" || cached === "stale") pageCache.inc({ outcome: cached });
    };
    res.once("finish", done);
    res.once("close", done);
    next();
  }

  /** GET /metrics: 404 (as any unknown path) without METRICS_TOKEN; 401 without the token; else the metrics. */
  async function answer(req, res, next) {
    if (!token) return next();
    const sent = /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1] ?? "";
    if (!crypto.timingSafeEqual(digest(sent), digest(token))) {
      res.status(401).set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" });
      res.type("text/plain").send("The metrics need their token: Authorization: Bearer <METRICS_TOKEN>\n");
      return;
    }
    await readFigures();
    const body = await registry.metrics();
    // written as is: express's send would reorder the content type's parameters
    res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
    res.end(body);
  }

  return { count, answer };
}
