import { z } from "zod/v4";
import { IdParamSchema, IdSchema } from "~/schemas/common";
import {
  PricingSettingsInputSchema,
  PricingSettingsSchema,
  ShippingMethodInputSchema,
  ShippingMethodSchema,
  ShippingZoneInputSchema,
  ShippingZoneSchema,
  TaxRateInputSchema,
  TaxRateSchema,
} from "~/schemas/pricing-admin";
import {
  createShippingMethod,
  createShippingZone,
  deleteShippingMethod,
  deleteShippingZone,
  listShippingZones,
  updateShippingMethod,
  updateShippingZone,
} from "~/services/pricing/shipping-admin.server";
import {
  createTaxRate,
  deleteTaxRate,
  getPricingSettings,
  listTaxRates,
  savePricingSettings,
  updateTaxRate,
} from "~/services/pricing/tax-admin.server";
import { defineRoute } from "../define";

/**
 * What an order costs beyond its lines, as the admin sets it up (decision 0035): shipping zones and their methods,
 * tax rates and the shop's tax settings. Admins only: staff may not change them.
 */
export const pricingRoutes = {
  zones: defineRoute(
    {
      method: "get",
      path: "/admin/shipping/zones",
      tag: "shipping",
      summary: "Every shipping zone with its methods, in checkout's order (admin)",
      access: "admin",
      response: z.array(ShippingZoneSchema),
    },
    async ({ actor }) => ({ message: "Found", data: await listShippingZones({ actor }) }),
  ),

  addZone: defineRoute(
    {
      method: "post",
      path: "/admin/shipping/zones",
      tag: "shipping",
      summary:
        "Add a shipping zone: its countries, or some states of a country (a country, or a state, is in one zone only: 422)",
      access: "admin",
      body: ShippingZoneInputSchema,
      bodyType: "json-or-form",
      response: ShippingZoneSchema,
      status: 201,
    },
    async ({ actor, body }) => ({
      message: "Shipping zone added",
      data: await createShippingZone({ actor, input: body }),
      status: 201,
    }),
  ),

  updateZone: defineRoute(
    {
      method: "put",
      path: "/admin/shipping/zones/{id}",
      tag: "shipping",
      summary: "Change a shipping zone's name, places and position (admin)",
      access: "admin",
      params: IdParamSchema,
      body: ShippingZoneInputSchema,
      bodyType: "json-or-form",
      response: ShippingZoneSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Shipping zone saved",
      data: await updateShippingZone({ actor, id: params.id, input: body }),
    }),
  ),

  removeZone: defineRoute(
    {
      method: "delete",
      path: "/admin/shipping/zones/{id}",
      tag: "shipping",
      summary: "Delete a shipping zone and its methods (admin)",
      access: "admin",
      params: IdParamSchema,
    },
    async ({ actor, params }) => {
      await deleteShippingZone({ actor, id: params.id });
      return { message: "Shipping zone deleted" };
    },
  ),

  addMethod: defineRoute(
    {
      method: "post",
      path: "/admin/shipping/zones/{zoneId}/methods",
      tag: "shipping",
      summary:
        "Add a shipping method to a zone: flat, by subtotal bands or by weight bands, free over an amount (admin)",
      access: "admin",
      params: z.object({ zoneId: IdSchema }),
      body: ShippingMethodInputSchema,
      bodyType: "json-or-form",
      response: ShippingMethodSchema,
      status: 201,
    },
    async ({ actor, params, body }) => ({
      message: "Shipping method added",
      data: await createShippingMethod({ actor, zoneId: params.zoneId, input: body }),
      status: 201,
    }),
  ),

  updateMethod: defineRoute(
    {
      method: "put",
      path: "/admin/shipping/methods/{id}",
      tag: "shipping",
      summary: "Change a shipping method (admin)",
      access: "admin",
      params: IdParamSchema,
      body: ShippingMethodInputSchema,
      bodyType: "json-or-form",
      response: ShippingMethodSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Shipping method saved",
      data: await updateShippingMethod({ actor, id: params.id, input: body }),
    }),
  ),

  removeMethod: defineRoute(
    {
      method: "delete",
      path: "/admin/shipping/methods/{id}",
      tag: "shipping",
      summary: "Delete a shipping method (admin)",
      access: "admin",
      params: IdParamSchema,
    },
    async ({ actor, params }) => {
      await deleteShippingMethod({ actor, id: params.id });
      return { message: "Shipping method deleted" };
    },
  ),

  taxRates: defineRoute(
    {
      method: "get",
      path: "/admin/tax/rates",
      tag: "tax",
      summary: "Every tax rate, by country and state (admin)",
      access: "admin",
      response: z.array(TaxRateSchema),
    },
    async ({ actor }) => ({ message: "Found", data: await listTaxRates({ actor }) }),
  ),

  addTaxRate: defineRoute(
    {
      method: "post",
      path: "/admin/tax/rates",
      tag: "tax",
      summary: "Add a tax rate of a country, or of one of its states, in percent (admin)",
      access: "admin",
      body: TaxRateInputSchema,
      bodyType: "json-or-form",
      response: TaxRateSchema,
      status: 201,
    },
    async ({ actor, body }) => ({
      message: "Tax rate added",
      data: await createTaxRate({ actor, input: body }),
      status: 201,
    }),
  ),

  updateTaxRate: defineRoute(
    {
      method: "put",
      path: "/admin/tax/rates/{id}",
      tag: "tax",
      summary: "Change a tax rate (admin)",
      access: "admin",
      params: IdParamSchema,
      body: TaxRateInputSchema,
      bodyType: "json-or-form",
      response: TaxRateSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Tax rate saved",
      data: await updateTaxRate({ actor, id: params.id, input: body }),
    }),
  ),

  removeTaxRate: defineRoute(
    {
      method: "delete",
      path: "/admin/tax/rates/{id}",
      tag: "tax",
      summary: "Delete a tax rate (admin)",
      access: "admin",
      params: IdParamSchema,
    },
    async ({ actor, params }) => {
      await deleteTaxRate({ actor, id: params.id });
      return { message: "Tax rate deleted" };
    },
  ),

  settings: defineRoute(
    {
      method: "get",
      path: "/admin/tax/settings",
      tag: "tax",
      summary: "The shop's tax settings: prices entered with tax, tax on shipping (admin)",
      access: "admin",
      response: PricingSettingsSchema,
    },
    async ({ actor }) => ({ message: "Found", data: await getPricingSettings({ actor }) }),
  ),

  saveSettings: defineRoute(
    {
      method: "put",
      path: "/admin/tax/settings",
      tag: "tax",
      summary: "Save the shop's tax settings (admin; staff may not): a field left out is false",
      access: "admin",
      body: PricingSettingsInputSchema,
      bodyType: "json-or-form",
      response: PricingSettingsSchema,
    },
    async ({ actor, body }) => ({
      message: "Tax settings saved",
      data: await savePricingSettings({ actor, input: body }),
    }),
  ),
};
