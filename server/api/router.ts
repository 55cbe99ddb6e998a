import { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from './index.ts';
import { badRequest } from '../http/errors.ts';
import { english } from '../i18n.ts';

/**
 * Every API sub-app starts here, so a request that fails its zod schema gets the one error
 * shape: 400 { message: <first problem>, errors: [{ msg, path }] }.
 */
export function createApiRouter(): OpenAPIHono<ApiEnv> {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const errors = result.error.issues.map((i) => ({ msg: i.message, path: i.path.join('.') }));
      throw badRequest(errors[0]?.msg ?? english.errors.invalidInput, errors);
    },
  });
}
