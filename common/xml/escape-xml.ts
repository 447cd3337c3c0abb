/*
 * Kept apart from xml-tree.ts: writers of XML (the read-along EPUB, the delivery report) need only this, and
 * importing the reader would load htmlparser2 into main's start-up (~15 ms of its services' import).
 */

/** Text or an attribute's value written into XML: the five characters XML reserves, escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/gu, (character) => XML_ESCAPES[character] ?? character);
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
