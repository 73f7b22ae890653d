import { useEffect } from "react";

/**
 * Empties the password inputs of the form `formId` once per refusal (a new `refusal` object). A password never comes
 * back from the server; without JavaScript the page comes back with the fields empty, and with JavaScript they would
 * keep their dots, so this empties them too: the shopper types the password again, the other fields stay as typed.
 */
export function useClearPasswords(formId: string, refusal: unknown) {
  useEffect(() => {
    if (!refusal) return;
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="password"]')) input.value = "";
  }, [formId, refusal]);
}
