import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useRef, useState, type TouchEvent } from "react";
import type { ImageDto } from "~/schemas/catalogue";
import { Spinner } from "../ui/spinner";
import { imageSrc } from "./product-image";

type ZoomState = "unloaded" | "loading" | "loaded" | "unloading";

/** The zoomed image in a modal: closes on Escape, the wheel, a swipe or a click anywhere. */
export function ImageZoom({
  image,
  alt,
  open,
  onClose,
}: {
  image: ImageDto;
  alt: string;
  open: boolean;
  onClose: () => void;
}) {
  const [state, setState] = useState<ZoomState>("unloaded");
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const close = () => {
    setState("unloading");
    onClose();
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    const start = touchStart.current;
    if (touch && start && Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > 40) close();
  };
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/90" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-8">
        <DialogPanel
          onClick={close}
          onWheel={close}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          className="relative flex max-h-full max-w-5xl cursor-zoom-out items-center justify-center"
        >
          <DialogTitle className="sr-only">{alt}, enlarged</DialogTitle>
          {state !== "loaded" ? (
            <span className="absolute text-white">
              <Spinner label="Loading the large image" className="h-8 w-8" />
            </span>
          ) : null}
          <img
            src={imageSrc(image)}
            alt={alt}
            width={image.width}
            height={image.height}
            onLoad={() => setState("loaded")}
            className="max-h-[90vh] w-auto rounded-lg object-contain"
          />
          <button
            type="button"
            onClick={close}
            className="absolute right-2 top-2 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-slate-900"
          >
            Close
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
