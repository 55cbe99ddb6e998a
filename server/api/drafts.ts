import type { ZodMediaTypeObject } from '@asteasolutions/zod-to-openapi';
import { createRoute, z } from '@hono/zod-openapi';
import { DRAFT_DAYS, MAX_DRAFTS } from '#kernel/draft-rules.ts';
import type { Services } from '../context.ts';
import { requireAuth } from '../http/guards.ts';
import { addDraftPhoto, createDraft, deleteDraft, getDraft, publishDraft, removeDraftPhoto, requireOwnDraft, saveDraftFields } from '../listings/drafts.ts';
import { uploadFromForm } from '../listings/write.ts';
import { readJson, uploadTempRoot, withUploadedForm } from '../media/upload.ts';
import { ListingSchema } from './listings.routes.ts';
import { bearer, errorResponses, IdParam, json, MessageSchema } from './openapi.ts';
import { createApiRouter } from './router.ts';
import { say } from '../i18n.ts';

/**
 * Drafts of new ads (issue 48, point 3): the post form with JavaScript keeps a started ad on
 * the server as its photos upload one by one, then publishes it. A draft is its owner's only;
 * anyone else's id answers 404.
 */

const DraftPhotoSchema = z
  .object({
    key: z.string().openapi({ description: 'The photo’s storage key: names it in photoOrder and DELETE …/photos/{key}' }),
    url: z.string().openapi({ description: 'The stored photo (its widest size, at most 1,280 px wide)' }),
    thumb: z.string().openapi({ description: 'A 400 px wide preview' }),
    width: z.number().int().openapi({ description: 'Of the photo as received, upright' }),
    height: z.number().int(),
    bytes: z.number().int().openapi({ description: 'The size of the photo as received' }),
  })
  .openapi('DraftPhoto');

const DraftSchema = z
  .object({
    id: z.string().uuid(),
    fields: z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())])).openapi({ description: 'The form’s text as last saved (title, description, category, subcategory, price, currency, location, attributes), unchecked' }),
    photos: z.array(DraftPhotoSchema).openapi({ description: 'In upload order' }),
    updatedAt: z.string(),
  })
  .openapi('Draft');

type BodySchema = NonNullable<ZodMediaTypeObject['schema']>;

// Plain JSON Schema: the handlers read the bodies themselves (a draft keeps text as typed; publishing checks it).
const draftText: BodySchema = {
  type: 'object',
  description: 'The form’s text so far; unknown keys are dropped, nothing is required or checked until the draft is published',
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    category: { type: 'string' },
    subcategory: { type: 'string' },
    price: { type: 'string' },
    currency: { type: 'string' },
    location: { type: 'string' },
    attributes: { type: 'object', additionalProperties: { type: 'string' }, description: 'The subcategory’s fields as typed, key to text' },
  },
};

const photoUpload: BodySchema = {
  type: 'object',
  required: ['images'],
  properties: {
    images: { type: 'string', format: 'binary', description: 'One photo: JPEG, PNG, WebP, AVIF or GIF (checked by content), at most 10 MB. The post form shrinks it first (longest side 1,600 px)' },
  },
};

const publishForm: BodySchema = {
  type: 'object',
  required: ['title', 'description', 'category', 'location'],
  description: 'The same text fields as POST /api/listings (attr.<key> included); the photos are the draft’s',
  properties: {
    title: { type: 'string', maxLength: 100 },
    description: { type: 'string', maxLength: 5000 },
    category: { type: 'string' },
    subcategory: { type: 'string' },
    'attr.<key>': { type: 'string' },
    price: { type: 'string', pattern: '^[0-9]*$' },
    currency: { type: 'string' },
    location: { type: 'string', maxLength: 100 },
    photoOrder: { type: 'array', items: { type: 'string' }, description: 'Repeated field: the photos the ad gets, by key, cover first; the draft’s photos left out are discarded. Without it, every photo of the draft in upload order' },
  },
};

const PhotoParams = IdParam.extend({ key: z.string().openapi({ param: { name: 'key', in: 'path' } }) });
const notFoundDraft = { 404: 'No draft of yours has this id' };

