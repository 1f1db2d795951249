// regenerator-runtime ships no types; fontkit's Indic shaper needs it as a global (fonts.server.ts).
declare module "regenerator-runtime" {
  const runtime: unknown;
  export default runtime;
}
