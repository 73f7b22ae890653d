import { useEffect, useRef, useState } from "react";
import { Spinner } from "../ui/spinner";
import type { ImageZoom as ImageZoomDialog } from "./image-zoom";
import { imageSrc } from "./product-image";

type Props = Parameters<typeof ImageZoomDialog>[0];

let loading: Promise<typeof ImageZoomDialog> | undefined;
/** The zoom's module (Headless UI's Dialog with it), fetched once; a failed fetch may be tried again. */
function loadZoom() {
  loading ??= import("./image-zoom").then(
    (module) => module.ImageZoom,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The details page's image zoom, fetched the first time a shopper opens it: Headless UI's dialog is most of the
 * page's own JavaScript, and most visits never zoom (decision 0026; scripts/check-js-budget.mjs). Until it arrives the
 * screen shows a spinner over the page; if it cannot be fetched (offline), the picture opens as a page of its own, as
 * without JavaScript.
 */
export function ImageZoom(props: Props) {
  const [Dialog, setDialog] = useState<typeof ImageZoomDialog | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const { open } = props;
  useEffect(() => {
    if (!open || Dialog) return;
    let current = true;
    loadZoom().then(
      (component) => {
        if (current) setDialog(() => component);
      },
      () => {
        if (!current) return;
        latest.current.onClose();
        window.location.assign(imageSrc(latest.current.image));
      },
    );
    return () => {
      current = false;
    };
  }, [open, Dialog]);
  if (Dialog) return <Dialog {...props} />;
  return open ? (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/90 text-white">
      <Spinner label="Loading the large image" className="h-8 w-8" />
    </div>
  ) : null;
}
