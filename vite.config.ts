import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

const client = (file: string) => path.resolve(import.meta.dirname, 'src/client', file);

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // .vite/manifest.json: which files each document and page loads (`npm run bench` sizes them; never served).
    manifest: true,
    // Two documents: the app (index.html) and the landing page served at / to visitors without a session
    // (landing.html, decision 027).
    rollupOptions: { input: { app: client('index.html'), landing: client('landing.html') } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
