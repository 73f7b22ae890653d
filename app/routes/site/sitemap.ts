import type { LoaderFunctionArgs } from "@remix-run/node";
import { callApi, endpoints } from "~/client/api.server";

function escapeXml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const { data: entries } = await callApi(endpoints.products.sitemap, {});
  const urls = [
    { loc: "/", lastmod: undefined as string | undefined },
    { loc: "/products", lastmod: undefined },
    ...entries.categories.map((id) => ({ loc: `/products/category/${id}/products`, lastmod: undefined })),
    ...entries.products.map((p) => ({ loc: `/product/${p.id}/details`, lastmod: p.updatedAt })),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${escapeXml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
