import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Hashed assets live under /assets and are served with a one-year immutable cache.
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // A page loads a few larger files instead of thirty small ones: on a phone network
        // each request costs a round trip (decision 033).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|cookie|set-cookie-parser|html-parse-stringify|void-elements)[\\/]/,
              priority: 30,
            },
            {
              name: 'radix',
              test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|aria-hidden|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)[\\/]/,
              priority: 20,
            },
            // What the shop chrome around every page is made of.
            {
              name: 'shell',
              test: /[\\/]app[\\/](lib|components[\\/]ui|features[\\/]shell)[\\/]/,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
