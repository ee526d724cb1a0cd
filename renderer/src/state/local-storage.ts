/**
 * localStorage, or memory where storage is blocked (the web host in a sandboxed frame): what is
 * kept then lasts for the session only.
 */
const memory = new Map<string, string>();

export const safeLocalStorage = {
  getItem(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  setItem(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
  removeItem(key: string): void {
    memory.delete(key);
    try {
      localStorage.removeItem(key);
    } catch {
      // Blocked storage: the memory copy is gone, which is all there was.
    }
  },
};
