import type { ImageDto } from "~/schemas/catalogue";

/** A versioned image URL: safe to cache for a year. `width` picks a WebP variant. */
export function imageSrc(image: Pick<ImageDto, "downloadUrl" | "version">, width?: number) {
  return `${image.downloadUrl}?${width ? `w=${width}&` : ""}v=${image.version}`;
}

const WIDTHS = [200, 400, 800];

export function ProductImage({
  image,
  alt,
  sizes,
  width = 400,
  eager = false,
  className = "",
}: {
  image: ImageDto | undefined;
  alt: string;
  sizes: string;
  width?: number;
  eager?: boolean;
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
  return (
    <img
      src={imageSrc(image, width)}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchpriority: "high" } : {})}
      className={`aspect-square h-auto w-full object-cover ${className}`}
    />
  );
}
