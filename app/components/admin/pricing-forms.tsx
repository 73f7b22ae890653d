import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatPrice } from "~/lib/money";
import { described, FieldBox } from "./field";
import type { SentForm } from "~/schemas/common";
import type { ShippingMethodDto, ShippingZoneDto, TaxRateDto } from "~/schemas/pricing-admin";

// The forms of the shipping and tax pages (routes/admin/shipping.tsx, routes/admin/tax.tsx): plain HTML forms that
// post to the page's action, so they work without JavaScript; a refused one comes back open, with what was typed and
// each error under its field.

/** What the action answered to a refused form (web/pricing-actions.server.ts). */
export interface PricingReply {
  ok: false;
  message: string;
  errors: Record<string, string[]>;
  sent: SentForm;
}

interface State {
  values: Record<string, string> | null;
  errors: Record<string, string[]>;
  open: boolean;
}

/** A form's state: its values and errors when it is the one the reply is about. */
export function formState(reply: PricingReply | undefined, intent: string, id: number | null): State {
  const mine = reply?.sent.intent === intent && (reply.sent.id ?? "") === (id === null ? "" : String(id));
  return mine
    ? { values: reply!.sent.values, errors: reply!.errors, open: true }
    : { values: null, errors: {}, open: false };
}

/** The text a zone's regions are edited as (schemas/pricing-admin.ts's parseRegionsText reads it back). */
const regionsText = (regions: ShippingZoneDto["regions"]) =>
  regions.map((r) => (r.subdivisions.length ? `${r.country}: ${r.subdivisions.join(", ")}` : r.country)).join("\n");

/** The text a method's bands are edited as (parseBandsText reads it back). */
function bandsText(rate: ShippingMethodDto["rate"]): string {
  if (rate.kind === "subtotal") return rate.bands.map((b) => `${b.from}: ${b.amount.toFixed(2)}`).join("\n");
  if (rate.kind === "weight") return rate.bands.map((b) => `${b.upToGrams}: ${b.amount.toFixed(2)}`).join("\n");
  return "";
}

/** "Ships to US (OR, WA), DE" */
export const regionsSummary = (regions: ShippingZoneDto["regions"]) =>
  regions.map((r) => (r.subdivisions.length ? `${r.country} (${r.subdivisions.join(", ")})` : r.country)).join(", ");

/** The first error of any field a form does not show by a field (said above its button). */
function otherErrors(state: State, shown: string[]) {
  return Object.entries(state.errors)
    .filter(([key]) => !shown.includes(key))
    .map(([, messages]) => messages[0])
    .filter(Boolean);
}

function Hidden({ intent, id }: { intent: string; id: number | null }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {id === null ? null : <input type="hidden" name="id" value={id} />}
    </>
  );
}

function FormProblems({ state, shown }: { state: State; shown: string[] }) {
  const problems = otherErrors(state, shown);
  return problems.length ? (
    <p role="alert" className="text-sm text-red-700">
      {problems[0]}
    </p>
  ) : null;
}

// ---------------------------------------------------------------- zones

