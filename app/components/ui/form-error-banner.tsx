import type { ReactNode } from "react";
import { NOTICE_STYLES } from "~/components/ui/flash-banner";

/**
 * A form's refusal said at the top of the page, where a page posted without JavaScript comes back (and where a page
 * form's answer lands with JavaScript too): the same strip as the flash banner, with a link down to the form that
 * failed, whose own errors stay by its fields (decision 0034). A success needs none: it redirects with a flash.
 */
export function FormErrorBanner({
  message,
  formId,
  linkText = "Go to the form",
  children,
}: {
  message: string;
  /** more links (a login link) */
  children?: ReactNode;
  /** the id of the form (or field) the link leads to */
  formId: string;
  linkText?: string;
}) {
  return (
    <div className={`border-b ${NOTICE_STYLES.error}`} data-form-error-banner="">
      <div role="alert" className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
        <p className="flex-1">{message}</p>
        {children}
        <a href={`#${formId}`} className="font-semibold underline">
          {linkText}
        </a>
      </div>
    </div>
  );
}
