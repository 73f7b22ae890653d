import { z } from "zod/v4";
import { AddressInputSchema, AddressSchema, RegisterSchema, UserSchema, UserUpdateSchema } from "~/schemas/account";
import { IdSchema } from "~/schemas/common";
import { addAddresses, deleteAddress, listAddresses, updateAddress } from "~/services/addresses.server";
import { createUser, getUser, updateUser } from "~/services/users.server";
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
};
