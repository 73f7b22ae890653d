// The admin's Markdown as HTML for the shop's pages. Raw HTML is off (a `<script>` is shown as text), links go only
// to the web, mail, telephone and the shop's own pages, and headings start one level below the page's own title.
import MarkdownIt from "markdown-it";

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** http(s), mailto and tel; a path of the shop ("/policies/terms") or a place on the page ("#returns"). */
const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

// the page's title is its one h1: "# Heading" in the text becomes an h2, and so on down to h6
markdown.core.ruler.push("headings_below_title", (state) => {
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close")
      token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 1)}`;
  }
});

// links that leave the shop do not hand it the visitor's page (the Referer) nor the window
const renderLink =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:/i.test(String(token.attrGet("href") ?? ""))) token.attrSet("rel", "noopener noreferrer");
  return renderLink(tokens, idx, options, env, self);
};

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
