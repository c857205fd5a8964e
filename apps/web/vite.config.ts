import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { changelogPlugin } from './changelog-plugin';

export default defineConfig({
  plugins: [react(), changelogPlugin(join(import.meta.dirname, '../../changelog'))],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/telemetry': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: true },
});