export function ZoneForm({
  intent,
  zone,
  state,
  submit,
}: {
  intent: "add-zone" | "update-zone";
  zone: ShippingZoneDto | null;
  state: State;
  submit: string;
}) {
  const key = zone ? `zone-${zone.id}` : "new-zone";
  const v = state.values;
  const e = state.errors;
  const regionErrors = Object.entries(e)
    .filter(([k]) => k.startsWith("regions"))
    .flatMap(([, m]) => m);
  return (
    <Form method="post" id={`${key}-form`} className="grid gap-x-4 sm:grid-cols-[2fr_3fr_1fr]" aria-label={submit}>
      <Hidden intent={intent} id={zone?.id ?? null} />
      <FieldBox id={`${key}-name`} label="Zone name" errors={e.name}>
        <input
          name="name"
          className="input"
          defaultValue={v?.name ?? zone?.name ?? ""}
          {...described(`${key}-name`, e.name)}
        />
      </FieldBox>
      <FieldBox
        id={`${key}-regions`}
        label="Countries"
        errors={regionErrors}
        hint="One country a line, by its code (US, DE) or name; only some states: US: OR, WA"
      >
        <textarea
          name="regions"
          rows={3}
          className="input font-mono"
          defaultValue={v?.regions ?? (zone ? regionsText(zone.regions) : "")}
          {...described(`${key}-regions`, regionErrors, true)}
        />
      </FieldBox>
      <FieldBox id={`${key}-position`} label="Position" errors={e.position}>
        <input
          name="position"
          inputMode="numeric"
          className="input"
          defaultValue={v?.position ?? String(zone?.position ?? 0)}
          {...described(`${key}-position`, e.position)}
        />
      </FieldBox>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <button type="submit" className="btn-primary">
          {submit}
        </button>
        <FormProblems
          state={state}
          shown={["name", "position", ...Object.keys(e).filter((k) => k.startsWith("regions"))]}
        />
      </div>
    </Form>
  );
}

// ---------------------------------------------------------------- methods

/** "$5.00", "from $0: $9.00 · from $50: $4.00", "up to 1000 g: $15.00 · …" */
export function rateSummary(rate: ShippingMethodDto["rate"]): string {
  if (rate.kind === "flat") return rate.amount === 0 ? "Free" : formatPrice(rate.amount);
  if (rate.kind === "subtotal")
    return rate.bands.map((b) => `from ${formatPrice(b.from)}: ${formatPrice(b.amount)}`).join(" · ");
  return rate.bands.map((b) => `up to ${b.upToGrams} g: ${formatPrice(b.amount)}`).join(" · ");
}

const RATE_KINDS = [
  { value: "flat", label: "Flat price" },
  { value: "subtotal", label: "By order subtotal (bands)" },
  { value: "weight", label: "By weight (bands)" },
] as const;

