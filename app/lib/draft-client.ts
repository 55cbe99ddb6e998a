import { ATTR_PARAM, subcategorySlug } from '#kernel/subcategories.ts';

/*
 * The post form's talk with its draft on the server (app/components/listings/forms/useDraft.ts),
 * loaded with import() when the first photo is picked or a draft is resumed: the page carries
 * none of it before. Photos are shrunk by ./shrink-photo.ts.
 */

export { shrinkPhoto, shrunkName } from './shrink-photo';

/** The form's text as a draft keeps it: the chosen subcategory's fields as attributes. */
function draftFieldsOf(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const fields: Record<string, unknown> = {};
  for (const name of ['title', 'description', 'category', 'subcategory', 'price', 'currency', 'location']) fields[name] = text(name);
  const subcategory = text('subcategory');
  if (subcategory) {
    const prefix = `${ATTR_PARAM}${subcategorySlug(subcategory)}.`;
    const attributes: Record<string, string> = {};
    for (const [name, value] of data) if (name.startsWith(prefix) && typeof value === 'string' && value) attributes[name.slice(prefix.length)] = value;
    fields.attributes = attributes;
  }
  return fields;
}

async function sendJson(url: string, method: string, body: unknown): Promise<{ id?: string }> {
  const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as { id?: string };
}

/** Starts a draft with the form's text so far; its id. */
export async function startDraft(form: HTMLFormElement | null): Promise<string> {
  const body = await sendJson('/api/drafts', 'POST', form ? draftFieldsOf(form) : {});
  return body.id!;
}

export async function saveDraftText(id: string, form: HTMLFormElement): Promise<void> {
  await sendJson(`/api/drafts/${encodeURIComponent(id)}`, 'PUT', draftFieldsOf(form));
}

export function removeDraftPhoto(id: string, key: string): void {
  void fetch(`/api/drafts/${encodeURIComponent(id)}/photos/${encodeURIComponent(key)}`, { method: 'DELETE' }).catch(() => {});
}

/** One photo to the draft, reporting progress; resolves with the status and JSON body; aborting rejects. */
export function sendPhoto(url: string, body: FormData, onProgress: (fraction: number) => void, signal: AbortSignal) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    // Stopped while the photo was being shrunk: it is not sent at all.
    if (signal.aborted) return reject(new Error('aborted'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): a failure like any other.
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
