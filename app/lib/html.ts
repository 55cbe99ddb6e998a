/**
 * Text as HTML, safe in an element's content and in a double-quoted attribute value. For the
 * few places that write fixed or repeated markup as one string instead of as elements
 * (OptionsSelect's long lists, listing cards).
 */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
