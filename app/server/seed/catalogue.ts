/**
 * The deterministic demo catalogue used to seed the shop.
 *
 * Pure data: every brand is fictional, every product is invented. `kind` and `colors` drive the
 * generated product illustrations (see ./illustrations/); `addedDaysAgo` sets created_at so the
 * "newest" sort is meaningful. Descriptions avoid the characters less-than, greater-than and ampersand.
 */

export type ProductKind =
  | "mouse"
  | "keyboard"
  | "headset"
  | "controller"
  | "mousepad"
  | "chair"
  | "monitor"
  | "microphone"
  | "webcam"
  | "streamdeck"
  | "capturecard"
  | "speaker";

export interface SeedProduct {
  /** Product name without the brand, e.g. "Talon X2 Pro Wireless". */
  name: string;
  /** Fictional brand. */
  brand: string;
  /** One of seedCategories. */
  category: string;
  /** USD price in cents. */
  priceCents: number;
  /** The regular price in cents when on sale (above priceCents): the home's Today's Deals. */
  compareAtCents?: number;
  /** Units in stock, 0..150. */
  inventory: number;
  /** 1-3 sentences. */
  description: string;
  /** Drives the illustration. */
  kind: ProductKind;
  /** [body colour, accent colour] as hex. */
  colors: [string, string];
  imageCount: 1 | 2 | 3;
  /** 0..365; created_at = seed time minus this many days. */
  addedDaysAgo: number;
  /**
   * Options the product is sold with (docs/decisions/0036-product-variants.md): one variant per value, at the product's
   * price, the first keeping the product's stock figure. The end-to-end specs compute prices and stock from the fields
   * above, so a demo variant has the product's price and its first variant the product's stock.
   */
  options?: Array<{
    name: string;
    values: string[];
    /** a colour option's body colours, one per value: each value after the first gets a picture of its own */
    colors?: string[];
  }>;
  /** each variant's stock, in the values' order; the first is `inventory` */
  variantStock?: number[];
}

export const seedCategories: string[] = [
  "Mice",
  "Keyboards",
  "Headsets",
  "Controllers",
  "Mouse Pads",
  "Gaming Chairs",
  "Monitors",
  "Streaming Gear",
  "Speakers",
];

