/**
 * Which CJK family a text is set in: Japanese with kana, Korean with Hangul, traditional Chinese
 * with characters written only in traditional Chinese, else simplified Chinese. One rule for the
 * documents (app/documents/fonts.server.ts, the font order) and the pages (root.tsx, which CJK
 * @font-face rules a page links).
 */
export type CjkHint = "sc" | "tc" | "jp" | "kr";

/**
 * Frequent characters written only in traditional Chinese (their simplified forms differ): a
 * text holding any of them is set in Noto Serif TC, whose glyph shapes follow Taiwan and Hong
 * Kong conventions; other Han text in SC. Both fonts have every one of these characters, so
 * the choice is about shape, never about a missing glyph.
 */
const TRADITIONAL = new Set(
  "國學會與來們為這個說時對長發開關門問間東車電話書畫語讀變點從後無實現經過還進體當應義歲萬機樣條農業報場聲標準醫藥員導師遠園團圖處雜區議論試驗設計認識質變錢鐵雲風飛龍鳥魚紅綠藍黃顏視覺親愛歷傳統臺灣專業們難題術總統際營養產環濟價數據網絡線織組級給約紀絕統線練終縣顯類響頁項順須領頭願頻題顧".split(""),
);

/** The same characters as one character class: a native scan, not a loop over a long page's text. */
const ANY_TRADITIONAL = new RegExp(`[${[...TRADITIONAL].join("")}]`, "u");

export function cjkHint(text: string): CjkHint {
  if (/[\u3040-\u30ff\u31f0-\u31ff]/.test(text)) return "jp";
  if (/[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/.test(text)) return "kr";
  return ANY_TRADITIONAL.test(text) ? "tc" : "sc";
}

