import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from './backend/hosting/csp';

/**
 * The page carries the same policy the shells send as a header (one definition, in
 * backend/hosting/csp.ts), so it also holds where no header is sent. `frame-ancestors`
 * only works as a header and browsers warn about it in a meta element.
 */
const contentSecurityPolicy: Plugin = {
  name: 'trellis-content-security-policy',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: {
        'http-equiv': 'Content-Security-Policy',
        content: CONTENT_SECURITY_POLICY.split('; ')
          .filter((directive) => !directive.startsWith('frame-ancestors'))
          .join('; '),
      },
      injectTo: 'head-prepend',
    },
  ],
};

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), contentSecurityPolicy],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2048,
  },
});
