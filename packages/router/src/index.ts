/**
 * The router API the remotes (and the shared web-data components) use, and only that. The shell
 * provides this module as a federation singleton, built against its own react-router, so a remote's
 * links and hooks read the shell's router context. Sharing `react-router` itself would load the
 * whole package (53 KB brotli) on every first visit; through this module the shell's build keeps
 * only what the shell and this list use. A remote imports router code from here, never from
 * `react-router` or `react-router-dom` (its own copy would miss the shell's router context); tests
 * and dev harnesses may mount their own router from `react-router-dom`, the entry this module
 * re-exports (under Node, `react-router` resolves to a second, CommonJS copy).
 */
export { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
