/** The bundler's `?raw` imports: the module's default export is the file's text. */
declare module '*?raw' {
  const text: string;
  export default text;
}
