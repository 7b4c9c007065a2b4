import { z } from 'zod';

/**
 * zod compiles fast object parsers with `new Function`, after probing whether it may. The production CSP
 * (script-src 'self', no 'unsafe-eval') refuses that probe and the browser reports a violation, even
 * though zod catches it. Jitless mode skips both. It must run before any schema is built: zod decides
 * per object schema, when the schema is created, so main.tsx imports this module and only then the app.
 */
z.config({ jitless: true });
