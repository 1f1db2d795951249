// regenerator-runtime ships no types; fontkit's Indic shaper needs it as a global (fonts.server.ts).
declare module "regenerator-runtime" {
  const runtime: unknown;
  export default runtime;
}

/** jpeg-js's decoder module on its own (the package's index.d.ts types only its entry point). */
declare module "jpeg-js/lib/decoder.js" {
  export default function decode(
    jpegData: Uint8Array | ArrayBuffer,
    opts: {
      useTArray: true;
      colorTransform?: boolean;
      formatAsRGBA?: boolean;
      tolerantDecoding?: boolean;
      maxResolutionInMP?: number;
      maxMemoryUsageInMB?: number;
    },
  ): { width: number; height: number; data: Uint8Array };
}
