// citeproc-js ships no types; the CSL oracle test (test/e2e/citations-csl.test.ts) uses a few calls.
declare module "citeproc";
// citation-js ships no types; the export round-trip test (test/e2e/citation-exports.test.ts) uses plugins.input.chain.
declare module "@citation-js/core";
declare module "@citation-js/plugin-ris";
declare module "@citation-js/plugin-bibtex";
// jpeg-js's encoder module (its index.d.ts types only the entry point): the preview test makes a JPEG logo with it.
declare module "jpeg-js/lib/encoder.js" {
  export default function encode(img: { width: number; height: number; data: Uint8Array }, quality?: number): { data: Uint8Array };
}
