import { ApiClient, type PreloadApi } from './client';
import { ipcTransport, webSocketTransport } from './transports';

declare global {
  interface Window {
    trellis?: PreloadApi;
  }
}

function tokenFromUrl(): string {
  const token = new URLSearchParams(window.location.search).get('token');
  if (token) {
    sessionStorage.setItem('trellis-token', token);
    // Keep the token out of the address bar and history once it has been used.
    window.history.replaceState(null, '', window.location.pathname);
    return token;
  }
  return sessionStorage.getItem('trellis-token') ?? '';
}

function createApi(): ApiClient {
  if (window.trellis) return new ApiClient(ipcTransport(window.trellis));
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const token = encodeURIComponent(tokenFromUrl());
  return new ApiClient(webSocketTransport(`${scheme}://${window.location.host}/api?token=${token}`));
}

/** The one backend connection of this window. */
export const api = createApi();
