/** Small display helpers shared by pages and documents (no server-only code). */

/** WhatsApp click-to-chat link with a prefilled message. */
export function whatsappLink(number: string, message: string): string {
  const digits = number.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

export function enquiryText(siteName: string): string {
  return `Hello, I have an enquiry about ${siteName}.`;
}

/** The spec stores the impact factor with a 15-character prefix that the display drops. */
export function displayImpactFactor(stored: string): string {
  return stored.length > 15 ? stored.slice(15) : stored;
}

export function pad(n: number | string, width: number): string {
  return String(n).padStart(width, "0");
}
