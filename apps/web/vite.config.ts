import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Hashed assets live under /assets and are served with a one-year immutable cache.
    assetsInlineLimit: 2048,
    rollupOptions: {
      output: {
        // zod and its CSP-safe configuration evaluate before any chunk that builds schemas.
        manualChunks(id) {
          if (id.includes('/node_modules/zod/') || id.endsWith('/lib/zod-jitless.ts')) return 'zod';
          return undefined;
        },
      },
    },
  },
});
