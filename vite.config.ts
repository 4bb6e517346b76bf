import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const client = (file: string) => path.resolve(import.meta.dirname, 'src/client', file);

/**
 * Writes `.vite/chunks.json` beside the manifest: for every JavaScript chunk, the modules it holds and the length of
 * each one's code as rendered into it (minified, before compression). `scripts/bundle-report.ts` splits each chunk's
 * gzip size over its modules and packages by these lengths. Never served, like the manifest.
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules)
            .filter(([, module]) => module.renderedLength > 0)
            .map(([id, module]) => [path.relative(import.meta.dirname, id.replace(/\?.*$/, '')), module.renderedLength]),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks) });
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), chunkModules()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // .vite/manifest.json: which files each document and page loads (`npm run bench` and scripts/bundle-report.ts size
    // them; never served).
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
