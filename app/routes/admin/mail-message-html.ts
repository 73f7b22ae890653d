import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { endpoints } from "~/client/api.server";
import { IdSchema } from "~/schemas/common";
import { loadOrThrow } from "~/web/actions.server";
import { requireAdmin } from "~/web/guards.server";

/**
 * The HTML part of a message, as a page of its own (the shop's pages may not be framed, and frame nothing). The mail
 * is HTML the shop rendered, but it carries what shoppers typed (names, addresses), so it is served the way a careful
 * mail client shows mail: a policy of its own that runs no script, loads nothing from anywhere (inline styles and
 * data: images only), sends no form, and `sandbox` gives it an origin of its own, so nothing in it can reach the
 * admin's session.
 */
const MAIL_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "sandbox",
].join("; ");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request);
  const id = IdSchema.safeParse(params.mailId);
  if (!id.success) throw data("Message not found", { status: 404 });
  const { data: message } = await loadOrThrow(
    auth.api(endpoints.mail.message, { params: { id: id.data } }),
    "Message not found",
  );
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": MAIL_POLICY,
    "Cache-Control": "private, no-store",
    // links in the mail (a reset link) are followed without telling the next site where the admin came from
    "Referrer-Policy": "no-referrer",
  });
  return new Response(message.htmlBody, { status: 200, headers });
}
