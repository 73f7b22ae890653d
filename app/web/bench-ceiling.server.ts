import type { Category, ProductDto, ProductPage } from "~/schemas/catalogue";
import { PAGE_SIZE } from "~/schemas/constants";

// The throughput benchmark's ceiling (bench/throughput.ts, docs/decisions/0028-throughput-and-http-caching.md): a
// page that renders the listing's 18 cards from memory, with the shop's layout and components and no API call of its
// own (the root loader's work, which every page pays, stays), so the benchmark can say how close the real pages come
// to what rendering costs. Its route exists only in a build made with BENCH_CEILING=1 (app/routes.ts).

const CATEGORIES: Category[] = [
  "Mice",
  "Keyboards",
  "Headsets",
  "Controllers",
  "Mousepads",
  "Chairs",
  "Monitors",
  "Streaming",
].map((name, index) => ({ id: index + 1, name }));

const BRANDS = ["Apexion", "Corvid", "Hyperlite", "Kestrel", "Lumen", "Nimbus", "Ordo", "Raptor", "Sable", "Vanta"];
const NOUNS = ["Mouse", "Keyboard", "Headset", "Controller", "Mousepad", "Chair", "Monitor", "Microphone"];
const ADJECTIVES = ["Talon", "Vortex", "Quantum", "Stealth", "Nova", "Carbon", "Pulse", "Phantom", "Apex"];

/** 18 products shaped like the API's, with one or two images each and a few out of stock, as the demo shop has. */
function products(): ProductDto[] {
  return Array.from({ length: PAGE_SIZE }, (_, index) => {
    const id = index + 1;
    const category = CATEGORIES[index % CATEGORIES.length]!;
    const imageCount = 1 + (index % 2);
    const price = 19.99 + index * 7.5;
    const inventory = index % 7 === 3 ? 0 : 5 + index * 3;
    return {
      id,
      name: `${ADJECTIVES[index % ADJECTIVES.length]} X${id} ${NOUNS[index % NOUNS.length]}`,
      brand: BRANDS[index % BRANDS.length]!,
      price,
      inventory,
      rating: { average: null, count: 0 },
      options: [],
      variants: [
        {
          id,
          sku: `P${id}`,
          price,
          compareAtPrice: null,
          inventory,
          weightGrams: null,
          position: 0,
          selectedOptions: [],
          label: "",
          imageIds: [],
        },
      ],
      description: `A ${NOUNS[index % NOUNS.length]!.toLowerCase()} built for long sessions: light, quiet and precise, with a two-year warranty.`,
      category,
      images: Array.from({ length: imageCount }, (_, n) => {
        const imageId = id * 10 + n;
        return {
          id: imageId,
          fileName: `product-${id}-${n + 1}.webp`,
          fileType: "image/webp",
          downloadUrl: `/api/v1/images/image/download/${imageId}`,
          imageUrl: `/api/v1/images/image/download/${imageId}`,
          width: 1200,
          height: 900,
          version: `v${imageId}abcdef`,
        };
      }),
    };
  });
}

let page: ProductPage | undefined;

/** The listing's first page, as /products gets it from the API (75 products, 5 pages, facets). */
export function benchCeilingPage(): ProductPage {
  page ??= {
    content: products(),
    page: 1,
    size: PAGE_SIZE,
    totalElements: 75,
    totalCapped: false,
    totalPages: 5,
    last: false,
    facets: {
      brands: BRANDS.map((name, index) => ({ name, count: 4 + (index % 5) })),
      categories: CATEGORIES.map((category, index) => ({ ...category, count: 6 + (index % 6) })),
      options: [],
    },
    facetsSampled: false,
    correctedQuery: null,
    didYouMean: null,
  };
  return page;
}

export function benchCeilingCategories(): Category[] {
  return CATEGORIES;
}
