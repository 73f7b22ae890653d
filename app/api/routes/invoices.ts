import { z } from "zod/v4";
import { IdSchema } from "~/schemas/common";
import {
  CreditNoteSchema,
  InvoiceSchema,
  SellerSettingsInputSchema,
  ShopSellerSettingsSchema,
} from "~/schemas/invoices";
import { getInvoice, getSeller, listCreditNotes, saveSeller } from "~/services/orders/invoices.server";
import { defineRoute } from "../define";

const OrderParams = z.object({ orderId: IdSchema });

/**
 * Invoices and credit notes (docs/decisions/0042-invoices.md): an order's, for its owner, staff or an admin (anyone
 * else 403, whether or not the order exists); and the seller's details they carry, the admin's to set.
 */
export const invoiceRoutes = {
  invoice: defineRoute(
    {
      method: "get",
      path: "/orders/order/{orderId}/invoice",
      tag: "orders",
      summary:
        "The order's invoice: its number (gap-free per year), the seller, the buyer, the lines, discount, shipping, tax per rate and total as placed",
      access: "user",
      params: OrderParams,
      response: InvoiceSchema,
    },
    async ({ actor, params }) => ({
      message: "Found",
      data: await getInvoice({ actor, orderId: params.orderId }),
    }),
  ),

  creditNotes: defineRoute(
    {
      method: "get",
      path: "/orders/order/{orderId}/credit-notes",
      tag: "orders",
      summary: "The credit notes of the order's refunds, oldest first (an empty list when nothing was refunded)",
      access: "user",
      params: OrderParams,
      response: z.array(CreditNoteSchema),
    },
    async ({ actor, params }) => ({
      message: "Found",
      data: await listCreditNotes({ actor, orderId: params.orderId }),
    }),
  ),

  seller: defineRoute(
    {
      method: "get",
      path: "/admin/settings/seller",
      tag: "settings",
      summary: "The seller's details printed on invoices and credit notes (admin)",
      access: "admin",
      response: ShopSellerSettingsSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await getSeller({ actor }) }),
  ),

  saveSeller: defineRoute(
    {
      method: "put",
      path: "/admin/settings/seller",
      tag: "settings",
      summary:
        "Save the seller's details (legal name, address, VAT ID or tax number, e-mail) for invoices from now on, and the withdrawal period in days (admin)",
      access: "admin",
      body: SellerSettingsInputSchema,
      bodyType: "json-or-form",
      response: ShopSellerSettingsSchema,
    },
    async ({ actor, body }) => ({
      message: "Seller details saved",
      data: await saveSeller({ actor, input: body }),
    }),
  ),
};
