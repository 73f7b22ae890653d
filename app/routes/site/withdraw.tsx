import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { callApi, endpoints } from "~/client/api.server";
import { callerHeaders } from "~/client/auth.server";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Field } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { useIsPending } from "~/hooks/use-is-pending";
import { WithdrawalSchema } from "~/schemas/after-sale";
import { attempt, readForm, refusedReply } from "~/web/actions.server";
import { pageTitle } from "~/lib/site";
import { formatLongMoment } from "~/lib/dates";

// The withdrawal from the contract (Directive (EU) 2023/2673; docs/decisions/0039-after-sale.md): open to anyone,
// no account, two steps. Step 1 takes the order number and the e-mail address; step 2 shows them with the
// "Confirm withdrawal" button; only that sends it. The answer is the same whether or not they match an order.

export const meta: MetaFunction = () => [
  { title: pageTitle("Withdraw from contract") },
  {
    name: "description",
    content: "Withdraw from your contract with GearHub: give your order number and e-mail address, then confirm.",
  },
];

export const loader = () => ({ constraint: getZodConstraint(WithdrawalSchema) });

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const confirming = form.get("intent") === "confirm";
  const submission = parseWithZod(form, { schema: WithdrawalSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), review: null, received: null }, { status: 422 });
  }
  const values = { orderNumber: String(submission.value.orderNumber), email: submission.value.email };
  // step 1 → step 2 (and back, to change what was typed): nothing is looked up or sent yet
  if (form.get("intent") === "change") return data({ result: submission.reply(), review: null, received: null });
  if (!confirming) return data({ result: submission.reply(), review: values, received: null });
  const sent = await attempt(
    callApi(endpoints.afterSale.withdraw, { body: submission.value, headers: callerHeaders(request) }),
  );
  if (!sent.ok) {
    return data(
      { result: refusedReply(submission, sent.error), review: values, received: null },
      { status: sent.error.status },
    );
  }
  return data({
    result: submission.reply({ resetForm: true }),
    review: null,
    received: { message: sent.value.message, at: sent.value.data.receivedAt },
  });
}

export default function Withdraw() {
  const { constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsPending();
  const [form, fields] = useForm<{ orderNumber: string; email: string }>({
    lastResult: reply?.result,
    constraint,
    shouldValidate: "onSubmit",
  });
  const review = reply?.review;
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">
        {reply?.received ? "Withdrawal received" : review ? "Confirm withdrawal" : "Withdraw from contract here"}
      </h1>
      {reply?.received ? (
        <div
          role="status"
          className="mt-6 space-y-4 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900 shadow-sm"
        >
          <p>{reply.received.message}</p>
          <p className="text-sm">
            Received on <time dateTime={reply.received.at}>{formatLongMoment(reply.received.at)}</time>.
          </p>
          <Link to="/products" className="btn-primary">
            Back to the shop
          </Link>
        </div>
      ) : review ? (
        <Form method="post" className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-slate-700">You are withdrawing from the contract for this order:</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium text-slate-600">Order number</dt>
            <dd className="text-slate-900">#{review.orderNumber}</dd>
            <dt className="font-medium text-slate-600">E-mail</dt>
            <dd className="break-all text-slate-900">{review.email}</dd>
          </dl>
          <input type="hidden" name="orderNumber" value={review.orderNumber} />
          <input type="hidden" name="email" value={review.email} />
          <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
            {form.errors?.[0] ?? ""}
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="confirm" className="btn-primary" disabled={busy}>
              {busy ? <Spinner label="Sending" className="h-4 w-4" /> : null}
              Confirm withdrawal
            </button>
            <button type="submit" name="intent" value="change" formNoValidate className="btn-secondary">
              Change
            </button>
          </div>
        </Form>
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          className="mt-6 space-y-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <p className="mb-4 text-sm text-slate-600">
            You can withdraw from your purchase, without giving a reason, within the withdrawal period: at least 14 days
            from delivery. Enter the order number from your order e-mail and the e-mail address you ordered with. You do
            not need to sign in. On the next step you confirm; we then e-mail you a confirmation with the date and time.
          </p>
          <Field id={fields.orderNumber.id} label="Order number" errors={fields.orderNumber.errors}>
            <input
              {...getInputProps(fields.orderNumber, { type: "text" })}
              inputMode="numeric"
              autoComplete="off"
              placeholder="#1042"
              className="input"
            />
          </Field>
          <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="input" />
          </Field>
          <p id={form.errorId} role="alert" className="min-h-[1.25rem] text-sm text-red-700">
            {form.errors?.[0] ?? ""}
          </p>
          <input type="hidden" name="intent" value="review" />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            Continue
          </button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
