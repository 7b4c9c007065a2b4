import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkMap } from './chunk-map.ts';
import { dashboardChunkGroup } from './dashboard-chunk.ts';
import { precompress } from './precompress.ts';
import { preloadApp } from './preload-app.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  // The router plugin must come before the React plugin: it generates src/routeTree.gen.ts.
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: true,
      // Each route's component is its own chunk, loaded when the route is first visited.
      autoCodeSplitting: true,
    }),
    react(),
    // index.html names the app's chunks and stylesheet, which main.tsx loads only once zod is set up.
    preloadApp('src/app.tsx'),
    // dist/.vite/chunks.json: the modules in each chunk (read by the first-load browser test).
    chunkMap(),
    // dist gets a .br and a .gz beside each text file, for the server to send as they are.
    precompress(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
      '/trpc': { target: apiTarget },
      '/storage': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each source module (a route's split component among them) to its
    // chunk: the first-load browser test reads it to tell which chunks belong to which page.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries every page runs get chunks of their own, whose names (and cache) survive a change
        // to the app's code. The rest (Mantine's components, the domain, the pages) is split by the
        // pages that use it, so a page loads only what it renders.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'router',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
              priority: 2,
            },
            {
              name: 'query',
              test: /[\\/]node_modules[\\/](@tanstack[\\/](react-query|query-core)|@trpc[\\/][^\\/]+)[\\/]/,
              priority: 1,
            },
            // The signed-in home: app shell and dashboard in three chunks instead of ~50 (see the file).
            dashboardChunkGroup({
              root: import.meta.dirname,
              dashboardModules: [
                'src/routes/_authenticated.tsx',
                'src/routes/_authenticated/app/index.tsx',
                'src/routes/_authenticated/app/dashboard.tsx',
                'src/routes/_authenticated/dashboard.tsx',
              ],
              landingModules: ['src/app.tsx', 'src/routes/index.tsx'],
              loginModules: ['src/app.tsx', 'src/routes/login.tsx'],
              signedInModules: ['src/components/not-found-page.tsx'],
            }),
          ],
        },
      },
    },
  },
});
