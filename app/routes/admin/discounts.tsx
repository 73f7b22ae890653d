import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { endpoints } from "~/client/api.server";
import { described, FieldBox } from "~/components/admin/field";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsPending } from "~/hooks/use-is-pending";
import { IdSchema } from "~/schemas/common";
import { DiscountCodeInputSchema, type DiscountCodeDto } from "~/schemas/discounts";
import { attempt, fieldErrorsOf, intentReply, outcomeReply, readForm } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/site";
import { formatMoment } from "~/lib/dates";

// The admin's discount codes (decision 0040): the list with uses, a form to create one, and per code a form to edit it
// (a native <details>, so it opens without JavaScript) and a button to deactivate it.

export const meta: MetaFunction = () => [
  { title: pageTitle("Discount codes") },
  { name: "robots", content: "noindex" },
];

const BACK = "/admin/discounts";
const FIELDS = [
  "code",
  "kind",
  "amount",
  "minSubtotal",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perCustomerLimit",
  "productIds",
  "categoryIds",
  "active",
] as const;

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update"), id: IdSchema }),
  z.object({ intent: z.literal("deactivate"), id: IdSchema }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const { data: codes } = await auth.api(endpoints.discounts.list, {});
  return data({ codes });
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireAdmin(request);
  const form = await readForm(request);
  const fields = Object.fromEntries(form);
  const intent = IntentSchema.safeParse(fields);
  if (!intent.success) return intentReply(auth, form, BACK, { ok: false, message: "Choose a code." });
  if (intent.data.intent === "deactivate") {
    const outcome = await attempt(auth.api(endpoints.discounts.deactivate, { params: { id: intent.data.id } }));
    return outcomeReply(auth, form, BACK, outcome);
  }
  const values: Record<string, string> = {};
  for (const name of FIELDS) values[name] = typeof fields[name] === "string" ? (fields[name] as string) : "";
  const sent = { intent: intent.data.intent, id: "id" in intent.data ? String(intent.data.id) : null, values };
  // an unchecked box sends nothing: the code is inactive
  const input = DiscountCodeInputSchema.safeParse({ ...values, active: values.active ? "on" : "off" });
  if (!input.success) {
    return intentReply(auth, form, BACK, {
      ok: false,
      message: "Please correct the code's fields.",
      errors: fieldErrorsOf(input.error, { fallback: "code" }),
      keepForm: true,
      sent,
    });
  }
  const outcome = await attempt(
    intent.data.intent === "create"
      ? auth.api(endpoints.discounts.create, { body: input.data })
      : auth.api(endpoints.discounts.update, { params: { id: intent.data.id }, body: input.data }),
  );
  return outcomeReply(auth, form, BACK, outcome, { keepForm: true, sent });
}

const day = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

function valuesOf(code: DiscountCodeDto): Record<string, string> {
  return {
    code: code.code,
    kind: code.kind,
    amount: code.kind === "free_shipping" ? "" : String(code.amount),
    minSubtotal: code.minSubtotal === null ? "" : String(code.minSubtotal),
    startsAt: day(code.startsAt),
    endsAt: day(code.endsAt),
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    perCustomerLimit: code.perCustomerLimit === null ? "" : String(code.perCustomerLimit),
    productIds: code.productIds.join(", "),
    categoryIds: code.categoryIds.join(", "),
    active: code.active ? "on" : "",
  };
}

const EMPTY: Record<string, string> = { kind: "percent", active: "on" };

function Field({
  name,
  label,
  values,
  errors,
  idPrefix,
  type = "text",
  hint,
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  errors: Record<string, string[]> | null;
  idPrefix: string;
  type?: string;
  hint?: string;
}) {
  const id = `${idPrefix}-${name}`;
  const fieldErrors = errors?.[name];
  return (
    <FieldBox id={id} label={label} errors={fieldErrors} hint={hint} className="text-sm text-slate-700">
      <input
        {...described(id, fieldErrors, Boolean(hint))}
        name={name}
        type={type}
        defaultValue={values[name] ?? ""}
        step={type === "number" ? "any" : undefined}
        className="input mt-1 w-full"
      />
    </FieldBox>
  );
}

