import { z } from "zod/v4";
import {
  ADDRESS_FIELDS,
  ADDRESS_TEXT_FIELDS,
  ADDRESS_TYPES,
  DELETE_CONFIRMATION,
  MAX_REGISTRATION_ADDRESSES,
  type AddressField,
} from "./account-constants";
import { isOneLine, oneLine } from "./common";
import { countryCodeOf } from "./countries";

// the browser's pages import these from ./account-constants (without zod); the server's code may import them from here
export { ADDRESS_FIELDS, ADDRESS_TEXT_FIELDS, ADDRESS_TYPES, DELETE_CONFIRMATION, MAX_REGISTRATION_ADDRESSES };
export type { AddressField, AddressType } from "./account-constants";

/**
 * An address needs a street, a city and a country; the other fields are optional (docs/product.md#addresses): absent,
 * null or blank is stored as "". (conform turns "" into undefined before parsing, so optionality must be the
 * schema's, not a preprocess.)
 */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(isOneLine, oneLine(label))
    .nullish()
    .transform((v) => v ?? "");

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `must be at most ${max} characters`)
    .refine(isOneLine, oneLine(label));

/** 'XX' is what an address saved before a country was required holds: not a country anyone can choose. */
export const NO_COUNTRY = "XX";
const CHOOSE_A_COUNTRY = "Choose a country";

export const AddressInputSchema = z.object({
  street: requiredText("Street", 200),
  city: requiredText("City", 100),
  state: optionalText("State", 100),
  /** ISO 3166-1 alpha-2; an English name ("Germany") is taken as its code */
  country: z
    .string({ error: CHOOSE_A_COUNTRY })
    .trim()
    .transform(countryCodeOf)
    .pipe(
      z
        .string()
        .min(1, CHOOSE_A_COUNTRY)
        .regex(/^[A-Z]{2}$/, "must be a two-letter country code or a country's name in English")
        .refine((code) => code !== NO_COUNTRY, CHOOSE_A_COUNTRY),
    ),
  postalCode: optionalText("Postal code", 20),
  mobileNumber: z
    .string()
    .trim()
    .max(30, "must be at most 30 characters")
    .regex(/^[+()\d\s.-]*$/, "must be a phone number")
    .refine(isOneLine, oneLine("Mobile number"))
    .nullish()
    .transform((v) => v ?? ""),
  addressType: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? "HOME" : v),
    z.enum(ADDRESS_TYPES, { error: "must be HOME, OFFICE or SHIPPING" }),
  ),
});
export type AddressInput = z.output<typeof AddressInputSchema>;
/** ADDRESS_FIELDS are exactly the schema's fields: a type error here otherwise. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _addressFieldsAreTheSchemas: SameKeys<keyof typeof AddressInputSchema.shape, AddressField> = true;

export const AddressSchema = z.object({
  id: z.number().int(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
  mobileNumber: z.string(),
  addressType: z.enum(ADDRESS_TYPES),
});
export type AddressDto = z.infer<typeof AddressSchema>;

export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"))
  // .invalid is reserved (RFC 2606): no mail reaches it, and deleted accounts are given addresses there
  .refine((email) => !/\.invalid$/i.test(email), "Enter a valid email address");

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(8, "Password must be at least 8 characters")
  .max(200, "Password is too long");

export const NameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`)
    .refine(isOneLine, oneLine(label));

/**
 * An address block left wholly empty (no text typed, no country chosen) is no address: registration skips it
 * (null, dropped from the list) instead of refusing it. A block with anything in it is an address, checked in full.
 */
export function isBlankAddress(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== "object") return false;
  const fields = value as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  return (
    ADDRESS_TEXT_FIELDS.every((field) => blank(fields[field])) &&
    (blank(fields.country) || fields.country === NO_COUNTRY)
  );
}
// typed by the address's own input (a preprocess takes `unknown`), so that a form's fields know an address's fields
const OptionalAddressSchema = z.preprocess(
  (v) => (isBlankAddress(v) ? null : v),
  AddressInputSchema.nullable(),
) as unknown as z.ZodType<AddressInput | null, z.input<typeof AddressInputSchema>>;

