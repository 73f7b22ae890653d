import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * Whether a form of this page is being sent (a navigation, not a fetcher): the form posting to `formAction`
 * (default: this route's action) with `formMethod`, and with that `intent` when one is given.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  intent,
}: { formAction?: string; formMethod?: "POST" | "GET"; intent?: string } = {}) {
  const contextualAction = useFormAction();
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === formMethod &&
    stripIndex(navigation.formAction) === stripIndex(formAction ?? contextualAction) &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}

/** The form action of an index route carries `?index`; the comparison is about the path and the rest. */
function stripIndex(action: string | undefined) {
  return action?.replace(/([?&])index(=[^&]*)?(&|$)/, "$1").replace(/[?&]$/, "");
}
