import { z } from "zod/v4";
import { AddressInputSchema } from "./account";

/** The dashboard's address forms: one discriminated union of intents, shared by the action and its tests. */
export const AddressIntentSchema = z.discriminatedUnion("intent", [
  AddressInputSchema.extend({ intent: z.literal("add"), clientId: z.string().length(21).optional() }),
  AddressInputSchema.extend({ intent: z.literal("edit"), addressId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("delete"), addressId: z.coerce.number().int().positive() }),
]);
export type AddressIntent = z.infer<typeof AddressIntentSchema>;
