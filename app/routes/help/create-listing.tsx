import { useState, type FormEvent } from 'react';
import { Form, Link } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { requireAuth } from '../../../server/http/guards';
import { DEMO_CATEGORIES, DEMO_MAX_PHOTOS, logDemoListing } from '~/samples/create-listing';
import { category, chooseCategory, createDemo, demoDescription, demoDone, demoTitle, demoWarning, demoWarningAfter, description, location, locationPlaceholder, photos, photosHintAfter, photosHintBefore, postAd, postRealAd, price, title } from '#messages/help-samples.ts';
import type { Route } from './+types/create-listing';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, demoTitle, demoDescription, { noindex: true });

export function loader({ context, url }: Route.LoaderArgs) {
  requireAuth(context.auth, url);
  return null;
}

/** Without JavaScript the form still posts here; the demo saves nothing and says so. */
export function action({ context, url }: Route.ActionArgs) {
  requireAuth(context.auth, url);
  return { submitted: true };
}

export default function CreateListingDemo({ actionData }: Route.ComponentProps) {
  const [logged, setLogged] = useState(false);
  const submitted = logged || actionData?.submitted;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    logDemoListing(event.currentTarget);
    setLogged(true);
  };
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{demoTitle}</h1>
      <p className="mt-3 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
        <strong>{demoWarning}</strong>{demoWarningAfter}{' '}
        <Link to="/post-ad" className="font-semibold underline">{postAd}</Link>.
      </p>
      {submitted && (
        <p role="status" className="mt-4 rounded-lg border-l-4 border-green-600 bg-green-50 px-4 py-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {demoDone}{' '}
          <Link to="/post-ad" className="font-semibold underline">{postRealAd}</Link>
        </p>
      )}
      <Form method="post" onSubmit={onSubmit} className="card mt-4 flex flex-col gap-4 p-4 sm:p-6">
        <div>
          <label htmlFor="demo-title" className="label">{title}</label>
          <input id="demo-title" name="title" type="text" className="input" maxLength={120} />
        </div>
        <div>
          <label htmlFor="demo-category" className="label">{category}</label>
          <select id="demo-category" name="category" className="input" defaultValue="">
            <option value="" disabled>{chooseCategory}</option>
            {DEMO_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>{c.label}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="demo-price" className="label">{price}</label>
          <input id="demo-price" name="price" type="number" min={0} step={1} inputMode="numeric" className="input" />
        </div>
        <div>
          <label htmlFor="demo-location" className="label">{location}</label>
          <input id="demo-location" name="location" type="text" className="input" placeholder={locationPlaceholder} />
        </div>
        <div>
          <label htmlFor="demo-description" className="label">{description}</label>
          <textarea id="demo-description" name="description" rows={5} className="input" />
        </div>
        <div>
          <label htmlFor="demo-photos" className="label">{photos}</label>
          <input id="demo-photos" name="photos" type="file" accept="image/*" multiple className="input" aria-describedby="demo-photos-hint" />
          <p id="demo-photos-hint" className="mt-1 text-sm text-gray-700 dark:text-gray-300">{photosHintBefore}{DEMO_MAX_PHOTOS}{photosHintAfter}</p>
        </div>
        <div>
          <button type="submit" className="btn-primary">{createDemo}</button>
        </div>
      </Form>
    </section>
  );
}