const routes = {
  create: createRoute({
    method: 'post',
    path: '/drafts',
    tags: ['drafts'],
    summary: 'Start a draft of a new ad',
    description: `An account keeps ${MAX_DRAFTS} drafts: starting another drops the least recently touched one and its photos. A draft untouched for ${DRAFT_DAYS} days is removed.`,
    security: bearer,
    request: { body: { required: false, content: { 'application/json': { schema: draftText } } } },
    responses: { 201: json(DraftSchema, 'The new draft'), ...errorResponses(400, 401) },
  }),
  get: createRoute({
    method: 'get',
    path: '/drafts/{id}',
    tags: ['drafts'],
    summary: 'One of the signed-in user’s drafts',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(DraftSchema, 'The draft'), ...errorResponses(401, notFoundDraft) },
  }),
  save: createRoute({
    method: 'put',
    path: '/drafts/{id}',
    tags: ['drafts'],
    summary: 'Save the form’s text to a draft (its photos are untouched)',
    security: bearer,
    request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: draftText } } } },
    responses: { 200: json(DraftSchema, 'The draft as saved'), ...errorResponses(400, 401, notFoundDraft) },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/drafts/{id}',
    tags: ['drafts'],
    summary: 'Discard a draft and its photos',
    security: bearer,
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, 'Discarded'), ...errorResponses(401, notFoundDraft) },
  }),
  addPhoto: createRoute({
    method: 'post',
    path: '/drafts/{id}/photos',
    tags: ['drafts'],
    summary: 'Upload one photo to a draft',
    description: 'Checked and stored as a posted ad’s photos are; at most 10 a draft. Photos are counted per account (150 an hour).',
    security: bearer,
    request: { params: IdParam, body: { required: true, content: { 'multipart/form-data': { schema: photoUpload } } } },
    responses: {
      201: json(DraftPhotoSchema, 'The stored photo'),
      ...errorResponses(400, 401, notFoundDraft, { 413: 'Over 10 MB, or too many pixels', 415: 'Not an accepted image type, or not multipart' }, 429, 503),
    },
  }),
  removePhoto: createRoute({
    method: 'delete',
    path: '/drafts/{id}/photos/{key}',
    tags: ['drafts'],
    summary: 'Remove a photo from a draft',
    security: bearer,
    request: { params: PhotoParams },
    responses: { 200: json(MessageSchema, 'Removed'), ...errorResponses(401, { 404: 'No such draft of yours, or no such photo in it' }) },
  }),
  publish: createRoute({
    method: 'post',
    path: '/drafts/{id}/publish',
    tags: ['drafts'],
    summary: 'Post the ad: the form’s text with the draft’s photos',
    description: 'The same rules and messages as POST /api/listings (required fields, photo count, duplicate ads, the day’s allowance, review holds). The draft is gone once the ad is saved.',
    security: bearer,
    request: {
      params: IdParam,
      body: { required: true, content: { 'multipart/form-data': { schema: publishForm }, 'application/x-www-form-urlencoded': { schema: publishForm } } },
    },
    responses: { 201: json(ListingSchema, 'The created listing'), ...errorResponses(400, 401, notFoundDraft, { 409: 'This ad was already posted, or a chosen photo was removed meanwhile' }, 429) },
  }),
};

export function draftRoutes(services: Services) {
  const app = createApiRouter();
  const { db } = services;
  const tempRoot = uploadTempRoot(services.config);

  app.openapi(routes.create, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const body = c.req.header('content-length') === '0' ? {} : await readJson(c.req.raw).catch(() => ({}));
    return c.json(await createDraft(services, auth.user.id, body), 201);
  });

  app.openapi(routes.get, async (c) => {
    const auth = requireAuth(c.get('auth'));
    c.header('Cache-Control', 'no-store');
    return c.json(await getDraft(db, c.req.valid('param').id, auth.user.id), 200);
  });

  app.openapi(routes.save, async (c) => {
    const auth = requireAuth(c.get('auth'));
    return c.json(await saveDraftFields(db, c.req.valid('param').id, auth.user.id, await readJson(c.req.raw)), 200);
  });

  app.openapi(routes.remove, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await deleteDraft(services, c.req.valid('param').id, auth.user.id);
    return c.json({ message: say(c.get('locale'), (t) => t.api.draftDiscarded) }, 200);
  });

  app.openapi(routes.addPhoto, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const { id } = c.req.valid('param');
    // A stranger is refused before megabytes are read (the body's limit is one photo: server/http/body-limit.ts).
    await requireOwnDraft(db, id, auth.user.id);
    const photo = await withUploadedForm(c.req.raw, tempRoot, (form) => addDraftPhoto(services, id, auth.user.id, form.files()[0]));
    return c.json(photo, 201);
  });

  app.openapi(routes.removePhoto, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const { id, key } = c.req.valid('param');
    await removeDraftPhoto(services, id, auth.user.id, key);
    return c.json({ message: say(c.get('locale'), (t) => t.api.photoRemoved) }, 200);
  });

  app.openapi(routes.publish, async (c) => {
    const auth = requireAuth(c.get('auth'));
    const { id } = c.req.valid('param');
    await requireOwnDraft(db, id, auth.user.id);
    const listing = await withUploadedForm(c.req.raw, tempRoot, (form) =>
      publishDraft(services, id, auth.user.id, { fields: uploadFromForm(form).fields, photoOrder: form.getAll('photoOrder') }),
    );
    return c.json(listing as z.infer<typeof ListingSchema>, 201);
  });

  return app;
}
