import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Parallel test runs build into their own folders; the server reads the same variable via config.ts.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
