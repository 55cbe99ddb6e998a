/**
 * React Router's standard client entry: React 19 hydrates the document the server rendered with
 * the same React. Hydrating inside a transition lets React yield to the browser between pieces of
 * work, so a tap during hydration is not held up for the whole of it.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
