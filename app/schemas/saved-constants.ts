// Saved items' constants the browser needs too, without zod (docs/decisions/0047-saved-items-and-related-products.md).

/** the intents of the "Save for later" forms (cards, details) and of the Saved page */
export const SAVE_INTENT = "saved-add";
export const UNSAVE_INTENT = "saved-remove";
export const MOVE_INTENT = "saved-move";

/** the most items one account may keep saved */
export const SAVED_MAX = 100;
/** the most products "Goes well with" shows */
export const RELATED_MAX = 4;

/** Where a form for saving posts: the Saved page's action serves every page (cards, details). */
export const SAVED_PATH = "/account/saved";
