import '../styles.css';

/** Mounted by the shell around the public pages (landing, terms, privacy policy). */
export { CookieBanner as default } from '../features/cookie-consent/components/cookie-banner.tsx';