function CodeForm({
  intent,
  id,
  values,
  errors,
  submit,
}: {
  intent: "create" | "update";
  id?: number;
  values: Record<string, string>;
  errors: Record<string, string[]> | null;
  submit: string;
}) {
  const busy = useIsPending();
  const prefix = id ? `code-${id}` : "new-code";
  return (
    <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <Field name="code" label="Code" values={values} errors={errors} idPrefix={prefix} />
      <div className="text-sm text-slate-700">
        <label className="block font-medium" htmlFor={`${prefix}-kind`}>
          Kind
        </label>
        <select id={`${prefix}-kind`} name="kind" defaultValue={values.kind ?? "percent"} className="input mt-1 w-full">
          <option value="percent">Percent off</option>
          <option value="fixed">Amount off ($)</option>
          <option value="free_shipping">Free shipping</option>
        </select>
      </div>
      <Field
        name="amount"
        label="Amount"
        type="number"
        hint="Percent (15) or dollars (5.00); empty for free shipping"
        values={values}
        errors={errors}
        idPrefix={prefix}
      />
      <Field
        name="minSubtotal"
        label="Minimum subtotal ($)"
        type="number"
        values={values}
        errors={errors}
        idPrefix={prefix}
      />
      <Field
        name="startsAt"
        label="Starts (UTC)"
        type="datetime-local"
        values={values}
        errors={errors}
        idPrefix={prefix}
      />
      <Field name="endsAt" label="Ends (UTC)" type="datetime-local" values={values} errors={errors} idPrefix={prefix} />
      <Field name="usageLimit" label="Total uses" type="number" values={values} errors={errors} idPrefix={prefix} />
      <Field
        name="perCustomerLimit"
        label="Uses per customer"
        type="number"
        values={values}
        errors={errors}
        idPrefix={prefix}
      />
      <Field
        name="productIds"
        label="Only products (ids)"
        hint="Comma-separated; empty: every product"
        values={values}
        errors={errors}
        idPrefix={prefix}
      />
      <Field
        name="categoryIds"
        label="Only categories (ids)"
        hint="Comma-separated; empty: every category"
        values={values}
        errors={errors}
        idPrefix={prefix}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2 lg:col-span-3">
        <input type="checkbox" name="active" defaultChecked={values.active === "on"} /> Active
      </label>
      <div className="sm:col-span-2 lg:col-span-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {submit}
        </button>
      </div>
    </Form>
  );
}

function limits(code: DiscountCodeDto) {
  const parts: string[] = [];
  if (code.minSubtotal !== null) parts.push(`from ${formatPrice(code.minSubtotal)}`);
  if (code.startsAt) parts.push(`from ${formatMoment(code.startsAt)}`);
  if (code.endsAt) parts.push(`until ${formatMoment(code.endsAt)}`);
  if (code.perCustomerLimit !== null) parts.push(`${code.perCustomerLimit} per customer`);
  if (code.productIds.length > 0) parts.push(`products ${code.productIds.join(", ")}`);
  if (code.categoryIds.length > 0) parts.push(`categories ${code.categoryIds.join(", ")}`);
  return parts.join(" · ");
}

export default function AdminDiscounts() {
  const { codes } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const refused = reply && !reply.ok ? reply : null;
  const sentFor = (intent: string, id: string | null) =>
    refused?.sent && refused.sent.intent === intent && refused.sent.id === id ? refused : null;
  const creating = sentFor("create", null);
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Discount codes</h1>
      <p className="mt-2 text-slate-600">
        Codes shoppers apply in their cart. A use is taken when the shopper pays, given back when the card is declined
        or the payment refunded in full; the limits hold however many pay at once.
      </p>
      {refused && !refused.sent ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {refused.message}
        </p>
      ) : null}

      <h2 className="mt-8 text-xl font-semibold text-slate-900">Codes ({codes.length})</h2>
      {codes.length === 0 ? <p className="mt-3 text-slate-600">No codes yet.</p> : null}
      <ul className="mt-3 divide-y divide-slate-200">
        {codes.map((code) => {
          const editing = sentFor("update", String(code.id));
          return (
            <li key={code.id} className="py-4" data-testid="discount-row">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <p>
                  <span className="font-mono font-semibold text-slate-900">{code.code}</span>{" "}
                  <span className="text-slate-700">{code.description}</span>{" "}
                  {code.active ? null : (
                    <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
                      Inactive
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700" data-testid="discount-uses">
                  Used {code.redeemed}
                  {code.uses > code.redeemed ? ` (+${code.uses - code.redeemed} in checkout)` : ""}
                  {code.usageLimit !== null ? ` of ${code.usageLimit}` : ""}
                </p>
              </div>
              {limits(code) ? <p className="text-sm text-slate-600">{limits(code)}</p> : null}
              <details className="mt-2" open={editing ? true : undefined}>
                <summary className="cursor-pointer text-sm font-semibold text-brand-700">Edit {code.code}</summary>
                {editing ? (
                  <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                    {editing.message}
                  </p>
                ) : null}
                <CodeForm
                  intent="update"
                  id={code.id}
                  values={editing?.sent?.values ?? valuesOf(code)}
                  errors={editing?.errors ?? null}
                  submit="Save code"
                />
              </details>
              {code.active ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="deactivate" />
                  <input type="hidden" name="id" value={code.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    disabled={busy}
                    aria-label={`Deactivate ${code.code}`}
                  >
                    Deactivate
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">New code</h2>
      {creating ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {creating.message}
        </p>
      ) : null}
      <CodeForm
        intent="create"
        values={creating?.sent?.values ?? EMPTY}
        errors={creating?.errors ?? null}
        submit="Create code"
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
