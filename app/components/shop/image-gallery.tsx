import { Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ImageDto } from "~/schemas/catalogue";
import { ImageZoom } from "./image-zoom-lazy";
import { imageSrc, ProductImage } from "./product-image";

/**
 * The product's images: a large one and the list of all. Without JavaScript the large image is a link to the full
 * picture and the thumbnails are links (?image=n); with it, thumbnails switch in place and the image zooms in a modal.
 */
export function ImageGallery({ images, name, initial }: { images: ImageDto[]; name: string; initial: number }) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(Math.min(initial, Math.max(images.length - 1, 0)));
  const [zoomed, setZoomed] = useState(false);
  const image = images[selected];
  return (
    <div className="space-y-3">
      {image ? (
        <a
          href={imageSrc(image)}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setZoomed(true);
          }}
          className="block cursor-zoom-in overflow-hidden rounded-xl border border-slate-200 bg-white"
          aria-label={`Enlarge the picture of ${name}`}
        >
          <ProductImage
            image={image}
            alt={name}
            width={800}
            sizes="(min-width: 1152px) 542px, (min-width: 1024px) calc(50vw - 34px), calc(100vw - 34px)"
            priority
          />
        </a>
      ) : (
        <ProductImage image={undefined} alt={name} sizes="100vw" className="rounded-xl" />
      )}
      {images.length > 1 ? (
        <ul className="flex gap-2" aria-label="Pictures">
          {images.map((thumb, index) => (
            <li key={thumb.id}>
              <Link
                to={`?image=${index}`}
                replace
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault();
                  setSelected(index);
                }}
                aria-label={`Show picture ${index + 1} of ${name}`}
                aria-current={index === selected}
                className={`block w-20 overflow-hidden rounded-lg border-2 bg-white ${index === selected ? "border-brand-600" : "border-transparent hover:border-slate-300"}`}
              >
                <ProductImage image={thumb} alt="" width={200} sizes="80px" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {image && hydrated ? <ImageZoom image={image} alt={name} open={zoomed} onClose={() => setZoomed(false)} /> : null}
    </div>
  );
}
