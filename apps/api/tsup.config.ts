import { defineConfig } from 'tsup';

// The API ships as one ESM bundle per entry. Workspace packages (TypeScript source) are bundled in;
// third-party packages stay external and are resolved from node_modules at run time.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'create-staff-cli': 'src/create-staff-cli.ts',
    'import-register-cli': 'src/modules/registers/import-register-cli.ts',
    // Loaded by path into the reader's worker thread (modules/extraction/reader/render-pool.ts).
    'reader-render-worker': 'src/modules/extraction/reader/render-worker.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  noExternal: ['@propertydna/domain'],
});
