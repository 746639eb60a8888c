/** What the discovery endpoints tell users (docs/product.md "Validation rules" and "error catalogue"). */
export const DISCOVERY_MESSAGES = {
  keywordRequired: 'Please enter a keyword',
  keywordTooLong: 'Keywords can be at most 100 characters',
  usernameRequired: 'Please enter an Instagram username',
  usernameInvalid: 'Please enter a valid Instagram username',
  searchFailed: 'Failed to search for users',
  similarFailed: 'Failed to find similar accounts. Please try again.',
  tooManySearches: 'Too many searches. Please wait a minute and try again.',
  searchUnsupported: "Keyword search isn't available with the current data provider.",
  similarUnsupported: "Similar accounts aren't available with the current data provider.",
  pictureNotFound: 'Picture not found',
  pictureHostRefused: "This picture's host is not allowed",
  pictureTooLarge: 'The picture is too large',
  pictureNotAnImage: 'The picture is not an image',
  pictureFailed: 'The picture could not be loaded',
} as const;
