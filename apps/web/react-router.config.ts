import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every catalog page is rendered on the server, so it can be indexed and paints before JavaScript.
  ssr: true,
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
