// What every part of the stand-in uses: Stripe's error answer, random ids, the clock, and form parameters.
import { randomBytes } from "node:crypto";

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: {
      type: string;
      code?: string;
      decline_code?: string;
      message: string;
      param?: string;
      payment_intent?: unknown;
    },
  ) {
    super(error.message);
  }
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export function randomId(length = 24) {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

export const now = () => Math.floor(Date.now() / 1000);

export const missing = (kind: string, id: string) =>
  new StripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "id",
    message: `No such ${kind}: '${id}'`,
  });

export function integerParam(
  body: Record<string, unknown>,
  name: string,
  { required = true } = {},
): number | undefined {
  const raw = body[name];
  if (raw === undefined || raw === "") {
    if (!required) return undefined;
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      param: name,
      message: `Missing required param: ${name}.`,
    });
  }
  const value = Number(raw);
  if (typeof raw !== "string" || !/^-?\d+$/.test(raw) || !Number.isSafeInteger(value)) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "parameter_invalid_integer",
      param: name,
      message: `Invalid integer: ${String(raw)}`,
    });
  }
  return value;
}

export function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}
