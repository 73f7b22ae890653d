// The layer rules: which folder may import which (docs/decisions/0009-layers.md).
export const layerRules = [];
