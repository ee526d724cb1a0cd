import { defineConfig } from 'vite';

// The sandboxed preload cannot require our other files, so it is bundled into one CJS file.
export default defineConfig({
  build: {
    outDir: 'dist/electron/preload',
    emptyOutDir: true,
    minify: false,
    target: 'node20',
    lib: { entry: 'electron/preload/preload.ts', formats: ['cjs'], fileName: () => 'preload.js' },
    rolldownOptions: { external: ['electron'] },
  },
});
