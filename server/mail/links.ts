/**
 * Removing links from text a visitor typed into a mail we send: a shared offer must not carry the
 * sender's links (spam and phishing under our From address). What mail clients turn into links
 * goes: URLs with a scheme, scheme-only forms (mailto:, javascript:), www. names, bare domain
 * names ('example.com/x'), IP addresses and email addresses; and HTML tags, which could hide
 * one. Deliberately greedy: a lost 'Dr.Smith' costs less than a live link.
 */

const REMOVED = '[link removed]';

// Dots that browsers and mail clients read as a domain's dot: ASCII, ideographic, fullwidth, halfwidth.
const DOT = '[.\\u3002\\uff0e\\uff61]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const TLD = '(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})';
const PORT_AND_PATH = '(?::\\d{1,5})?(?:[/?#]\\S*)?';

const LINKS: readonly RegExp[] = [
  // Any scheme with '//': http, https, ftp, and misspelt ones such as hxxp that people still click.
  /[a-z][a-z0-9+.-]*:\/\/\S*/giu,
  /\b(?:mailto|javascript|vbscript|data|file|tel|sms|callto|skype|whatsapp|news|magnet):\S+/giu,
  // Email addresses: clients make them mailto: links.
  /[^\s@<>]+@[^\s@<>]+/gu,
  new RegExp(`\\bwww\\d{0,3}${DOT}\\S*`, 'giu'),
  new RegExp(`\\b\\d{1,3}(?:${DOT}\\d{1,3}){3}${PORT_AND_PATH}`, 'gu'),
  new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${LABEL}${DOT})+${TLD}(?![\\p{L}\\p{N}-])${PORT_AND_PATH}`, 'giu'),
];

/** Tags, also an unclosed one at the end ('<a href=…'); a lone '<' in '3 < 5' stays. */
const TAG = /<\/?[a-z!?][^>]*(?:>|$)/gi;

/** Characters that are never text: controls (bar tab and newline) and invisible format characters. */
export const INVISIBLE = /\p{Cf}|[^\P{Cc}\t\n]/gu;

/** NFKC folds lookalikes ('ｅｘａｍｐｌｅ．ｃｏｍ'); invisible characters could split a link. */
const normalise = (text: string) => text.normalize('NFKC').replace(/\r\n?/g, '\n').replace(INVISIBLE, '');

/** The text without links and tags, each link replaced by '[link removed]', spacing tidied. */
export function stripLinks(text: string): string {
  let result = normalise(text);
  // Removing one link may join what was around it into another: repeat until nothing changes.
  for (let round = 0; round < 5; round++) {
    const before = result;
    result = result.replace(TAG, '');
    for (const pattern of LINKS) result = result.replace(pattern, REMOVED);
    if (result === before) break;
  }
  return result
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether the text holds anything `stripLinks` would remove. */
export function containsLink(text: string): boolean {
  const plain = normalise(text);
  // search(), not test(): it ignores the lastIndex the global patterns keep between calls.
  return [TAG, ...LINKS].some((pattern) => plain.search(pattern) !== -1);
}
