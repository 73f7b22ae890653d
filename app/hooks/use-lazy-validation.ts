import type { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef, useState } from "react";

export interface Validator<S> {
  /** The loaded schema module. */
  schemas: S;
  parseWithZod: typeof parseWithZod;
}

/**
 * conform's validation in the browser with the form's zod schemas, fetched when the form is first used rather than
 * with the page (decision 0026: zod and conform's zod adapter are a fifth of a form page's JavaScript, and a visit that
 * never touches the form needs neither; scripts/check-js-budget.mjs keeps the pages under their budgets).
 *
 * `load` imports the schema module (`() => import("~/schemas/account")`). Give `prepare` to the form as `onFocus`
 * and `onPointerDown`; spread `options(…)` into `useForm`. Until the schemas are here the form is checked by the
 * server only, exactly as without JavaScript: conform validates nothing on blur or input (so it posts no validation
 * round trips) and a submit goes to the action, whose answer shows the errors. From then on conform validates as it
 * did with the schemas in the page: on blur, then on input. The field attributes (`required`, `maxLength`, …) do not
 * wait: the loader gives them (`getZodConstraint` on the server).
 */
export function useLazyValidation<S>(load: () => Promise<S>) {
  const [validator, setValidator] = useState<Validator<S>>();
  const started = useRef(false);
  const mounted = useRef(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const prepare = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([import("@conform-to/zod/v4"), loadRef.current()]).then(
      ([conformZod, schemas]) => {
        if (mounted.current) setValidator({ schemas, parseWithZod: conformZod.parseWithZod });
      },
      () => {
        // offline or a new deployment: the server still checks every submit; the next use tries again
        started.current = false;
      },
    );
  }, []);

  /** useForm's validation options: the client's own checks once the schemas are here, the server's until then. */
  const options = <R>(validate: (validator: Validator<S>, formData: FormData) => R) =>
    validator
      ? {
          shouldValidate: "onBlur" as const,
          shouldRevalidate: "onInput" as const,
          onValidate: ({ formData }: { formData: FormData }) => validate(validator, formData),
        }
      : { shouldValidate: "onSubmit" as const, shouldRevalidate: "onSubmit" as const, onValidate: undefined };

  return { prepare, options, ready: validator !== undefined, triggers: { onFocus: prepare, onPointerDown: prepare } };
}
