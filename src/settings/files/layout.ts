/** The table shows a visible limit of 10 rows (spec §2, §9). */
export const VISIBLE_ROWS = 10;
export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 36;
export const TABLE_VIEWPORT_HEIGHT = HEADER_HEIGHT + VISIBLE_ROWS * ROW_HEIGHT;
/** The scroll box's border (top and bottom): its outer height adds it, so no row is clipped. */
const TABLE_BORDER_PX = 1;
export const TABLE_BOX_HEIGHT = TABLE_VIEWPORT_HEIGHT + 2 * TABLE_BORDER_PX;
/**
 * The next page is asked for when the last rendered row is this close to the last loaded one: three
 * screens ahead, so at a steady scroll the page is in before the owner reaches the end.
 */
export const PREFETCH_ROWS = 3 * VISIBLE_ROWS;
