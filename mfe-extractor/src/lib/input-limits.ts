/** docs/product.md §9: every text input is cut at 1000 characters. */
export const MAX_INPUT_LENGTH = 1000;
