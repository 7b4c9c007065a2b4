/**
 * The entry: configures zod (jitless, see lib/zod-config) and only then loads the app. A dynamic
 * import, because the bundler evaluates a chunk's static imports (the domain's schemas among them)
 * before the chunk's own code: a static import order cannot put the configuration first.
 */
import './lib/zod-config';

void import('./app');
