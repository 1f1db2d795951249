/**
 * DOMPurify for the browser bundle only: it needs a DOM, which the Worker does not have, so the
 * server build gets `undefined` here (a `.client` module) and never carries the library.
 */
import DOMPurify from "dompurify";

export const browserPurifier = DOMPurify;
