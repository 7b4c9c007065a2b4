/**
 * Lets a script import the domain package's TypeScript sources directly: Node runs them itself (type
 * stripping), and this hook lets their `./x.js` imports find `./x.ts`. Import it before the sources
 * (the scripts import those with `await import(…)` after their static imports).
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
});
