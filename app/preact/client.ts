/**
 * What `react-dom/client` is in the browser build (vite.config.ts, `preactInTheBrowser`): React
 * Router's `hydrateRoot(document, <HydratedRouter />)` done by Preact (preact/compat).
 *
 * Two things differ from React 19 and are handled here:
 * - React Router's root renders the whole document (`<html>` and all). Given `document`, Preact
 *   renders into `document.documentElement` and so would put a second `<html>` inside the first.
 *   It is given a stand-in parent instead, whose one child is the existing `<html>`: Preact then
 *   adopts the server's `<html>`, `<head>` and `<body>` as they are.
 * - `HydratedRouter` suspends on its first render (it throws the promise that decodes the
 *   server's data). React waits at the root; Preact waits at a `<Suspense>` boundary, keeping the
 *   server's DOM until the promise settles, so one is put around the app.
 */
import { createElement, hydrate, render, Suspense } from 'preact/compat';
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
  const parent = container.nodeType === 9 ? documentParent() : (container as Element);
  // preact/compat's types are its own; the element is the same object either way.
  const app = createElement(Suspense as never, { fallback: null }, children as never);
  hydrate(app, parent as never);
  return {
    render: (next) => render(createElement(Suspense as never, { fallback: null }, next as never), parent as never),
    unmount: () => render(null, parent as never),
  };
}

export function createRoot(container: Element): Root {
  return {
    render: (children) => render(children as never, container as never),
    unmount: () => render(null, container as never),
  };
}
