import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// What the shop chrome around every page is made of, less the parts built on Radix (dialogs,
// menus), which pages load when they are opened (decision 033).
const shellModule = /[\\/]app[\\/](lib|components[\\/]ui|features[\\/]shell)[\\/]/;
const loadedOnOpen = /[\\/](modal|confirm-dialog|user-menu)\.tsx$/;

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
              name: 'shell',
              test: (id) => shellModule.test(id) && !loadedOnOpen.test(id),
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
