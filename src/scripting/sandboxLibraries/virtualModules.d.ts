/** The Vite plugin's index of the sandbox's modules (vitePlugin.ts): name → its chunk. */
declare module 'virtual:wirebench-sandbox-libraries' {
  export const SANDBOX_LIBRARIES: Record<string, () => Promise<{ default: import('./catalog').SandboxLibrary }>>;
}
