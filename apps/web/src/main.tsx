/**
 * The entry: configures zod (jitless, see lib/zod-config) and only then loads the app. A dynamic
 * import, because the bundler evaluates a chunk's static imports (the domain's schemas among them)
 * before the chunk's own code: a static import order cannot put the configuration first.
 *
 * Signed in, the session lookup (and on the dashboard its code) starts here too, alongside the app's
 * chunks rather than after them (see lib/early-start).
 */
import './lib/zod-config';
import { startEarly } from './lib/early-start';

startEarly(window.location.pathname, () => import('./routes/_authenticated/-components/dashboard-page'));
void import('./app');
