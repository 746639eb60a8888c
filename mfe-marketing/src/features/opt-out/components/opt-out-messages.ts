/** What the opt-out page's forms say about their fields. */
export const OPT_OUT_USERNAME_ERROR = 'Enter an Instagram username or a link to the profile.';
export const OPT_OUT_EMAIL_ERROR = 'Enter a valid e-mail address, or leave it empty.';
