/**
 * Deterministic SVG product illustrations and hero banners for the demo catalogue.
 *
 * Everything is drawn with plain SVG shapes, gradients, clip paths and (sparingly) feGaussianBlur,
 * which librsvg (sharp) renders correctly. No text, no randomness: any variation is derived from a
 * hash of the product name (or brand), so the same catalogue always renders the same pixels.
 */
export { renderHeroSvg } from "./hero";
export { renderProductSvg } from "./product";
