// The messages of account recovery and settings (decision 0019), one function per message. Links are built from
// PUBLIC_URL (shopLink), never from the request that caused the message.
import { SITE_NAME } from "~/lib/site";
import { shopLink, type MailContent } from "../layout.server";

const greeting = (firstName: string) => `Hello ${firstName},`;

/** The link of a password reset (kind "password-reset"). */
export function passwordResetMail(input: { firstName: string; token: string; minutes: number }): MailContent {
  const url = shopLink(`/reset-password?token=${encodeURIComponent(input.token)}`);
  return {
    subject: `Reset your ${SITE_NAME} password`,
    preheader: `The link works once, for ${input.minutes} minutes.`,
    heading: "Reset your password",
    blocks: [
      { paragraph: greeting(input.firstName) },
      {
        paragraph: `Someone (we hope you) asked to reset the password of your ${SITE_NAME} account. Choose a new password with the link below. It works once, for ${input.minutes} minutes; a newer link replaces it.`,
      },
      { button: { label: "Choose a new password", url } },
      {
        note: "If you did not ask for this, you can ignore this message: your password stays as it is, and nobody can use the link without this mailbox.",
      },
    ],
  };
}

/** The confirmation of a new address, sent to that address (kind "email-change"). */
export function emailChangeMail(input: {
  firstName: string;
  newEmail: string;
  token: string;
  hours: number;
}): MailContent {
  const url = shopLink(`/confirm-email?token=${encodeURIComponent(input.token)}`);
  return {
    subject: `Confirm your new ${SITE_NAME} e-mail address`,
    preheader: `Your address changes only when you confirm it, within ${input.hours} hours.`,
    heading: "Confirm your new e-mail address",
    blocks: [
      { paragraph: greeting(input.firstName) },
      {
        paragraph: `You asked to use ${input.newEmail} for your ${SITE_NAME} account. Your address changes only when you confirm it with the link below, within ${input.hours} hours.`,
      },
      { button: { label: "Confirm this address", url } },
      { note: "If you did not ask for this, ignore this message: nothing changes without the link." },
    ],
  };
}

/**
 * The word to the current address when a change to another is asked for (kind "email-change-requested"): if it was
 * not the owner, resetting the password cancels the pending change.
 */
export function emailChangeRequestedMail(input: { firstName: string; newEmail: string; hours: number }): MailContent {
  return {
    subject: `A change of your ${SITE_NAME} e-mail address was asked for`,
    preheader: `Someone asked to move your account to ${input.newEmail}.`,
    heading: "A change of your e-mail address was asked for",
    blocks: [
      { paragraph: greeting(input.firstName) },
      {
        paragraph: `Someone signed in to your ${SITE_NAME} account asked to move it to ${input.newEmail}. Nothing changes unless the link sent to that address is opened within ${input.hours} hours.`,
      },
      {
        note: `If this was not you, reset your password now: that cancels the change and signs everyone else out.`,
      },
      { button: { label: "Reset my password", url: shopLink("/forgot-password") } },
    ],
  };
}

/** The notice to the old address once a change is confirmed (kind "email-changed"). */
export function emailChangedMail(input: { firstName: string; newEmail: string }): MailContent {
  return {
    subject: `Your ${SITE_NAME} e-mail address was changed`,
    preheader: "Your account now uses another e-mail address.",
    heading: "Your e-mail address was changed",
    blocks: [
      { paragraph: greeting(input.firstName) },
      {
        paragraph: `Your ${SITE_NAME} account now uses ${input.newEmail}. Messages about your account and orders go there from now on, and you sign in with it.`,
      },
      {
        note: `If you did not make this change, someone else may have your password: contact ${SITE_NAME} at once by replying to this message.`,
      },
    ],
  };
}

/** The notice that the password changed, by a reset or in the settings (kind "password-changed"). */
export function passwordChangedMail(input: { firstName: string; how: "reset" | "change" }): MailContent {
  return {
    subject: `Your ${SITE_NAME} password was changed`,
    preheader: "Your account has a new password.",
    heading: "Your password was changed",
    blocks: [
      { paragraph: greeting(input.firstName) },
      {
        paragraph:
          input.how === "reset"
            ? `The password of your ${SITE_NAME} account was reset with a link sent to this address, and every device that was signed in has been signed out.`
            : `The password of your ${SITE_NAME} account was changed in your account settings, and every other device that was signed in has been signed out.`,
      },
      { button: { label: "Sign in", url: shopLink("/login") } },
      {
        note: `If you did not do this, reset your password at once (${shopLink("/forgot-password")}) and contact us by replying to this message.`,
      },
    ],
  };
}

/** The last message to a deleted account's address, queued before the address is erased (kind "account-deleted"). */
export function accountDeletedMail(input: { firstName: string }): MailContent {
  return {
    subject: `Your ${SITE_NAME} account was deleted`,
    preheader: "Your personal data has been erased.",
    heading: "Your account was deleted",
    blocks: [
      { paragraph: greeting(input.firstName) },
      {
        paragraph: `Your ${SITE_NAME} account has been deleted: your name, e-mail address, saved addresses, cart and sign-ins are erased. Your past orders are kept without your personal details, for the shop's accounts; orders that are still to be shipped keep their delivery address until they are sent.`,
      },
      {
        note: "If you did not ask for this, reply to this message. You are welcome to register again at any time.",
      },
    ],
  };
}
