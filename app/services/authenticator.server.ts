import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LoginSchema } from "~/schemas/account";
import { apiLogin, LoginError } from "./api-auth.server";
import { decodeAccessToken } from "./tokens.server";

export interface AuthUser {
  userId: number;
  roles: string[];
  accessToken: string;
  refreshToken: string;
}

/** remix-auth with the form strategy: it signs in through /api/v1/auth/login like any other client. */
export { LoginError };

export const authenticator = new Authenticator<AuthUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
    if (!parsed.success) throw new LoginError("Invalid username or password");
    const tokens = await apiLogin(parsed.data, request);
    const claims = decodeAccessToken(tokens.accessToken);
    if (!claims) throw new LoginError("The sign-in answer could not be read. Please try again.");
    return {
      userId: claims.id,
      roles: claims.roles,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    };
  }),
  "form",
);
