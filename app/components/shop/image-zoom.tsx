import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useRef, useState, type CSSProperties, type TouchEvent } from "react";
import type { ImageDto } from "~/schemas/catalogue";
import { Spinner } from "../ui/spinner";
import { imageSrc } from "./product-image";

type ZoomState = "unloaded" | "loading" | "loaded" | "unloading";

/** Whether the enlarged picture is bigger than the screen, so a swipe or the wheel pans it instead of closing. */
function pannable(element: HTMLElement) {
  return element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
}

/**
 * The zoomed image in a full-screen modal. On a wide screen it fits the screen; on a phone (below 640 px) it is drawn
 * at its full size and at least twice the screen's width, and the finger pans it. It closes on Escape, the Close
 * button or a tap, and, when it fits the screen, on the wheel or a swipe.
 */
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
  const panel = useRef<HTMLDivElement>(null);
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
    if (panel.current && pannable(panel.current)) return;
    if (touch && start && Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > 40) close();
  };
  // start in the middle of a picture larger than the screen
  const centre = () => {
    const element = panel.current;
    if (!element) return;
    element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
    element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
  };
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/90" aria-hidden="true" />
      <DialogPanel
        ref={panel}
        onClick={close}
        onWheel={() => {
          if (panel.current && !pannable(panel.current)) close();
        }}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        className="fixed inset-0 flex cursor-zoom-out overflow-auto overscroll-contain sm:p-8"
      >
        <DialogTitle className="sr-only">{alt}, enlarged</DialogTitle>
        {state !== "loaded" ? (
          <span className="fixed inset-0 flex items-center justify-center text-white">
            <Spinner label="Loading the large image" className="h-8 w-8" />
          </span>
        ) : null}
        {/* m-auto centres the picture when it fits, and lets it overflow from its start when it does not */}
        <img
          src={imageSrc(image)}
          alt={alt}
          width={image.width}
          height={image.height}
          onLoad={() => {
            setState("loaded");
            centre();
          }}
          style={{ "--zoom-width": `${image.width}px` } as CSSProperties}
          className="m-auto h-auto w-[max(var(--zoom-width),200vw)] max-w-none sm:max-h-full sm:w-auto sm:max-w-full sm:rounded-lg sm:object-contain"
        />
        <button
          type="button"
          onClick={close}
          className="fixed right-3 top-3 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow"
        >
          Close
        </button>
      </DialogPanel>
    </Dialog>
  );
}
