// Text for the built-in PDF fonts (Helvetica), which encode WinAnsi only: no network, no font files.

/** The characters of WinAnsi beyond Latin-1, which the built-in fonts can draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const REPLACEMENTS: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
};

const drawable = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return (
    code === 9 ||
    code === 10 ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(c)
  );
};

/**
 * Text the built-in fonts can draw: composed accents, look-alike punctuation replaced, and any other
 * character shown as "?" (rather than silently dropped, which is what the PDF font would do).
 */
export function pdfText(text: string | null | undefined): string {
  if (!text) return '';
  let out = '';
  for (const c of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const replaced = REPLACEMENTS[c] ?? c;
    out += drawable(replaced) ? replaced : '?';
  }
  return out;
}
