// The review e-mails' checkbox on account settings (docs/decisions/0047-saved-items-and-related-products.md): a plain
// form, written here as HTML and sent with the loader's data, because the settings page is at its JavaScript budget
// (105 kB) and a form of React elements would add ~85 bytes to its bundle; this costs the page one element. Nothing in
// it comes from the shopper: only whether the box is ticked. Posted to the settings page's action ("review-mail").

/** The form's markup, the box ticked when the account gets the review-request e-mails. */
export function reviewMailFormHtml(reviewMail: boolean): string {
  return (
    '<form method="post" class="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">' +
    '<h2 class="text-lg font-semibold text-slate-900">E-mails</h2>' +
    '<label class="mt-3 flex items-center gap-2 text-sm text-slate-700">' +
    `<input type="checkbox" name="reviewMail"${reviewMail ? " checked" : ""}>` +
    "E-mail me a few days after delivery to ask for a review of what I bought</label>" +
    '<button type="submit" name="intent" value="review-mail" class="btn-secondary mt-4">Save e-mail settings</button>' +
    "</form>"
  );
}
