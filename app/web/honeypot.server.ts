/** The hidden field of the honeypot: people never see it, form-filling bots fill it in. */
export const HONEYPOT_FIELD = "website_url";

/** True when the form was filled in by a bot. */
export function isSpam(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
