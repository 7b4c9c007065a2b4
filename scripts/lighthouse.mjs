#!/usr/bin/env node
/**
 * `pnpm lighthouse`: starts the built app (apps/api/dist/main.js serving apps/web/dist) with a fresh
 * data directory and prints the first load of the landing, login and dashboard pages: scripts and
 * stylesheets (requests, bytes on the wire and decoded) and Lighthouse's desktop performance score.
 * Flags: --json prints the results as JSON after the table; --files lists each page's scripts.
 */
import { startBuiltApp } from './lib/built-app.mjs';
import { benchFirstLoad, printFirstLoad } from './lib/first-load-bench.mjs';

let server;
try {
  server = await startBuiltApp({ prefix: 'propertydna-lighthouse-' });
  const results = await benchFirstLoad(server.baseUrl);
  printFirstLoad(results);
  if (process.argv.includes('--files')) {
    for (const { name, assets } of results) {
      console.log(`\n${name}:`);
      for (const file of [...assets.js.files, ...assets.css.files])
        console.log(
          `  ${file.path}  ${file.encoding}  ${file.wire} B on the wire, ${file.decoded} B decoded`,
        );
    }
  }
  if (process.argv.includes('--json')) console.log(`\n${JSON.stringify(results, null, 2)}`);
} catch (error) {
  console.error(`lighthouse: ${error.message}`);
  if (error.output) console.error(`--- server output ---\n${error.output}--- end ---`);
  process.exitCode = 1;
} finally {
  await server?.stop();
}
