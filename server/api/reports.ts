import { createRoute, z } from '@hono/zod-openapi';
import { REPORT_DETAILS_MAX, REPORT_MESSAGES, REPORT_REASONS } from '#kernel/report-rules.ts';
import type { Services } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { reportListing } from '../moderation/reports.ts';
import { errorResponses, IdParam, json, jsonBody, MessageSchema } from './openapi.ts';
import { createApiRouter } from './router.ts';

const REASONS = REPORT_REASONS.map((r) => r.value) as [string, ...string[]];

const ReportBody = z
  .object({
    reason: z.enum(REASONS, { error: REPORT_MESSAGES.reason }).openapi({ description: REPORT_REASONS.map((r) => `${r.value}: ${r.label}`).join('; ') }),
    // The length is checked by the domain, with the form's message (it counts characters, not UTF-16 units).
    details: z.string(REPORT_MESSAGES.detailsTooLong).optional().openapi({ maxLength: REPORT_DETAILS_MAX, description: 'What the reporter wants moderators to know' }),
  })
  .openapi('ListingReport');

const route = createRoute({
  method: 'post',
  path: '/listings/{id}/reports',
  tags: ['listings'],
  summary: 'Report an ad to the moderators',
  description:
    'Open to everyone, signed in or not. One report per person per ad: a second report from the same account (or, signed out, the same browser, ' +
    'soko_device cookie, else the same IP address) replaces the first. Every report counts toward the limits, reports of held or missing ads too: ' +
    '10 reports per person a day and 200 per IP address an hour. The seller cannot report their own ad. Every report goes to the moderators; ' +
    'only reports from signed-in accounts older than a day can hold an ad by themselves (REPORTS_AUTO_HIDE of them).',
  request: { params: IdParam, body: jsonBody(ReportBody) },
  responses: {
    201: json(MessageSchema, 'Report received; the message thanks the reporter'),
    ...errorResponses(400, 429, { 404: 'No such ad' }),
  },
});

export function reportsRoutes(services: Services) {
  const app = createApiRouter();
  app.openapi(route, async (c) => {
    const found = await reportListing(services, c.req.valid('param').id, c.req.valid('json'), {
      ip: c.get('clientIp'),
      deviceId: c.get('deviceId') ?? c.get('clientIp'),
      deviceKnown: c.get('deviceKnown') ?? false,
      userId: c.get('auth')?.user.id ?? null,
    });
    if (!found) throw notFound((t) => t.errors.listingNotFound);
    return c.json({ message: REPORT_MESSAGES.thanks }, 201);
  });
  return app;
}
