import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Messages between buyers and sellers (issue 43); app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const messagesRoutes: RouteConfigEntry[] = [
  // The inbox keeps the specification's address (its placeholder page until now).
  route('messages', 'routes/messages/inbox.tsx'),
  // What changed, for the open inbox or thread with JavaScript to pick up new messages (polled every 2 s).
  route('messages/updates', 'routes/messages/updates.tsx'),
  // The same, pushed: an event stream (SSE) the open inbox or thread keeps open; /messages/updates is its fallback.
  route('messages/events', 'routes/messages/events.tsx'),
  // "Message seller" from an ad: the form (GET, also after login with the text kept) and the send (POST).
  route('messages/new/:listingId', 'routes/messages/new.tsx'),
  route('messages/:id', 'routes/messages/thread.tsx'),
  // The one-click unsubscribe link of message e-mails (no sign-in).
  route('unsubscribe/messages/:token', 'routes/messages/unsubscribe.tsx'),
];
