import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every catalog page is rendered on the server (DESIGN.md §4).
  ssr: true,
} satisfies Config;
