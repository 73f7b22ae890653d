import { useKeenSlider } from "keen-slider/react";
import { useEffect, useState, type FocusEvent, type MouseEvent, type ReactNode } from "react";
import { useReducedMotion } from "~/hooks/use-reduced-motion";
import { HERO_AUTOPLAY_MS, HERO_SPEED_MS } from "~/lib/site";
import { HIGH_PRIORITY, NO_SCRIPT, NO_SCRIPT_PLACEHOLDER } from "./product-image";

const SLIDES = [1, 2, 3, 4].map((n) => ({
  src: `/hero/hero-${n}.webp`,
  small: `/hero/hero-${n}-800.webp`,
}));

/** the dots and the Pause/Play button: pointing at them or focusing them does not hold the slides */
const CONTROLS = "[data-hero-controls]";
const inControls = (target: EventTarget | null) => target instanceof Element && target.closest(CONTROLS) !== null;

/**
 * The hero: 4 images sliding in a loop (keen-slider) under the overlay. Without JavaScript the slides are laid out
 * full width in a clipped row, so the first one stands still. With it, the next slide comes HERO_AUTOPLAY_MS after the
 * last one arrived (WCAG 2.2.2): the Pause button stops that until Play; pointing at or focusing the hero's content
 * holds it; under prefers-reduced-motion nothing moves by itself (Play starts it) and a dot changes slide at once.
 */
export function HeroSlider({ children }: { children: ReactNode }) {
  const reducedMotion = useReducedMotion();
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  /** the shopper's choice with the Pause/Play button; until then the slides play unless motion is reduced */
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [moving, setMoving] = useState(false);
  /** bumped when a slide has arrived (or a drag began): the wait for the next one starts over */
  const [arrivals, setArrivals] = useState(0);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: true,
    defaultAnimation: { duration: reducedMotion ? 0 : HERO_SPEED_MS },
    created: () => setReady(true),
    slideChanged: (s) => setCurrent(s.track.details.rel),
    animationStarted: () => setMoving(true),
    animationEnded: () => {
      setMoving(false);
      setArrivals((n) => n + 1);
    },
    dragStarted: () => setArrivals((n) => n + 1),
  });
  const playing = choice === "play" || (choice === null && !reducedMotion);

  useEffect(() => {
    if (!ready || !playing || hovered || focused || moving) return;
    const timer = setTimeout(() => slider.current?.next(), HERO_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [ready, playing, hovered, focused, moving, arrivals, slider]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      // not overflow-hidden: the search field's suggestions open below it (the slides clip themselves); z-10 keeps
      // them over the page that follows
      className="relative isolate z-10 bg-slate-900"
      onMouseOver={(event: MouseEvent) => setHovered(!inControls(event.target))}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event: FocusEvent) => setFocused(!inControls(event.target))}
      onBlur={() => setFocused(false)}
    >
      {/* keen-slider's stylesheet sets position: relative on its container, so the layer is a wrapper */}
      <div className="absolute inset-0 -z-10 overflow-hidden">
        <div ref={sliderRef} className="keen-slider flex h-full overflow-hidden">
          {SLIDES.map((slide, index) => (
            <div
              key={slide.src}
              role="group"
              className="keen-slider__slide h-full min-w-full"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${SLIDES.length}`}
            >
              {index === 0 ? (
                <img
                  src={slide.src}
                  srcSet={`${slide.small} 800w, ${slide.src} 1600w`}
                  sizes="100vw"
                  width={1600}
                  height={640}
                  alt=""
                  {...HIGH_PRIORITY}
                  className="h-full w-full object-cover"
                />
              ) : (
                // without JavaScript only the first slide is ever seen, and lazy images are fetched at once
                <picture>
                  <source media={NO_SCRIPT} srcSet={NO_SCRIPT_PLACEHOLDER} />
                  <img
                    src={slide.src}
                    srcSet={`${slide.small} 800w, ${slide.src} 1600w`}
                    sizes="100vw"
                    width={1600}
                    height={640}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                </picture>
              )}
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
        <div data-hero-controls="" className="absolute bottom-2 left-0 right-0 flex items-center justify-center">
          <button
            type="button"
            aria-label={playing ? "Pause slides" : "Play slides"}
            title={playing ? "Pause slides" : "Play slides"}
            onClick={() => setChoice(playing ? "pause" : "play")}
            className="mr-2 flex h-8 w-8 items-center justify-center rounded-full bg-slate-950/60 text-white hover:bg-slate-950/80"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
              {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5.5v13l11-6.5z" />}
            </svg>
          </button>
          {SLIDES.map((slide, index) => (
            // 24 × 24 px targets (WCAG 2.5.8) around the small dots
            <button
              key={slide.src}
              type="button"
              aria-label={`Show slide ${index + 1}`}
              aria-current={current === index}
              onClick={() => slider.current?.moveToIdx(index)}
              className="group flex h-8 w-8 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full motion-safe:transition-all ${current === index ? "w-6 bg-white" : "w-2.5 bg-white/60 group-hover:bg-white/90"}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