export function MethodForm({
  intent,
  targetId,
  method,
  state,
  submit,
}: {
  intent: "add-method" | "update-method";
  /** the zone (adding) or the method (changing) */
  targetId: number;
  method: ShippingMethodDto | null;
  state: State;
  submit: string;
}) {
  const key = method ? `method-${method.id}` : `zone-${targetId}-new-method`;
  const v = state.values;
  const e = state.errors;
  const kind = v?.rateKind ?? method?.rate.kind ?? "flat";
  const flat = method?.rate.kind === "flat" ? String(method.rate.amount) : "";
  return (
    <Form method="post" id={`${key}-form`} className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={submit}>
      <Hidden intent={intent} id={targetId} />
      <FieldBox id={`${key}-name`} label="Method name" errors={e.name}>
        <input
          name="name"
          className="input"
          defaultValue={v?.name ?? method?.name ?? ""}
          {...described(`${key}-name`, e.name)}
        />
      </FieldBox>
      <FieldBox id={`${key}-rateKind`} label="Priced" errors={e.rateKind}>
        <select name="rateKind" className="input" defaultValue={kind} {...described(`${key}-rateKind`, e.rateKind)}>
          {RATE_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </FieldBox>
      <FieldBox id={`${key}-amount`} label="Flat price ($)" errors={e.amount} hint="For a flat price">
        <input
          name="amount"
          inputMode="decimal"
          className="input"
          defaultValue={v?.amount ?? flat}
          {...described(`${key}-amount`, e.amount, true)}
        />
      </FieldBox>
      <FieldBox
        id={`${key}-bands`}
        label="Bands"
        errors={e.bands}
        hint="For bands, one a line. By subtotal: “from $: price” (0: 9.00, 50: 4.00). By weight: “up to grams: price” (1000: 15)"
        className="sm:col-span-2"
      >
        <textarea
          name="bands"
          rows={3}
          className="input font-mono"
          defaultValue={v?.bands ?? (method ? bandsText(method.rate) : "")}
          {...described(`${key}-bands`, e.bands, true)}
        />
      </FieldBox>
      <FieldBox id={`${key}-freeOver`} label="Free over ($)" errors={e.freeOver} hint="Blank: never free">
        <input
          name="freeOver"
          inputMode="decimal"
          className="input"
          defaultValue={v?.freeOver ?? (method?.freeOver === null || !method ? "" : String(method.freeOver))}
          {...described(`${key}-freeOver`, e.freeOver, true)}
        />
      </FieldBox>
      <FieldBox id={`${key}-deliveryTime`} label="Delivery time" errors={e.deliveryTime}>
        <input
          name="deliveryTime"
          className="input"
          placeholder="3–5 business days"
          defaultValue={v?.deliveryTime ?? method?.deliveryTime ?? ""}
          {...described(`${key}-deliveryTime`, e.deliveryTime)}
        />
      </FieldBox>
      <FieldBox id={`${key}-position`} label="Position" errors={e.position}>
        <input
          name="position"
          inputMode="numeric"
          className="input"
          defaultValue={v?.position ?? String(method?.position ?? 0)}
          {...described(`${key}-position`, e.position)}
        />
      </FieldBox>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
        <button type="submit" className="btn-primary">
          {submit}
        </button>
        <FormProblems
          state={state}
          shown={["name", "rateKind", "amount", "bands", "freeOver", "deliveryTime", "position"]}
        />
      </div>
    </Form>
  );
}

// ---------------------------------------------------------------- tax

export function RateForm({ rate, state, submit }: { rate: TaxRateDto | null; state: State; submit: string }) {
  const key = rate ? `rate-${rate.id}` : "new-rate";
  const v = state.values;
  const e = state.errors;
  return (
    <Form method="post" id={`${key}-form`} className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={submit}>
      <Hidden intent={rate ? "update-rate" : "add-rate"} id={rate?.id ?? null} />
      <FieldBox id={`${key}-country`} label="Country" errors={e.country} hint="Its code (DE, US) or name">
        <input
          name="country"
          className="input"
          defaultValue={v?.country ?? rate?.country ?? ""}
          {...described(`${key}-country`, e.country, true)}
        />
      </FieldBox>
      <FieldBox
        id={`${key}-subdivision`}
        label="State or region"
        errors={e.subdivision}
        hint="Its code (OR); blank: the whole country"
      >
        <input
          name="subdivision"
          className="input"
          defaultValue={v?.subdivision ?? rate?.subdivision ?? ""}
          {...described(`${key}-subdivision`, e.subdivision, true)}
        />
      </FieldBox>
      <FieldBox id={`${key}-name`} label="Name" errors={e.name} hint="What shoppers read: VAT, Sales tax (OR)">
        <input
          name="name"
          className="input"
          defaultValue={v?.name ?? rate?.name ?? ""}
          {...described(`${key}-name`, e.name, true)}
        />
      </FieldBox>
      <FieldBox id={`${key}-rate`} label="Rate (%)" errors={e.rate}>
        <input
          name="rate"
          inputMode="decimal"
          className="input"
          defaultValue={v?.rate ?? (rate ? String(rate.rate) : "")}
          {...described(`${key}-rate`, e.rate)}
        />
      </FieldBox>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn-primary">
          {submit}
        </button>
        <FormProblems state={state} shown={["country", "subdivision", "name", "rate"]} />
      </div>
    </Form>
  );
}

/** A one-button form that deletes something (its label names what); with JavaScript it asks first. */
export function DeleteForm({ intent, id, label }: { intent: string; id: number; label: string }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`${label}?`)) event.preventDefault();
      }}
    >
      <Hidden intent={intent} id={id} />
      <button type="submit" className="btn-secondary text-red-700" aria-label={label}>
        Delete
      </button>
    </Form>
  );
}

/** A disclosure that holds a form: open when its form was refused. */
export function Disclosure({ summary, open, children }: { summary: string; open: boolean; children: ReactNode }) {
  return (
    <details open={open || undefined} className="group rounded-lg border border-slate-200 bg-white">
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-slate-50">
        {summary}
      </summary>
      <div className="border-t border-slate-200 p-3">{children}</div>
    </details>
  );
}
