// The one layout of every e-mail the shop sends: blocks of content rendered twice, as plain text and as HTML with
// inline styles only (mail clients drop <style> and block remote content), so a message needs no network to render.
import { getConfig } from "~/lib/env.server";
import { SITE_NAME } from "~/lib/site";

export type MailBlock =
  | { paragraph: string }
  | { button: { label: string; url: string } }
  /** label: value lines (an order number, a date, an address) */
  | { details: Array<[string, string]> }
  | { table: { head: string[]; rows: string[][]; foot?: string[] } }
  /** small print under the content (why the message came, what to do if it was not you) */
  | { note: string };

export interface MailContent {
  subject: string;
  /** the first words a mail client shows next to the subject */
  preheader?: string;
  heading: string;
  blocks: MailBlock[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** An absolute link to a page of the shop, from PUBLIC_URL (never from a request's Host header). */
export function shopLink(path: string): string {
  return getConfig().mail.publicUrl + (path.startsWith("/") ? path : `/${path}`);
}

function textOf(block: MailBlock): string {
  if ("paragraph" in block) return block.paragraph;
  if ("button" in block) return `${block.button.label}:\n${block.button.url}`;
  if ("details" in block) return block.details.map(([label, value]) => `${label}: ${value}`).join("\n");
  if ("table" in block) {
    const { head, rows, foot } = block.table;
    const lines = rows.map((row) => row.map((cell, i) => (i === 0 ? cell : `${head[i]}: ${cell}`)).join(" | "));
    return [...lines, ...(foot ? [foot.filter(Boolean).join(" ")] : [])].join("\n");
  }
  return block.note;
}

const cell = "padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left;";

function htmlOf(block: MailBlock): string {
  if ("paragraph" in block) return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.paragraph)}</p>`;
  if ("button" in block) {
    return `<p style="margin:24px 0"><a href="${escapeHtml(block.button.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all">Or open this address: ${escapeHtml(block.button.url)}</p>`;
  }
  if ("details" in block) {
    const rows = block.details
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="${cell}font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="${cell}white-space:pre-line">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
  }
  if ("table" in block) {
    const { head, rows, foot } = block.table;
    const headHtml = head.map((h) => `<th scope="col" style="${cell}">${escapeHtml(h)}</th>`).join("");
    const body = rows
      .map((row) => `<tr>${row.map((c) => `<td style="${cell}">${escapeHtml(c)}</td>`).join("")}</tr>`)
      .join("");
    const footHtml = foot
      ? `<tfoot><tr>${foot.map((c) => `<td style="${cell}font-weight:600">${escapeHtml(c)}</td>`).join("")}</tr></tfoot>`
      : "";
    return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px"><thead><tr>${headHtml}</tr></thead><tbody>${body}</tbody>${footHtml}</table>`;
  }
  return `<p style="margin:24px 0 0;font-size:13px;color:#4b5563;line-height:1.5">${escapeHtml(block.note)}</p>`;
}

/** The message in both forms, with the shop's name and address at the foot. */
export function renderMail(content: MailContent): RenderedMail {
  const home = shopLink("/");
  const text = [content.heading, "", ...content.blocks.flatMap((b) => [textOf(b), ""]), `${SITE_NAME}: ${home}`].join(
    "\n",
  );
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
${content.preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>` : ""}
<table role="presentation" style="width:100%;border-collapse:collapse"><tr><td style="padding:24px 12px">
<table role="presentation" style="max-width:600px;width:100%;margin:0 auto;background:#ffffff;border-radius:8px;border-collapse:collapse"><tr><td style="padding:24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1d4ed8">${escapeHtml(SITE_NAME)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>
${content.blocks.map(htmlOf).join("\n")}
</td></tr></table>
<p style="max-width:600px;margin:16px auto 0;font-size:12px;color:#6b7280;text-align:center"><a href="${escapeHtml(home)}" style="color:#4b5563">${escapeHtml(SITE_NAME)}</a></p>
</td></tr></table>
</body></html>
`;
  return { subject: content.subject, text, html };
}
