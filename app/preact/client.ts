/**
 * What `react-dom/client` is in the browser build (vite.config.ts, `preactInTheBrowser`): React
 * Router's `hydrateRoot(document, <HydratedRouter />)` done by Preact (preact/compat).
 *
 * Two things differ from React 19 and are handled here:
 * - React Router's root renders the whole document (`<html>` and all). Given `document`, Preact
 *   renders into `document.documentElement` and so would put a second `<html>` inside the first.
 *   It is given a stand-in parent instead, whose one child is the existing `<html>`: Preact then
 *   adopts the server's `<html>`, `<head>` and `<body>` as they are.
 * - React's server rendering moves some elements into `<head>` (`<link rel="modulepreload">` from
 *   `<Scripts>`, preloads, `<title>` and `<meta>` ahead of the layout's own script): Preact
 *   adopts elements in order, tag by tag, without comparing attributes, so an extra `<link>`
 *   before the stylesheet's would be taken for it and the stylesheet dropped. The preload hints
 *   have done their work by the time this runs (this module is one of them) and are removed
 *   first: the head's elements of each tag are then in the order the layout renders them.
 * - `HydratedRouter` suspends on its first render: before anything else (no hook has run) it
 *   throws the promise that decodes the server's data. React 19 waits at the root. Preact has no
 *   root to wait at, and resuming a hydration inside `<Suspense>` does not hydrate what it
 *   resumes (state that differs from the server's HTML, such as a width-dependent placeholder,
 *   never reaches the DOM). So the app is rendered once into a detached element, which starts
 *   the decoding and throws its promise, and the document is hydrated when it has settled, in
 *   one pass, as React does it.
 */
import { hydrate, render } from 'preact/compat';
import type { ReactNode } from 'react';

function documentParent(): ParentNode {
  const html = document.documentElement;
  const stand = {
    nodeType: 1,
    namespaceURI: html.namespaceURI,
    ownerDocument: document,
    parentNode: document,
    firstChild: html,
    childNodes: [html],
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
    contains: (node: Node) => document.contains(node),
  };
  return stand as unknown as ParentNode;
}

type Root = { render(children: ReactNode): void; unmount(): void };

export function hydrateRoot(container: Document | Element, children: ReactNode): Root {
  for (const hint of document.head.querySelectorAll('link[rel=modulepreload], link[rel=preload]')) hint.remove();
  const parent = (container.nodeType === 9 ? documentParent() : container) as never;
  const start = () => hydrate(children as never, parent);
  try {
    render(children as never, document.createElement('div') as never);
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    // Hydrating is the longest piece of work a page does on load: it gets a task of its own,
    // after the one that evaluated the scripts and decoded the data, so that neither holds the
    // main thread (and a tap) for as long as both did together.
    const later = () => setTimeout(start, 0);
    thrown.then(later, later);
    return createRoot(parent);
  }
  throw new Error('hydrateRoot: expected the app to wait for its data on the first render (React Router\'s HydratedRouter)');
}

export function createRoot(container: Element): Root {
  return {
    render: (children) => render(children as never, container as never),
    unmount: () => render(null, container as never),
  };
}
