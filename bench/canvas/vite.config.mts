import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'bench/canvas',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../../dist/bench-canvas',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: 'bench/canvas/bare.html' },
  },
});
