/** The database remote calls the app's own API the way the shell does: same origin, session cookie. */
export { AccountApiError as ApiError, requestJson as apiRequest } from '@prospector/auth-client/react';
