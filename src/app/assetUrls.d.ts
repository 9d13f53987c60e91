/** Vite's `?url` imports: the module's default export is the URL the built file is served at. */
declare module '*?url' {
  const url: string;
  export default url;
}
