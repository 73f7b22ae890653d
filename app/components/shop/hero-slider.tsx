import { useKeenSlider, type KeenSliderPlugin } from "keen-slider/react";
import { useState, type ReactNode } from "react";
import { HERO_AUTOPLAY_MS, HERO_SPEED_MS } from "~/utils/site";

const SLIDES = [1, 2, 3, 4].map((n) => ({
  src: `/hero/hero-${n}.webp`,
  small: `/hero/hero-${n}-800.webp`,
}));

/** Moves to the next slide every HERO_AUTOPLAY_MS, pausing while hovered and when the user prefers less motion. */
const autoplay: KeenSliderPlugin = (slider) => {
  let timeout: ReturnType<typeof setTimeout>;
  let hovered = false;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const clear = () => clearTimeout(timeout);
  const next = () => {
    clear();
    if (hovered || reduced) return;
    timeout = setTimeout(() => slider.next(), HERO_AUTOPLAY_MS);
  };
  slider.on("created", () => {
    slider.container.addEventListener("mouseover", () => {
      hovered = true;
      clear();
    });
    slider.container.addEventListener("mouseout", () => {
      hovered = false;
      next();
    });
    next();
  });
  slider.on("dragStarted", clear);
  slider.on("animationEnded", next);
  slider.on("updated", next);
  slider.on("destroyed", clear);
};

/**
 * The hero: 4 images sliding in a loop (keen-slider) under the overlay. Without JavaScript the slides are laid out
 * full width in a clipped row, so the first one stands still.
 */
export function HeroSlider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(
    {
      loop: true,
      defaultAnimation: { duration: HERO_SPEED_MS },
      created: () => setReady(true),
      slideChanged: (s) => setCurrent(s.track.details.rel),
    },
    [autoplay],
  );
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative isolate overflow-hidden bg-slate-900"
    >
      {/* keen-slider's stylesheet sets position: relative on its container, so the layer is a wrapper */}
      <div className="absolute inset-0 -z-10">
        <div ref={sliderRef} className="keen-slider flex h-full overflow-hidden">
          {SLIDES.map((slide, index) => (
            <div
              key={slide.src}
              className="keen-slider__slide h-full min-w-full"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${SLIDES.length}`}
            >
              <img
                src={slide.src}
                srcSet={`${slide.small} 800w, ${slide.src} 1600w`}
                sizes="100vw"
                width={1600}
                height={640}
                alt=""
                loading={index === 0 ? "eager" : "lazy"}
                {...(index === 0 ? { fetchpriority: "high" } : {})}
                className="h-full w-full object-cover"
              />
            </div>
          ))}
        </div>
      </div>
      <div className="pointer-events-none absolute inset-0 -z-10 bg-gradient-to-r from-slate-950/85 via-slate-950/55 to-slate-950/10" />
      {/* the content sets the height, so nothing is clipped on a small phone */}
      <div className="pointer-events-none mx-auto flex min-h-[22rem] w-full max-w-7xl items-center px-4 pb-14 pt-10 sm:min-h-[26rem] lg:min-h-[30rem]">
        {children}
      </div>
      {ready ? (
        <div className="absolute bottom-4 left-0 right-0 flex justify-center gap-2">
          {SLIDES.map((slide, index) => (
            <button
              key={slide.src}
              type="button"
              aria-label={`Show slide ${index + 1}`}
              aria-current={current === index}
              onClick={() => slider.current?.moveToIdx(index)}
              className={`h-2.5 rounded-full transition-all ${current === index ? "w-6 bg-white" : "w-2.5 bg-white/50 hover:bg-white/80"}`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
