import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/services/content/markdown.server";

// The admin's Markdown becomes the HTML of a public page: nothing in it may run (docs/decisions/0043-policy-pages.md).
describe("the policy pages' Markdown", () => {
  it("keeps headings, lists, emphasis and links of the shop, the web, mail and telephone", () => {
    const html = renderMarkdown(
      "# Returns\n\n- **Fast** refunds\n- [withdraw](/withdraw), [mail](mailto:a@b.example), [call](tel:+1555), [web](https://example.com/x)",
    );
    expect(html).toContain("<h2>Returns</h2>");
    expect(html).toContain("<li><strong>Fast</strong> refunds</li>");
    expect(html).toContain('<a href="/withdraw">withdraw</a>');
    expect(html).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(html).toContain('<a href="tel:+1555">call</a>');
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer">web</a>');
  });

  it("shows raw HTML as text: no element, no attribute, no script", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\nText <b onclick="x()">bold</b> <iframe src="//evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<(script|img|b|iframe)\b/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  it("drops links and pictures that could run or leave the shop's kinds of address", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "vbscript:x",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example/page",
      "file:///etc/passwd",
    ]) {
      const html = renderMarkdown(`[click](${url}) ![pic](${url})`);
      expect(html, url).not.toMatch(/<a |<img /);
    }
  });

  it("starts headings below the page's title and never writes an h1", () => {
    const html = renderMarkdown("# One\n## Two\n###### Six");
    expect(html).not.toContain("<h1");
    expect(html).toContain("<h2>One</h2>");
    expect(html).toContain("<h3>Two</h3>");
    expect(html).toContain("<h6>Six</h6>");
  });
});
