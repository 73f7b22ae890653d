import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import {
  MailMessageSchema,
  MailOutboxQuerySchema,
  MailPageSchema,
  MailSummarySchema,
  MailTestSchema,
} from "~/schemas/mail";
import { getOutboxMessage, listOutbox, retryOutboxMessage, sendTestMail } from "~/services/mail/sent-mail.server";
import { defineRoute } from "../define";

/** The outbox of transactional e-mail (docs/decisions/0018-mail-outbox.md): read and retried by admins. */
export const mailRoutes = {
  outbox: defineRoute(
    {
      method: "get",
      path: "/mail/outbox",
      tag: "mail",
      summary: "Messages the shop sent, is sending or gave up on, newest first, optionally by status (admin)",
      access: "admin",
      query: MailOutboxQuerySchema,
      response: MailPageSchema,
    },
    async ({ actor, query }) => ({ message: "Found", data: await listOutbox({ actor, ...query }) }),
  ),

  message: defineRoute(
    {
      method: "get",
      path: "/mail/outbox/{id}",
      tag: "mail",
      summary: "One message with its Message-ID, plain-text and HTML bodies (admin)",
      access: "admin",
      params: z.object({ id: IdSchema }),
      response: MailMessageSchema,
    },
    async ({ actor, params }) => ({ message: "Found", data: await getOutboxMessage({ actor, id: params.id }) }),
  ),

  retry: defineRoute(
    {
      method: "post",
      path: "/mail/outbox/{id}/retry",
      tag: "mail",
      summary: "Send a failed message again now (admin); 409 when it is not failed",
      access: "admin",
      params: z.object({ id: IdSchema }),
      response: MailSummarySchema,
    },
    async ({ actor, params }) => {
      const message = await retryOutboxMessage({ actor, id: params.id });
      return { message: `Message ${message.id} will be sent again in a moment.`, data: message };
    },
  ),

  test: defineRoute(
    {
      method: "post",
      path: "/mail/test",
      tag: "mail",
      summary: "Queue a test message to an address, to check the mail setting (admin)",
      access: "admin",
      body: MailTestSchema,
      bodyType: "json-or-form",
      response: MailSummarySchema,
      status: 201,
    },
    async ({ actor, body }) => {
      const message = await sendTestMail({ actor, to: body.to });
      return { message: `A test message to ${message.recipient} is on its way.`, data: message, status: 201 };
    },
  ),
};
