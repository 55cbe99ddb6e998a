import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The moderators' area (issue 19); app/routes.ts gathers every feature's list. Paths are relative to app/. */
export const adminRoutes: RouteConfigEntry[] = [
  route('admin', 'routes/admin/admin.tsx'),
  // Reported conversations and messages held for review (issue 43).
  route('admin/conversations', 'routes/admin/conversations.tsx'),
  route('admin/conversations/:id', 'routes/admin/conversation.tsx'),
];
