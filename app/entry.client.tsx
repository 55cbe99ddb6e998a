/**
 * React Router's own client entry, as it is: in the browser build `react-dom/client` and `react`
 * are Preact (vite.config.ts, `preactInTheBrowser`; app/preact/client.ts); in development, React.
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
