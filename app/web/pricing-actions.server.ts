import { data } from "@remix-run/node";
import type { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import type { Auth } from "~/client/auth.server";
import { IdSchema, type SentForm } from "~/schemas/common";
import {
  methodFormField,
  PricingSettingsInputSchema,
  SHIPPING_INTENTS,
  ShippingMethodInputSchema,
  ShippingZoneInputSchema,
  TAX_INTENTS,
  TaxRateInputSchema,
} from "~/schemas/pricing-admin";
import { attempt, fieldErrorsOf } from "./actions.server";

// The actions of the shipping and tax pages (/admin/shipping, /admin/tax): a form's fields are checked with the API's
// own schema, then sent to the API. A success goes back to the page with a toast (a 303, with or without
// JavaScript); a refusal comes back as data naming the form that was sent, what was typed and the errors by field,
// so the page shows that form open with them (decision 0035, "Admin pages for shipping and tax").

/** A refusal of one of the pages' forms. */
export interface PricingFormReply {
  ok: false;
  message: string;
  errors: Record<string, string[]>;
  sent: SentForm;
}

type Outcome =
  { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string[]>; status: number };

/** Checks the fields with the schema, then sends them: the API's answer, or the refusal of either. */
async function send<S extends z.ZodType>(
  schema: S,
  values: Record<string, string>,
  call: (body: z.output<S>) => Promise<{ message: string }>,
): Promise<Outcome> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error, { fullPath: true });
    return { ok: false, message: "Please correct the fields marked below.", errors, status: 422 };
  }
  return sendCall(call(parsed.data));
}

async function sendCall(call: Promise<{ message: string }>): Promise<Outcome> {
  const outcome = await attempt(call);
  if (outcome.ok) return { ok: true, message: outcome.value.message };
  const { message, errors, status } = outcome.error;
  return { ok: false, message, errors: errors ?? {}, status };
}

function formValues(form: FormData): { intent: string; id: string | null; values: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  const { intent = "", id = null, ...rest } = values;
  return { intent, id, values: rest };
}

function answer(
  auth: Auth,
  page: string,
  sent: SentForm,
  outcome: Outcome,
  rename: (field: string) => string = (field) => field,
) {
  if (outcome.ok) return auth.redirect(page, { type: "success", message: outcome.message });
  const errors = Object.create(null) as Record<string, string[]>;
  for (const [key, messages] of Object.entries(outcome.errors)) {
    // a band's error says which line of the bands it is about
    const band = /^rate\.bands\.(\d+)\./.exec(key);
    (errors[rename(key)] ??= []).push(...messages.map((m) => (band ? `Line ${Number(band[1]) + 1}: ${m}` : m)));
  }
  const reply: PricingFormReply = { ok: false, message: outcome.message, errors, sent };
  return data(reply, { status: outcome.status });
}

const refused = (message: string): Outcome => ({ ok: false, message, errors: {}, status: 422 });

/** POST /admin/shipping: add, change or delete a zone or a method. */
export async function shippingAction(auth: Auth, form: FormData) {
  const page = "/admin/shipping";
  const { intent, id, values } = formValues(form);
  const sent: SentForm = { intent, id, values };
  const parsedId = IdSchema.safeParse(id);
  if (!(SHIPPING_INTENTS as readonly string[]).includes(intent))
    return answer(auth, page, sent, refused("Please choose what to do."));
  if (intent !== "add-zone" && !parsedId.success)
    return answer(auth, page, sent, refused("This zone or method is no longer there."));
  const target = parsedId.data ?? 0;
  const api = endpoints.pricing;
  switch (intent) {
    case "add-zone":
      return answer(
        auth,
        page,
        sent,
        await send(ShippingZoneInputSchema, values, (body) => auth.api(api.addZone, { body })),
      );
    case "update-zone":
      return answer(
        auth,
        page,
        sent,
        await send(ShippingZoneInputSchema, values, (body) =>
          auth.api(api.updateZone, { params: { id: target }, body }),
        ),
      );
    case "delete-zone":
      return answer(auth, page, sent, await sendCall(auth.api(api.removeZone, { params: { id: target } })));
    case "add-method":
      return answer(
        auth,
        page,
        sent,
        await send(ShippingMethodInputSchema, values, (body) =>
          auth.api(api.addMethod, { params: { zoneId: target }, body }),
        ),
        methodFormField,
      );
    case "update-method":
      return answer(
        auth,
        page,
        sent,
        await send(ShippingMethodInputSchema, values, (body) =>
          auth.api(api.updateMethod, { params: { id: target }, body }),
        ),
        methodFormField,
      );
    default:
      return answer(auth, page, sent, await sendCall(auth.api(api.removeMethod, { params: { id: target } })));
  }
}

/** POST /admin/tax: add, change or delete a rate, or save the settings. */
export async function taxAction(auth: Auth, form: FormData) {
  const page = "/admin/tax";
  const { intent, id, values } = formValues(form);
  const sent: SentForm = { intent, id, values };
  const parsedId = IdSchema.safeParse(id);
  if (!(TAX_INTENTS as readonly string[]).includes(intent))
    return answer(auth, page, sent, refused("Please choose what to do."));
  if ((intent === "update-rate" || intent === "delete-rate") && !parsedId.success)
    return answer(auth, page, sent, refused("This tax rate is no longer there."));
  const target = parsedId.data ?? 0;
  const api = endpoints.pricing;
  switch (intent) {
    case "add-rate":
      return answer(
        auth,
        page,
        sent,
        await send(TaxRateInputSchema, values, (body) => auth.api(api.addTaxRate, { body })),
      );
    case "update-rate":
      return answer(
        auth,
        page,
        sent,
        await send(TaxRateInputSchema, values, (body) => auth.api(api.updateTaxRate, { params: { id: target }, body })),
      );
    case "delete-rate":
      return answer(auth, page, sent, await sendCall(auth.api(api.removeTaxRate, { params: { id: target } })));
    default:
      return answer(
        auth,
        page,
        sent,
        await send(PricingSettingsInputSchema, values, (body) => auth.api(api.saveSettings, { body })),
      );
  }
}
