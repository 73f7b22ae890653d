/** Names and constants of the shop that several screens share (docs/product.md#limits-and-constants). */
export const SITE_NAME = "GearHub";
export const SITE_TAGLINE = "Gaming accessories for every setup";
export const COPYRIGHT_YEAR = 2024;
export const HERO_AUTOPLAY_MS = 15_000;
export const HERO_SPEED_MS = 12_000;
export const TOAST_MS = 5_000;
/** after a successful payment, the order's page follows (docs/product.md#checkout) */
export const REDIRECT_AFTER_PAYMENT_MS = 5_000;

export function pageTitle(title?: string) {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: ${SITE_TAGLINE}`;
}
