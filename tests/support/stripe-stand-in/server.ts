// The HTTP side of the stand-in: keys, Idempotency-Key replay, Stripe's error JSON, and the routes to the handlers.
import type http from "node:http";
import qs from "qs";
import { createSession, expireSession, getSession } from "./checkout-sessions";
import { randomId, StripeError } from "./common";
import { cancelIntent, confirmIntent, createIntent, getIntent } from "./payment-intents";
import { createRefund } from "./refunds";
import type { LoggedRequest, StandInStore, StoredIdempotentResponse } from "./types";

/** What the request handler reads and records: the objects, the request log and the saved idempotent answers. */
export interface StandInServerState {
  store: StandInStore;
  requests: LoggedRequest[];
  idempotent: Map<string, StoredIdempotentResponse>;
}

function route(
  store: StandInStore,
  method: string,
  path: string,
  body: Record<string, unknown>,
  publishable: boolean,
): unknown {
  let m: RegExpMatchArray | null;
  // a publishable key may only confirm (what Stripe.js does in the browser) and read with the client secret
  if (publishable && !(method === "POST" && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(path))) {
    throw new StripeError(401, {
      type: "invalid_request_error",
      message: "This API call cannot be made with a publishable API key. Please use a secret API key.",
    });
  }
  if (method === "POST" && path === "/v1/payment_intents") return createIntent(store, body);
  if (method === "GET" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) return getIntent(store, m[1]!);
  if (method === "POST" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)))
    return cancelIntent(store, m[1]!, body);
  if (method === "POST" && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/)))
    return confirmIntent(store, m[1]!, body, publishable);
  if (method === "POST" && path === "/v1/refunds") return createRefund(store, body);
  if (method === "POST" && path === "/v1/checkout/sessions") return createSession(store, body);
  if (method === "GET" && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) return getSession(store, m[1]!);
  if (method === "POST" && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)))
    return expireSession(store, m[1]!);
  throw new StripeError(404, {
    type: "invalid_request_error",
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

/**
 * Answers one request like Stripe: the API key checked, a POST with a known Idempotency-Key replayed, the rest routed
 * to the handlers; every request is logged.
 */
export async function handleStripeRequest(
  state: StandInServerState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString("utf8");
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://stand-in");
  const path = url.pathname;
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const idempotencyKey = header("idempotency-key");
  const authorization = header("authorization");
  const body = (
    method === "GET"
      ? qs.parse(url.search.slice(1), { depth: 10, arrayLimit: 100 })
      : qs.parse(rawBody, { depth: 10, arrayLimit: 100 })
  ) as Record<string, unknown>;
  const log: LoggedRequest = {
    method,
    path,
    idempotencyKey,
    authorization,
    stripeVersion: header("stripe-version"),
    body,
    status: 0,
    replayed: false,
  };
  state.requests.push(log);

  const send = (status: number, payload: unknown, extraHeaders: Record<string, string> = {}) => {
    log.status = status;
    const text = JSON.stringify(payload);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      "request-id": `req_${randomId(14)}`,
      "stripe-version": header("stripe-version") ?? "2026-10-28.endive",
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      ...extraHeaders,
    });
    res.end(text);
  };

  const key = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1] ?? "";
  if (!/^(sk|rk|pk)_(test|live)_\S+$/.test(key)) {
    send(401, {
      error: {
        type: "invalid_request_error",
        message: `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****` : "(none)"}`,
      },
    });
    return;
  }

  // Stripe replays the saved answer to a POST with a known Idempotency-Key (or refuses other parameters)
  if (method === "POST" && idempotencyKey) {
    const stored = state.idempotent.get(idempotencyKey);
    if (stored) {
      if (stored.method !== method || stored.path !== path || stored.rawBody !== rawBody) {
        send(400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      log.replayed = true;
      send(stored.status, stored.body, { "idempotent-replayed": "true" });
      return;
    }
  }

  let status = 200;
  let payload: unknown;
  try {
    payload = structuredClone(route(state.store, method, path, body, key.startsWith("pk_")));
  } catch (error) {
    if (!(error instanceof StripeError)) {
      status = 500;
      payload = { error: { type: "api_error", message: `Stripe stand-in failure: ${(error as Error).message}` } };
    } else {
      status = error.status;
      payload = {
        error: { ...error.error, request_log_url: `https://dashboard.stripe.com/test/logs/req_${randomId(14)}` },
      };
    }
  }
  // like Stripe, 5xx answers are not saved (the retry runs again); everything else is
  if (method === "POST" && idempotencyKey && status < 500) {
    state.idempotent.set(idempotencyKey, { method, path, rawBody, status, body: payload });
  }
  send(status, payload);
}
