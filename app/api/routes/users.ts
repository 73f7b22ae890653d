import { z } from "zod/v4";
import {
  AddressInputSchema,
  AddressSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  ConfirmEmailSchema,
  DeleteAccountSchema,
  EmailChangeResultSchema,
  EmailConfirmedSchema,
  RegisterSchema,
  UserSchema,
  UserUpdateSchema,
} from "~/schemas/account";
import { IdSchema } from "~/schemas/common";
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  requestEmailChange,
} from "~/services/accounts/settings.server";
import { addAddresses, deleteAddress, listAddresses, updateAddress } from "~/services/accounts/addresses.server";
import { EMAIL_CHANGE_HOURS } from "~/services/accounts/user-tokens.server";
import { createUser, getUser, updateUser } from "~/services/accounts/users.server";
import { exportAccountData } from "~/services/accounts/data-export.server";
import { AccountExportSchema } from "~/schemas/data-export";
import { defineRoute } from "../define";

const UserIdParams = z.object({ userId: IdSchema });
const AddressIdParams = z.object({ addressId: IdSchema });

/** Accounts and their addresses: the owner's, or any for an admin. */
export const userRoutes = {
  register: defineRoute(
    {
      method: "post",
      path: "/users/add",
      rateLimit: "registration",
      tag: "users",
      summary: "Register a user (ROLE_USER) with addresses",
      body: RegisterSchema,
      response: UserSchema,
      status: 201,
    },
    async ({ body }) => ({
      message: "Registration successful. You can now log in.",
      data: await createUser({ input: body }),
      status: 201,
    }),
  ),

  get: defineRoute(
    {
      method: "get",
      path: "/users/user/{userId}/user",
      tag: "users",
      summary: "A user (owner or admin)",
      access: "owner",
      params: UserIdParams,
      response: UserSchema,
    },
    async ({ actor, params }) => ({ message: "Found", data: await getUser({ userId: params.userId, actor }) }),
  ),

  exportData: defineRoute(
    {
      method: "get",
      path: "/users/{userId}/export",
      tag: "users",
      summary:
        "Everything the shop keeps about the account, for its owner only (an admin too gets 403 for another): account, addresses, cart, orders, payments, withdrawals, mail sent",
      access: "owner",
      params: UserIdParams,
      response: AccountExportSchema,
    },
    async ({ actor, params }) => ({
      message: "Your data",
      data: await exportAccountData({ actor, userId: params.userId }),
    }),
  ),

  update: defineRoute(
    {
      method: "put",
      path: "/users/{userId}/update",
      tag: "users",
      summary: "Change a user's name (owner or admin)",
      access: "owner",
      params: UserIdParams,
      body: UserUpdateSchema,
      response: UserSchema,
    },
    async ({ actor, params, body }) => ({
      message: "User updated",
      data: await updateUser({ userId: params.userId, actor, input: body }),
    }),
  ),

  addAddresses: defineRoute(
    {
      method: "post",
      path: "/addresses/{userId}/new",
      tag: "addresses",
      summary: "Add addresses (a list; the SPA sends one)",
      access: "owner",
      params: UserIdParams,
      body: z.array(AddressInputSchema).min(1, "Send at least one address").max(20),
      response: z.array(AddressSchema),
      status: 201,
    },
    async ({ actor, params, body }) => ({
      message: body.length === 1 ? "Address added" : "Addresses added",
      data: await addAddresses({ userId: params.userId, actor, list: body }),
      status: 201,
    }),
  ),

  addresses: defineRoute(
    {
      method: "get",
      path: "/addresses/{userId}/address",
      tag: "addresses",
      summary: "A user's addresses",
      access: "owner",
      params: UserIdParams,
      response: z.array(AddressSchema),
    },
    async ({ actor, params }) => ({ message: "Found", data: await listAddresses({ userId: params.userId, actor }) }),
  ),

  updateAddress: defineRoute(
    {
      method: "put",
      path: "/addresses/{addressId}/update",
      tag: "addresses",
      summary: "Change an address (its owner or an admin)",
      access: "owner",
      params: AddressIdParams,
      body: AddressInputSchema,
      response: AddressSchema,
    },
    async ({ actor, params, body }) => ({
      message: "Address updated",
      data: await updateAddress({ addressId: params.addressId, actor, input: body }),
    }),
  ),

  deleteAddress: defineRoute(
    {
      method: "delete",
      path: "/addresses/{addressId}/delete",
      tag: "addresses",
      summary: "Delete an address (its owner or an admin)",
      access: "owner",
      params: AddressIdParams,
    },
    async ({ actor, params }) => {
      await deleteAddress({ addressId: params.addressId, actor });
      return { message: "Address deleted" };
    },
  ),

  changeEmail: defineRoute(
    {
      method: "post",
      path: "/users/{userId}/email",
      tag: "users",
      summary:
        "Asks to change the owner's e-mail address (current password required): a confirmation link goes to the new address; an admin cannot do it for another user (403)",
      access: "owner",
      params: UserIdParams,
      body: ChangeEmailSchema,
      response: EmailChangeResultSchema,
      status: 202,
      errorStatuses: { "429": "Too many changes asked for, or too many wrong passwords (Retry-After)" },
    },
    async ({ actor, params, body }) => {
      const { newEmail } = await requestEmailChange({ userId: params.userId, actor, ...body });
      return {
        message: `We have sent a confirmation link to ${newEmail}. Your e-mail address changes when you open it (within ${EMAIL_CHANGE_HOURS} hours).`,
        data: { email: newEmail },
        status: 202,
      };
    },
  ),

  confirmEmail: defineRoute(
    {
      method: "post",
      path: "/users/confirm-email",
      tag: "users",
      summary: "Confirms a new e-mail address with the token of the link mailed to it; the old address is told",
      body: ConfirmEmailSchema,
      response: EmailConfirmedSchema,
      errorStatuses: {
        "400": "The token is no confirmation link of ours",
        "409": "Another account uses the address now",
        "410": "The link was used, replaced by a newer one, or has expired",
      },
    },
    async ({ body }) => {
      const confirmed = await confirmEmailChange({ token: body.token });
      return { message: `Your e-mail address is now ${confirmed.email}.`, data: confirmed };
    },
  ),

  changePassword: defineRoute(
    {
      method: "put",
      path: "/users/{userId}/password",
      tag: "users",
      summary:
        "Changes the owner's password (current password required); every other session ends, the caller's stays; an admin cannot do it for another user (403)",
      access: "owner",
      params: UserIdParams,
      body: ChangePasswordSchema,
      errorStatuses: { "429": "Too many wrong passwords (Retry-After)" },
    },
    async ({ actor, params, body }) => {
      await changePassword({ userId: params.userId, actor, ...body });
      return { message: "Your password has been changed. Your other devices have been signed out." };
    },
  ),

  deleteAccount: defineRoute(
    {
      method: "post",
      path: "/users/{userId}/delete",
      tag: "users",
      summary:
        "Deletes an account: personal data erased, orders kept; the caller's password (the owner's, or an admin's for another user)",
      access: "owner",
      params: UserIdParams,
      body: DeleteAccountSchema,
      errorStatuses: { "429": "Too many wrong passwords (Retry-After)" },
    },
    async ({ actor, params, body }) => {
      await deleteAccount({ userId: params.userId, actor, currentPassword: body.currentPassword });
      return {
        message: actor?.id === params.userId ? "Your account has been deleted." : "The account has been deleted.",
      };
    },
  ),
};