export const seedProducts: SeedProduct[] = [
  // ---------------------------------------------------------------- Mice
  {
    name: "Talon X2 Pro Wireless",
    brand: "Vantrix",
    category: "Mice",
    priceCents: 14999,
    inventory: 3,
    description:
      "A 58 g symmetrical esports mouse with a 30K DPI optical sensor and a 4000 Hz wireless dongle. Optical switches rated for 90 million clicks and up to 95 hours of battery life.",
    kind: "mouse",
    colors: ["#121419", "#39ff88"],
    imageCount: 3,
    addedDaysAgo: 6,
  },
  {
    name: "Featherstrike Ultralight",
    brand: "Kestrel Labs",
    category: "Mice",
    priceCents: 5999,
    inventory: 84,
    description:
      "Honeycomb shell, 49 g, and a flexible paracord cable that feels almost wireless. PixArt-class 26K DPI sensor with PTFE feet for a fast, even glide.",
    kind: "mouse",
    colors: ["#f2f3f5", "#ff4f7b"],
    imageCount: 2,
    addedDaysAgo: 142,
  },
  {
    name: "Raptor RGB",
    brand: "Brimstone",
    category: "Mice",
    priceCents: 3999,
    inventory: 126,
    description:
      "A wired right-handed mouse with a 12,400 DPI sensor, eight programmable buttons and three-zone RGB lighting. Textured rubber side grips keep it steady in long sessions.",
    kind: "mouse",
    colors: ["#1c1d22", "#ff6a00"],
    imageCount: 2,
    addedDaysAgo: 288,
  },
  {
    name: "Glide Air Wireless",
    brand: "Zephyrline",
    category: "Mice",
    priceCents: 8999,
    inventory: 57,
    description:
      "A 63 g wireless mouse with dual-mode 2.4 GHz and Bluetooth connectivity and USB-C fast charging. Fifteen minutes on the cable gives a full day of play.",
    kind: "mouse",
    colors: ["#e6eaf1", "#3fa9ff"],
    imageCount: 3,
    addedDaysAgo: 33,
  },
  {
    name: "Siege MMO Pro",
    brand: "Brimstone",
    category: "Mice",
    priceCents: 7999,
    inventory: 41,
    description:
      "Twelve mechanical thumb buttons arranged in a 3x4 grid for ability bars and macros. 18K DPI sensor, adjustable weight cartridge and onboard memory for five profiles.",
    kind: "mouse",
    colors: ["#24262c", "#c43bff"],
    imageCount: 2,
    addedDaysAgo: 201,
  },
  {
    name: "Harrier Pro Wireless",
    brand: "Kestrel Labs",
    category: "Mice",
    priceCents: 12999,
    inventory: 22,
    description:
      "An ergonomic right-handed shape with a deep thumb groove, 26K DPI sensor and 1 ms 2.4 GHz wireless. Weighs 74 g and charges over USB-C or the optional dock.",
    kind: "mouse",
    colors: ["#2a2f3a", "#ffd23f"],
    imageCount: 3,
    addedDaysAgo: 12,
  },
  {
    name: "Talon Mini",
    brand: "Vantrix",
    category: "Mice",
    priceCents: 4999,
    inventory: 68,
    description:
      "The Talon shape scaled down for small hands and claw grips: 115 mm long, 52 g, with an 18K DPI sensor. Lightweight braided cable and 100 percent PTFE feet.",
    kind: "mouse",
    colors: ["#d7263d", "#ffffff"],
    imageCount: 2,
    addedDaysAgo: 97,
  },
  {
    name: "Pulse Ergo RGB",
    brand: "Zephyrline",
    category: "Mice",
    priceCents: 6999,
    inventory: 90,
    description:
      "A sculpted ergonomic mouse with a soft-touch finish, underglow RGB strip and a 16K DPI sensor. The hyper-scroll wheel unlocks for fast spreadsheet and inventory scrolling.",
    kind: "mouse",
    colors: ["#15171c", "#00e5ff"],
    imageCount: 2,
    addedDaysAgo: 175,
  },
  {
    name: "Drift Ultralight Wireless",
    brand: "Kestrel Labs",
    category: "Mice",
    priceCents: 10999,
    inventory: 35,
    description:
      "A perforated 55 g wireless shell with a 2.4 GHz link, 70 hour battery and 26K DPI sensor. Comes with grip tape and a spare set of glass-smooth skates.",
    kind: "mouse",
    colors: ["#3b3f47", "#9dff00"],
    imageCount: 3,
    addedDaysAgo: 54,
  },
  {
    name: "Forge Lite",
    brand: "Ironpeak",
    category: "Mice",
    priceCents: 2499,
    inventory: 150,
    description:
      "A no-nonsense wired mouse with a 7,200 DPI sensor, six buttons and a red logo glow. Great value for a first gaming setup.",
    kind: "mouse",
    colors: ["#101216", "#ff2e2e"],
    imageCount: 1,
    addedDaysAgo: 330,
  },

  // ---------------------------------------------------------------- Keyboards
  {
    name: "Vanguard Pro Mechanical RGB",
    brand: "Ironpeak",
    category: "Keyboards",
    priceCents: 16999,
    inventory: 44,
    description:
      "Full-size mechanical keyboard with hot-swappable linear red switches, PBT double-shot keycaps and per-key RGB. Aluminium top plate, dedicated media keys and a metal volume roller.",
    kind: "keyboard",
    colors: ["#16181d", "#ff2bd6"],
    imageCount: 3,
    addedDaysAgo: 19,
  },
  {
    name: "Strata TKL Mechanical",
    brand: "Hexwright",
    category: "Keyboards",
    priceCents: 11999,
    inventory: 31,
    description:
      "A gasket-mounted tenkeyless board with pre-lubed tactile switches and cream PBT keycaps. Foam-dampened case for a deep, quiet sound.",
    kind: "keyboard",
    colors: ["#ebe6da", "#ff7a45"],
    imageCount: 2,
    addedDaysAgo: 63,
  },
  {
    name: "Strata 65 Wireless Mechanical",
    brand: "Hexwright",
    category: "Keyboards",
    priceCents: 13999,
    inventory: 27,
    description:
      "A compact 65 percent layout with arrow keys, tri-mode 2.4 GHz, Bluetooth and USB-C connectivity, and a 4000 mAh battery. Hot-swap sockets accept 3 and 5 pin switches.",
    kind: "keyboard",
    colors: ["#2c3e50", "#ffcc66"],
    imageCount: 3,
    addedDaysAgo: 8,
  },
  {
    name: "Inferno RGB Mechanical",
    brand: "Brimstone",
    category: "Keyboards",
    priceCents: 8999,
    inventory: 73,
    description:
      "Full-size keyboard with clicky blue switches, a detachable wrist rest and vivid per-key RGB effects. Anti-ghosting on all keys and a braided USB cable.",
    kind: "keyboard",
    colors: ["#1a1a1c", "#ff4500"],
    imageCount: 2,
    addedDaysAgo: 240,
  },
  {
    name: "Blitz TKL Wireless",
    brand: "Vantrix",
    category: "Keyboards",
    priceCents: 14999,
    inventory: 18,
    description:
      "A tournament-ready tenkeyless keyboard with optical switches and a 1 ms 2.4 GHz wireless link. Adjustable actuation from 0.4 to 3.6 mm.",
    kind: "keyboard",
    colors: ["#0f1115", "#39ff88"],
    imageCount: 2,
    addedDaysAgo: 41,
    options: [{ name: "Switch", values: ["Red", "Brown", "Blue"] }],
    variantStock: [18, 6, 4],
  },
  {
    name: "Quietline Low-Profile Wireless",
    brand: "Zephyrline",
    category: "Keyboards",
    priceCents: 9999,
    inventory: 62,
    description:
      "A slim full-size keyboard with low-profile silent switches and white backlighting. Pairs with three devices and runs for months on a single charge.",
    kind: "keyboard",
    colors: ["#dfe3ea", "#5b8cff"],
    imageCount: 1,
    addedDaysAgo: 120,
  },
  {
    name: "Bastion 60 Mechanical",
    brand: "Ironpeak",
    category: "Keyboards",
    priceCents: 7999,
    inventory: 55,
    description:
      "A 60 percent mechanical keyboard that frees up desk space for wide mouse swipes. Hot-swappable switches, PBT keycaps and a detachable USB-C cable.",
    kind: "keyboard",
    colors: ["#f4f4f4", "#00c2a8"],
    imageCount: 2,
    addedDaysAgo: 88,
  },
  {
    name: "Magnetar Analog TKL",
    brand: "Vantrix",
    category: "Keyboards",
    priceCents: 19999,
    inventory: 0,
    description:
      "Hall-effect magnetic switches with per-key adjustable actuation and rapid trigger for instant resets. CNC aluminium top case and an 8000 Hz polling rate.",
    kind: "keyboard",
    colors: ["#202329", "#ffd400"],
    imageCount: 3,
    addedDaysAgo: 27,
  },
  {
    name: "Ember Mini RGB",
    brand: "Brimstone",
    category: "Keyboards",
    priceCents: 5999,
    inventory: 97,
    description:
      "A 60 percent board with tactile brown switches and bright RGB. The function layer keeps arrows, media and lighting controls one keystroke away.",
    kind: "keyboard",
    colors: ["#2b1d1d", "#ff9f1c"],
    imageCount: 2,
    addedDaysAgo: 310,
  },
  {
    name: "Arcline Pro Wireless Mechanical",
    brand: "Arclight",
    category: "Keyboards",
    priceCents: 17999,
    inventory: 24,
    description:
      "A full-size wireless mechanical keyboard with linear speed switches, a multi-function dial and per-key RGB. Bluetooth and 2.4 GHz with up to 200 hours with lighting off.",
    kind: "keyboard",
    colors: ["#1e2230", "#7df9ff"],
    imageCount: 3,
    addedDaysAgo: 15,
  },

  // ---------------------------------------------------------------- Headsets
  {
    name: "Nimbus 7 Wireless",
    brand: "Quillsound",
    category: "Headsets",
    priceCents: 17999,
    inventory: 39,
    description:
      "Low-latency 2.4 GHz and Bluetooth headset with 50 mm graphene drivers and a flip-to-mute boom mic. Memory-foam ear cushions and 60 hours of battery life.",
    kind: "headset",
    colors: ["#1b1d22", "#8a7dff"],
    imageCount: 3,
    addedDaysAgo: 22,
  },
  {
    name: "Studio Reference HD",
    brand: "Quillsound",
    category: "Headsets",
    priceCents: 24999,
    inventory: 0,
    description:
      "Open-back reference headphones with 40 ohm planar drivers for a wide, natural soundstage. Velour pads and a detachable 3 m cable.",
    kind: "headset",
    colors: ["#3a3a3f", "#c9a86a"],
    imageCount: 2,
    addedDaysAgo: 260,
  },
  {
    name: "Warden Pro Wireless",
    brand: "Kestrel Labs",
    category: "Headsets",
    priceCents: 14999,
    inventory: 46,
    description:
      "A lightweight 290 g wireless headset with spatial audio, a detachable super-cardioid mic and hot-swappable batteries. Aluminium forks and a suspension headband.",
    kind: "headset",
    colors: ["#111316", "#ffd23f"],
    imageCount: 3,
    addedDaysAgo: 49,
  },
  {
    name: "Echo RGB",
    brand: "Tidewell",
    category: "Headsets",
    priceCents: 5999,
    inventory: 112,
    description:
      "A wired USB headset with 7.1 virtual surround, 50 mm drivers and RGB ear cups. The noise-cancelling mic bends into place and mutes with a tap.",
    kind: "headset",
    colors: ["#1e1e21", "#00e0ff"],
    imageCount: 2,
    addedDaysAgo: 199,
  },
  {
    name: "Stormcall 7.1 Surround",
    brand: "Stratos Gear",
    category: "Headsets",
    priceCents: 8999,
    inventory: 58,
    description:
      "Virtual 7.1 surround sound tuned for footstep clarity, with 53 mm drivers and cooling gel cushions. Works with PC, console and mobile over USB-C or 3.5 mm.",
    kind: "headset",
    colors: ["#2a2d34", "#ff3b3b"],
    imageCount: 2,
    addedDaysAgo: 133,
  },
  {
    name: "Cloudline Lite",
    brand: "Zephyrline",
    category: "Headsets",
    priceCents: 3999,
    inventory: 140,
    description:
      "A comfortable entry-level headset with 40 mm drivers, a 3.5 mm jack and an inline volume wheel. Only 240 g with a self-adjusting band.",
    kind: "headset",
    colors: ["#f1f3f6", "#5b8cff"],
    imageCount: 1,
    addedDaysAgo: 355,
  },
  {
    name: "Tidal Pro Wireless",
    brand: "Tidewell",
    category: "Headsets",
    priceCents: 12999,
    inventory: 33,
    description:
      "Active noise cancellation, dual wireless for console and phone at once, and a retractable mic. 50 mm neodymium drivers and 45 hours of playtime.",
    kind: "headset",
    colors: ["#14324a", "#4de3c1"],
    imageCount: 3,
    addedDaysAgo: 70,
  },
  {
    name: "Skyhook Wireless",
    brand: "Stratos Gear",
    category: "Headsets",
    priceCents: 9999,
    inventory: 64,
    description:
      "A 2.4 GHz wireless headset with 30 hour battery, swivel-to-mute mic and breathable fabric cushions. Plug-and-play USB dongle for PC and console.",
    kind: "headset",
    colors: ["#ececec", "#ff6b00"],
    imageCount: 2,
    addedDaysAgo: 101,
  },
  {
    name: "Resonance Pro",
    brand: "Arclight",
    category: "Headsets",
    priceCents: 11999,
    inventory: 5,
    description:
      "Hi-Res certified wired headset with a USB DAC, 10-band EQ software and a broadcast-grade detachable mic. Steel frame with leatherette cushions.",
    kind: "headset",
    colors: ["#202022", "#b967ff"],
    imageCount: 2,
    addedDaysAgo: 164,
  },

  // ---------------------------------------------------------------- Controllers
  {
    name: "Vector Pro Wireless Controller",
    brand: "Stratos Gear",
    category: "Controllers",
    priceCents: 14999,
    inventory: 29,
    description:
      "A pro controller with Hall-effect sticks, four remappable back paddles and trigger stops. Low-latency 2.4 GHz wireless and 40 hours of battery.",
    kind: "controller",
    colors: ["#1a1c20", "#00e5ff"],
    imageCount: 3,
    addedDaysAgo: 10,
  },
  {
    name: "Vector Lite Controller",
    brand: "Stratos Gear",
    category: "Controllers",
    priceCents: 4999,
    inventory: 118,
    description:
      "A wired USB-C controller with a familiar layout, dual rumble motors and a 3 m detachable cable. Works on PC and console out of the box.",
    kind: "controller",
    colors: ["#f5f5f7", "#2f80ed"],
    imageCount: 2,
    addedDaysAgo: 215,
  },
  {
    name: "Titan Elite Wireless",
    brand: "Ironpeak",
    category: "Controllers",
    priceCents: 17999,
    inventory: 4,
    description:
      "Interchangeable thumbsticks and D-pads, adjustable stick tension and a charging dock in the box. Rubberised grips and 50 hour battery life.",
    kind: "controller",
    colors: ["#222428", "#e63946"],
    imageCount: 3,
    addedDaysAgo: 36,
  },
  {
    name: "Nomad Wireless Controller",
    brand: "Zephyrline",
    category: "Controllers",
    priceCents: 5999,
    inventory: 76,
    description:
      "A Bluetooth controller with a phone clip, motion controls and turbo buttons. Pairs with PC, handhelds and mobile devices.",
    kind: "controller",
    colors: ["#3d5afe", "#ffffff"],
    imageCount: 2,
    addedDaysAgo: 150,
  },
  {
    name: "Phantom Hall Effect Controller",
    brand: "Ironpeak",
    category: "Controllers",
    priceCents: 8999,
    inventory: 51,
    description:
      "Drift-free Hall-effect sticks and triggers, RGB accent lighting and two rear buttons. Tri-mode connectivity with a 1000 Hz polling rate when wired.",
    kind: "controller",
    colors: ["#121214", "#a0ff2e"],
    imageCount: 2,
    addedDaysAgo: 58,
  },
  {
    name: "Retro Pad Wireless",
    brand: "Stratos Gear",
    category: "Controllers",
    priceCents: 3499,
    inventory: 93,
    description:
      "A classic-styled pad with a crisp eight-way D-pad for fighting games and platformers. Bluetooth or USB-C with 20 hours of battery.",
    kind: "controller",
    colors: ["#d9d4c7", "#7b2cbf"],
    imageCount: 1,
    addedDaysAgo: 276,
  },
  {
    name: "Arcadia Pro Controller",
    brand: "Arclight",
    category: "Controllers",
    priceCents: 11999,
    inventory: 38,
    description:
      "Asymmetric stick layout, mechanical face buttons and hair-trigger locks. Includes a hard carry case and a 3 m braided cable.",
    kind: "controller",
    colors: ["#0e1a2b", "#ff8c00"],
    imageCount: 3,
    addedDaysAgo: 92,
  },
  {
    name: "Raider Wired Controller",
    brand: "Brimstone",
    category: "Controllers",
    priceCents: 2999,
    inventory: 134,
    description:
      "An affordable wired controller with dual vibration, a 3.5 mm headset jack and a 2.5 m cable. Plug-and-play on Windows.",
    kind: "controller",
    colors: ["#1c1c1e", "#ff4500"],
    imageCount: 1,
    addedDaysAgo: 344,
  },

  // ---------------------------------------------------------------- Mouse Pads
  {
    name: "Glidepad XL Control",
    brand: "Kestrel Labs",
    category: "Mouse Pads",
    priceCents: 3499,
    inventory: 88,
    description:
      "A 900 x 400 mm control-surface cloth pad with stitched edges and a non-slip natural rubber base. The tight weave adds stopping power for precise flicks.",
    kind: "mousepad",
    colors: ["#1b1e24", "#ff4f7b"],
    imageCount: 2,
    addedDaysAgo: 112,
  },
  {
    name: "Hyperflow Speed",
    brand: "Vantrix",
    category: "Mouse Pads",
    priceCents: 2999,
    inventory: 105,
    description:
      "A 490 x 420 mm speed cloth with a smooth coated surface for fast, low-friction tracking. 4 mm thick with heat-pressed edges.",
    kind: "mousepad",
    colors: ["#0d0f13", "#39ff88"],
    imageCount: 2,
    addedDaysAgo: 47,
  },
  {
    name: "Inferno XL RGB Desk Mat",
    brand: "Brimstone",
    category: "Mouse Pads",
    priceCents: 4999,
    inventory: 61,
    description:
      "An extended desk mat with a 14-zone RGB border and a USB passthrough port. Large enough for a full-size keyboard and a wide mouse swipe.",
    kind: "mousepad",
    colors: ["#151517", "#ff4500"],
    imageCount: 3,
    addedDaysAgo: 188,
  },
  {
    name: "Topo Extended Desk Mat",
    brand: "Onyxa",
    category: "Mouse Pads",
    priceCents: 3999,
    inventory: 47,
    description:
      "A 900 x 400 mm desk mat printed with a topographic map pattern. Water-resistant coating and anti-fray stitching.",
    kind: "mousepad",
    colors: ["#2d3a34", "#c7f464"],
    imageCount: 2,
    addedDaysAgo: 73,
  },
  {
    name: "Crystal Glass Pro",
    brand: "Onyxa",
    category: "Mouse Pads",
    priceCents: 7999,
    inventory: 2,
    description:
      "A tempered glass mouse pad with an etched micro-texture for extremely fast and consistent glide. Scratch-resistant and easy to clean.",
    kind: "mousepad",
    colors: ["#202833", "#6ce5ff"],
    imageCount: 3,
    addedDaysAgo: 3,
  },
  {
    name: "Basecamp Cloth Large",
    brand: "Zephyrline",
    category: "Mouse Pads",
    priceCents: 1499,
    inventory: 147,
    description:
      "A dependable 450 x 400 mm cloth pad with a balanced surface and a grippy rubber base. Machine washable.",
    kind: "mousepad",
    colors: ["#232326", "#5b8cff"],
    imageCount: 1,
    addedDaysAgo: 299,
    options: [{ name: "Size", values: ["Large", "Extended"] }],
    variantStock: [147, 40],
  },
  {
    name: "Aurora RGB Extended",
    brand: "Lumora",
    category: "Mouse Pads",
    priceCents: 4499,
    inventory: 70,
    description:
      "An extended RGB mat with a soft micro-weave surface and ten lighting modes. Controls sit on a low-profile corner hub.",
    kind: "mousepad",
    colors: ["#15121f", "#b967ff"],
    imageCount: 2,
    addedDaysAgo: 156,
  },

  // ---------------------------------------------------------------- Gaming Chairs
  {
    name: "Throne GT Racing Chair",
    brand: "Aurelo",
    category: "Gaming Chairs",
    priceCents: 34999,
    inventory: 21,
    description:
      "A racing-style chair with PU leather, cold-cure foam, 4D armrests and a 165 degree recline. Supports up to 150 kg with a class 4 gas lift.",
    kind: "chair",
    colors: ["#17181c", "#e63946"],
    imageCount: 3,
    addedDaysAgo: 30,
  },
  {
    name: "Throne XL Fabric Edition",
    brand: "Aurelo",
    category: "Gaming Chairs",
    priceCents: 39999,
    inventory: 1,
    description:
      "The big-and-tall Throne in breathable woven fabric with a wider seat base and magnetic memory-foam head pillow. Rated for 180 kg.",
    kind: "chair",
    colors: ["#4a4f57", "#ffb703"],
    imageCount: 2,
    addedDaysAgo: 66,
  },
  {
    name: "Summit Ergo Pro",
    brand: "Ironpeak",
    category: "Gaming Chairs",
    priceCents: 44999,
    inventory: 14,
    description:
      "An ergonomic gaming chair with adjustable lumbar support, synchro-tilt mechanism and an aluminium five-star base. Ships 90 percent assembled.",
    kind: "chair",
    colors: ["#23262d", "#00b4d8"],
    imageCount: 3,
    addedDaysAgo: 18,
  },
  {
    name: "Velocity Racer",
    brand: "Onyxa",
    category: "Gaming Chairs",
    priceCents: 24999,
    inventory: 37,
    description:
      "A classic bucket-seat racer with lumbar and neck pillows, 2D armrests and a 155 degree recline. Easy to assemble in under 20 minutes.",
    kind: "chair",
    colors: ["#1b1b1d", "#f2f2f2"],
    imageCount: 2,
    addedDaysAgo: 230,
  },
  {
    name: "Nova Lite Chair",
    brand: "Aurelo",
    category: "Gaming Chairs",
    priceCents: 19999,
    inventory: 52,
    description:
      "A compact gaming chair for smaller frames and desks, in easy-clean white PU with pink accents. 130 degree recline and padded armrests.",
    kind: "chair",
    colors: ["#f0f0f2", "#ff6392"],
    imageCount: 2,
    addedDaysAgo: 128,
  },
  {
    name: "Monolith Executive Chair",
    brand: "Onyxa",
    category: "Gaming Chairs",
    priceCents: 52999,
    inventory: 0,
    description:
      "Top-grain leather, a pocket-spring seat and brushed metal details for a boardroom look. Integrated adjustable lumbar and a lockable tilt.",
    kind: "chair",
    colors: ["#2b2118", "#c9a86a"],
    imageCount: 3,
    addedDaysAgo: 205,
  },

  // ---------------------------------------------------------------- Monitors
  {
    name: "Horizon 27 QHD 240Hz",
    brand: "Novaforge",
    category: "Monitors",
    priceCents: 42999,
    inventory: 26,
    description:
      "A 27 inch 2560 x 1440 Fast IPS panel with 240 Hz refresh, 1 ms response and HDR400. Height, tilt and swivel adjustable stand.",
    kind: "monitor",
    colors: ["#15171b", "#ff2e63"],
    imageCount: 3,
    addedDaysAgo: 14,
  },
  {
    name: "Horizon 24 FHD 180Hz",
    brand: "Novaforge",
    category: "Monitors",
    priceCents: 17999,
    inventory: 82,
    description:
      "A 24 inch 1080p IPS monitor at 180 Hz with adaptive sync and slim three-side bezels. Ideal for esports titles and dual-screen setups.",
    kind: "monitor",
    colors: ["#1d1f24", "#08d9d6"],
    imageCount: 2,
    addedDaysAgo: 190,
  },
  {
    name: "Spectra 34 Curved Ultrawide",
    brand: "Arclight",
    category: "Monitors",
    priceCents: 59999,
    inventory: 12,
    description:
      "A 34 inch 3440 x 1440 curved VA panel with a 1500R curve and 165 Hz refresh. Built-in KVM switch and 90 W USB-C power delivery.",
    kind: "monitor",
    colors: ["#202227", "#7df9ff"],
    imageCount: 3,
    addedDaysAgo: 52,
  },
  {
    name: "Spectra 27 OLED 360Hz",
    brand: "Arclight",
    category: "Monitors",
    priceCents: 89999,
    inventory: 0,
    description:
      "A 27 inch QD-OLED panel at 360 Hz with 0.03 ms response and true blacks. Custom heatsink and a three-year burn-in warranty.",
    kind: "monitor",
    colors: ["#2a2c31", "#b967ff"],
    imageCount: 2,
    addedDaysAgo: 1,
  },
  {
    name: "Eclipse 32 4K 144Hz",
    brand: "Onyxa",
    category: "Monitors",
    priceCents: 64999,
    inventory: 19,
    description:
      "A 32 inch 4K IPS monitor at 144 Hz with HDMI 2.1 for full-speed console play. 98 percent DCI-P3 colour and a matte anti-glare finish.",
    kind: "monitor",
    colors: ["#e7e9ee", "#ff7a00"],
    imageCount: 2,
    addedDaysAgo: 80,
  },
  {
    name: "Eclipse 49 Super Ultrawide",
    brand: "Onyxa",
    category: "Monitors",
    priceCents: 109999,
    inventory: 2,
    description:
      "A 49 inch 5120 x 1440 curved display, the width of two 27 inch QHD screens side by side. 240 Hz refresh and picture-by-picture for two PCs.",
    kind: "monitor",
    colors: ["#18191d", "#00f5d4"],
    imageCount: 3,
    addedDaysAgo: 39,
  },
  {
    name: "Sprint 25 FHD 280Hz",
    brand: "Vantrix",
    category: "Monitors",
    priceCents: 24999,
    inventory: 43,
    description:
      "A 24.5 inch esports monitor with 280 Hz refresh, motion blur reduction and a compact stand footprint. Tuned colour presets for competitive shooters.",
    kind: "monitor",
    colors: ["#111214", "#39ff88"],
    imageCount: 2,
    addedDaysAgo: 246,
  },

  // ---------------------------------------------------------------- Streaming Gear
  {
    name: "Beacon USB Condenser Microphone",
    brand: "Quillsound",
    category: "Streaming Gear",
    priceCents: 12999,
    inventory: 48,
    description:
      "A 24-bit, 96 kHz USB condenser mic with cardioid, omni and stereo patterns. Tap-to-mute with an LED ring and zero-latency headphone monitoring.",
    kind: "microphone",
    colors: ["#1d1f25", "#ff3b5c"],
    imageCount: 3,
    addedDaysAgo: 24,
  },
  {
    name: "Beacon Mini USB Microphone",
    brand: "Quillsound",
    category: "Streaming Gear",
    priceCents: 5999,
    inventory: 99,
    description:
      "A compact plug-and-play USB mic for streaming and calls, with a built-in pop filter and adjustable desk stand.",
    kind: "microphone",
    colors: ["#f2f2f4", "#ff3b5c"],
    imageCount: 2,
    addedDaysAgo: 170,
  },
  {
    name: "Orator Pro Dynamic Microphone",
    brand: "Lumora",
    category: "Streaming Gear",
    priceCents: 16999,
    inventory: 23,
    description:
      "A broadcast dynamic microphone with both XLR and USB-C outputs and an internal shock mount. Rejects keyboard noise and room echo.",
    kind: "microphone",
    colors: ["#2a2a2e", "#00e5ff"],
    imageCount: 2,
    addedDaysAgo: 61,
  },
  {
    name: "Halo RGB Streaming Microphone",
    brand: "Tidewell",
    category: "Streaming Gear",
    priceCents: 8999,
    inventory: 66,
    description:
      "A USB condenser mic with a reactive RGB halo, touch mute and a gain knob. Includes a desk stand and a boom-arm adapter.",
    kind: "microphone",
    colors: ["#141418", "#b967ff"],
    imageCount: 2,
    addedDaysAgo: 118,
  },
  {
    name: "Clarity 4K Webcam",
    brand: "Novaforge",
    category: "Streaming Gear",
    priceCents: 19999,
    inventory: 34,
    description:
      "A 4K30 and 1080p60 webcam with a large Sony-class sensor, HDR and auto-framing. Dual noise-reducing microphones and a privacy shutter.",
    kind: "webcam",
    colors: ["#1c1e22", "#4cc9f0"],
    imageCount: 3,
    addedDaysAgo: 44,
  },
  {
    name: "Clarity 1080p Webcam",
    brand: "Novaforge",
    category: "Streaming Gear",
    priceCents: 6999,
    inventory: 121,
    description:
      "A 1080p60 webcam with a glass lens, autofocus and automatic light correction. Universal monitor clip with tripod thread.",
    kind: "webcam",
    colors: ["#2b2d31", "#4cc9f0"],
    imageCount: 1,
    addedDaysAgo: 222,
  },
  {
    name: "Spotlight Pro Webcam",
    brand: "Lumora",
    category: "Streaming Gear",
    priceCents: 14999,
    inventory: 17,
    description:
      "A streaming webcam with an f/2.0 lens, 90 degree field of view and onboard colour presets. Shoots 1080p at 60 fps in low light.",
    kind: "webcam",
    colors: ["#ececef", "#ff6392"],
    imageCount: 2,
    addedDaysAgo: 95,
  },
  {
    name: "Command Deck 15",
    brand: "Hexwright",
    category: "Streaming Gear",
    priceCents: 14999,
    inventory: 42,
    description:
      "Fifteen customisable LCD keys to switch scenes, launch media and trigger macros with one touch. Detachable stand and USB-C.",
    kind: "streamdeck",
    colors: ["#121317", "#8a7dff"],
    imageCount: 3,
    addedDaysAgo: 21,
  },
  {
    name: "Command Deck Mini",
    brand: "Hexwright",
    category: "Streaming Gear",
    priceCents: 7999,
    compareAtCents: 9999,
    inventory: 87,
    description:
      "Six LCD keys in a palm-sized body for essential stream actions. Works with popular streaming apps through free plugins.",
    kind: "streamdeck",
    colors: ["#1a1b1f", "#00e5ff"],
    imageCount: 2,
    addedDaysAgo: 140,
  },
  {
    name: "Command Deck XL",
    brand: "Hexwright",
    category: "Streaming Gear",
    priceCents: 24999,
    inventory: 0,
    description:
      "Thirty-two LCD keys with multi-page folders for full control of complex productions. Magnetic stand with two viewing angles.",
    kind: "streamdeck",
    colors: ["#0e0f12", "#ff9f1c"],
    imageCount: 2,
    addedDaysAgo: 76,
  },
  {
    name: "Relay 4K60 Pro Capture Card",
    brand: "Novaforge",
    category: "Streaming Gear",
    priceCents: 22999,
    inventory: 5,
    description:
      "Capture 4K60 HDR10 gameplay with ultra-low-latency 4K144 passthrough over USB 3.2. Works with major streaming software without drivers.",
    kind: "capturecard",
    colors: ["#16181c", "#7df9ff"],
    imageCount: 3,
    addedDaysAgo: 11,
  },
  {
    name: "Relay HD60 Capture Card",
    brand: "Novaforge",
    category: "Streaming Gear",
    priceCents: 12999,
    compareAtCents: 15999,
    inventory: 71,
    description:
      "Record and stream 1080p60 console gameplay with instant passthrough. Includes a USB-C cable and an HDMI cable.",
    kind: "capturecard",
    colors: ["#1f2125", "#ff2e63"],
    imageCount: 2,
    addedDaysAgo: 160,
  },
  {
    name: "Streamline Pro Capture",
    brand: "Lumora",
    category: "Streaming Gear",
    priceCents: 16999,
    compareAtCents: 21999,
    inventory: 28,
    description:
      "A portable 4K30 capture box with party chat mixing and standalone recording to microSD. Runs on USB power alone.",
    kind: "capturecard",
    colors: ["#e6e8ec", "#b967ff"],
    imageCount: 2,
    addedDaysAgo: 84,
  },

  // ---------------------------------------------------------------- Speakers
  {
    name: "Resonate 2.0 RGB Speakers",
    brand: "Tidewell",
    category: "Speakers",
    priceCents: 7999,
    compareAtCents: 8999,
    inventory: 54,
    description:
      "A pair of desktop speakers with 3 inch full-range drivers, reactive RGB rings and Bluetooth 5.3. A front volume knob and headphone jack sit on the right speaker.",
    kind: "speaker",
    colors: ["#141518", "#00e0ff"],
    imageCount: 2,
    addedDaysAgo: 109,
  },
  {
    name: "Resonate 2.1 Speaker System",
    brand: "Tidewell",
    category: "Speakers",
    priceCents: 14999,
    inventory: 30,
    description:
      "Two satellites and a 6.5 inch down-firing subwoofer with 160 W peak power. Optical, USB and Bluetooth inputs for PC and console.",
    kind: "speaker",
    colors: ["#1f2025", "#ff4500"],
    imageCount: 3,
    addedDaysAgo: 57,
  },
  {
    name: "Monitor Studio 5 Speakers",
    brand: "Quillsound",
    category: "Speakers",
    priceCents: 19999,
    inventory: 16,
    description:
      "Active studio monitors with 5 inch woven woofers and silk-dome tweeters for an accurate, flat response. Balanced and RCA inputs.",
    kind: "speaker",
    colors: ["#eae6df", "#c9a86a"],
    imageCount: 2,
    addedDaysAgo: 235,
  },
  {
    name: "Pulse Mini Desktop Speakers",
    brand: "Arclight",
    category: "Speakers",
    priceCents: 4999,
    inventory: 108,
    description:
      "Compact USB-powered speakers with 2 inch drivers and a passive bass radiator. Small enough to sit either side of a laptop.",
    kind: "speaker",
    colors: ["#2b2d33", "#b967ff"],
    imageCount: 1,
    addedDaysAgo: 318,
  },
  {
    name: "Thunder 2.1 Wireless Speakers",
    brand: "Aurelo",
    category: "Speakers",
    priceCents: 12999,
    inventory: 45,
    description:
      "A 2.1 system with Bluetooth and 2.4 GHz wireless satellites, a wooden-cabinet subwoofer and a desktop control puck. 120 W total output.",
    kind: "speaker",
    colors: ["#1a1a1c", "#ffd23f"],
    imageCount: 2,
    addedDaysAgo: 181,
  },
  // ---------------------------------------------------------------- added later, so the products above keep their ids
  {
    name: "Comet Shell",
    brand: "Vantrix",
    category: "Mice",
    priceCents: 5499,
    inventory: 40,
    description:
      "A mid-size symmetrical mouse with a 26K DPI optical sensor, PTFE feet and a matte shell. Sold in three shell colours.",
    kind: "mouse",
    colors: ["#f2f3f5", "#3fa9ff"],
    imageCount: 1,
    addedDaysAgo: 9,
    options: [{ name: "Colour", values: ["White", "Black", "Pink"], colors: ["#f2f3f5", "#1a1b1f", "#ff8fb1"] }],
    variantStock: [40, 35, 12],
  },
];
