/**
 * Text as HTML for the pages and e-mails the server writes as strings (error pages, the API's
 * docs page, the sandboxes' pages, e-mails): safe in an element's content and in an attribute
 * value quoted either way. The web app's components have their own (app/lib/html.ts).
 */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