export const RegisterSchema = z.object({
  firstName: NameSchema("First name"),
  lastName: NameSchema("Last name"),
  email: EmailSchema,
  password: PasswordSchema,
  addressList: z
    .array(OptionalAddressSchema)
    .max(MAX_REGISTRATION_ADDRESSES, `At most ${MAX_REGISTRATION_ADDRESSES} addresses`)
    .default([])
    .transform((list) => list.filter((address) => address !== null)),
});
export type RegisterInput = z.output<typeof RegisterSchema>;

export const UserUpdateSchema = z.object({ firstName: NameSchema("First name"), lastName: NameSchema("Last name") });

export const LoginSchema = z.object({
  email: z.string().trim().min(1, "Invalid username or password").max(254),
  password: z.string().min(1, "Invalid username or password").max(200),
});

export const UserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  roles: z.array(z.string()),
  addressList: z.array(AddressSchema),
});
export type UserDto = z.infer<typeof UserSchema>;

export const TokenSchema = z.object({ accessToken: z.string() });

// ---------------------------------------------------------------- account recovery and settings (decision 0019)

/** The token of a link the shop mailed (a password reset, an e-mail confirmation): 43 base64url characters. */
export const LinkTokenSchema = z
  .string({ error: "This link is not complete. Please ask for a new one." })
  .trim()
  .min(1, "This link is not complete. Please ask for a new one.")
  .max(200, "This link is not valid. Please ask for a new one.")
  .regex(/^[\w-]+$/, "This link is not valid. Please ask for a new one.");

/** A password the user already has (checked, never judged by the registration's rules). */
export const CurrentPasswordSchema = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(200, "Password is too long");

/** New passwords follow the registration's rules. */
const NewPasswordSchema = PasswordSchema;
const CONFIRM_MISMATCH = "The two passwords are not the same";

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/** POST /auth/reset-password */
export const ResetPasswordSchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema });
/** The reset page's form: the API's fields and the password typed twice. */
export const ResetPasswordFormSchema = ResetPasswordSchema.extend({
  confirmPassword: z.string({ error: "Type the new password again" }).min(1, "Type the new password again"),
}).refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: CONFIRM_MISMATCH });

/** POST /users/{userId}/email */
export const ChangeEmailSchema = z.object({ newEmail: EmailSchema, currentPassword: CurrentPasswordSchema });

/** POST /users/confirm-email (and any call that carries only a link's token) */
export const ConfirmEmailSchema = z.object({ token: LinkTokenSchema });
export const LinkSchema = ConfirmEmailSchema;

/** PUT /users/{userId}/password */
export const ChangePasswordSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
});
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({
  confirmPassword: z.string({ error: "Type the new password again" }).min(1, "Type the new password again"),
}).refine((form) => form.newPassword === form.confirmPassword, {
  path: ["confirmPassword"],
  message: CONFIRM_MISMATCH,
});

/**
 * POST /users/{userId}/delete: the password of the caller (the owner's own, or an admin's when an admin deletes
 * another user's account), so that an open session alone cannot delete an account.
 */
export const DeleteAccountSchema = z.object({ currentPassword: CurrentPasswordSchema });
const DELETE_NOT_CONFIRMED = `To delete your account, type ${DELETE_CONFIRMATION} in capitals.`;
export const DeleteAccountFormSchema = DeleteAccountSchema.extend({
  confirm: z
    .string({ error: DELETE_NOT_CONFIRMED })
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION, DELETE_NOT_CONFIRMED),
});

/** The settings page's forms, told apart by their `intent`. */
export const SETTINGS_INTENTS = ["name", "email", "password", "delete"] as const;
export const SettingsIntentSchema = z.object({ intent: z.enum(SETTINGS_INTENTS, { error: "Unknown action" }) });
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

/** The answer of an e-mail change: the address it will be, once confirmed. */
export const EmailChangeResultSchema = z.object({ email: z.string() });
/** The answer of a confirmation: whose account moved, and to which address. */
export const EmailConfirmedSchema = z.object({ userId: z.number().int(), email: z.string() });
