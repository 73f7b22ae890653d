// The account's constants the browser needs too, without zod (account.ts builds its schemas on them and re-exports
// them; see constants.ts).

export const ADDRESS_TYPES = ["HOME", "OFFICE", "SHIPPING"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
/** An address form's fields (account.ts checks that AddressInputSchema has exactly these), and those a shopper types. */
export const ADDRESS_FIELDS = [
  "street",
  "city",
  "state",
  "country",
  "postalCode",
  "mobileNumber",
  "addressType",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export const ADDRESS_TEXT_FIELDS = ["street", "city", "state", "postalCode", "mobileNumber"] as const;
/** Addresses a registration may bring along. */
export const MAX_REGISTRATION_ADDRESSES = 10;

// ---------------------------------------------------------------- account settings

/** What the settings page makes a shopper type to show they mean it. */
export const DELETE_CONFIRMATION = "DELETE";
