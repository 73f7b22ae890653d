import { Fragment } from "react";

/**
 * An e-mail address that a narrow screen wraps where a reader expects it (before the "@" and each "."), not in the
 * middle of a word; an unbroken part longer than the line still wraps (the parent's break-words).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
