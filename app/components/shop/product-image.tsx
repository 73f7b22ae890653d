import type { CSSProperties } from "react";
import type { ImageDto } from "~/schemas/catalogue";

/** A versioned image URL: safe to cache for a year. `width` picks a WebP variant. */
export function imageSrc(image: Pick<ImageDto, "downloadUrl" | "version">, width?: number) {
  return `${image.downloadUrl}?${width ? `w=${width}&` : ""}v=${image.version}`;
}

const WIDTHS = [200, 400, 800];

/**
 * What a lazy picture shows without JavaScript, where browsers fetch `loading="lazy"` images at once: a transparent
 * pixel (one small request for the whole page) over the picture drawn as a background, which app/tailwind.css keeps
 * unfetched until the picture nears the viewport (docs/decisions/0027-lighthouse-and-lazy-images.md).
 */
export const NO_SCRIPT_PLACEHOLDER = "/blank.svg";
export const NO_SCRIPT = "(scripting: none)";

/** React 18 does not know `fetchPriority` (it warns and drops it); a lowercase attribute is passed through. */
export const HIGH_PRIORITY = { fetchpriority: "high" } as const;

/**
 * A product's picture in a square frame (`className` sizes the frame). `priority` is for the page's largest picture
 * (its LCP): fetched at once, before other images. Every other picture is lazy, with and without JavaScript.
 */
export function ProductImage({
  image,
  alt,
  sizes,
  width = 400,
  priority = false,
  className = "",
}: {
  /** none (undefined or null): a placeholder that says so */
  image: Pick<ImageDto, "downloadUrl" | "version" | "width" | "height"> | null | undefined;
  alt: string;
  sizes: string;
  width?: number;
  priority?: boolean;
  className?: string;
}) {
  if (!image) {
    return (
      <div
        role="img"
        aria-label={`${alt} (no picture yet)`}
        className={`flex aspect-square items-center justify-center bg-slate-100 text-slate-400 ${className}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-10 w-10"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 16-5-5-8 8" />
        </svg>
      </div>
    );
  }
  const height = Math.round((width * image.height) / image.width);
  const srcSet = [
    ...WIDTHS.filter((w) => w < image.width).map((w) => `${imageSrc(image, w)} ${w}w`),
    `${imageSrc(image)} ${image.width}w`,
  ].join(", ");
  const frame = `block aspect-square h-auto w-full overflow-hidden object-cover ${className}`;
  const img = (
    <img
      src={imageSrc(image, width)}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      {...(priority ? HIGH_PRIORITY : {})}
      className={priority ? frame : "block h-full w-full object-cover"}
    />
  );
  if (priority) return img;
  return (
    <picture
      className={`lazy-picture ${frame}`}
      style={{ "--no-script-image": `url("${imageSrc(image, width)}")` } as CSSProperties}
    >
      <source media={NO_SCRIPT} srcSet={NO_SCRIPT_PLACEHOLDER} />
      {img}
    </picture>
  );
}
