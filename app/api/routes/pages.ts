import { z } from "zod/v4";
import { PolicyPageInputSchema, PolicyPageSchema, PolicyPageSummarySchema } from "~/schemas/policies";
import { getPolicyPage, listPolicyPages, policySlug, savePolicyPage } from "~/services/content/policy-pages.server";
import { defineRoute } from "../define";

/** any word: a page the shop does not have is a 404, as any missing thing is, not a malformed request */
const PageParams = z.object({ slug: z.string().max(60) });

/** The shop's policy pages (terms, privacy, shipping, returns and withdrawal, contact): anyone reads, admins write. */
export const pageRoutes = {
  list: defineRoute(
    {
      method: "get",
      path: "/pages",
      tag: "pages",
      summary: "The shop's policy pages: slug, title and when each was last edited (null: the shop's default text)",
      response: z.array(PolicyPageSummarySchema),
    },
    async () => ({ message: "Found", data: await listPolicyPages() }),
  ),

  get: defineRoute(
    {
      method: "get",
      path: "/pages/{slug}",
      tag: "pages",
      summary: "One policy page: its Markdown and that Markdown as HTML (raw HTML shown as text, safe links only)",
      params: PageParams,
      response: PolicyPageSchema,
    },
    async ({ params }) => ({ message: "Found", data: await getPolicyPage(policySlug(params.slug)) }),
  ),

  save: defineRoute(
    {
      method: "put",
      path: "/admin/pages/{slug}",
      tag: "pages",
      summary: "Replace a policy page's title and Markdown (admin)",
      access: "admin",
      params: PageParams,
      body: PolicyPageInputSchema,
      bodyType: "json-or-form",
      response: PolicyPageSchema,
    },
    async ({ actor, params, body }) => {
      const page = await savePolicyPage({ actor, slug: policySlug(params.slug), input: body });
      return { message: `${page.title} saved`, data: page };
    },
  ),
};
