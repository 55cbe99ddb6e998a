import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { createTestApp, type TestApp, pageRequests, TEST_ORIGIN } from '../support/app.ts';
import { adForm, postAd, VALID_AD } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * The ad's pages in Swahili (issue 45, plan step 5, the ad part): the ad page, posting, editing
 * and Manage ads under /sw show the texts of kernel/i18n/sw/{ad,post,manage,lifecycle,report,
 * subcategories}.ts and none of the English ones moved there; the ad's own words stay as written.
 * English is checked by the existing tests, unchanged.
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;
let seller: Awaited<ReturnType<TestApp['createUser']>>;
let adId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [en, sw] = [await loadPageBuild('en'), await loadPageBuild('sw')];
  app = createApp(t.services, { getBuild: en.getBuild, getSwahiliBuild: sw.getBuild });
  seller = await t.createUser({ firstName: 'Wanjiru', lastName: 'Kamau', phoneNumber: '+254712345678' });
  const res = await postAd(t, seller.token, { ...VALID_AD, title: 'Toyota Axio 2016 safi', subcategory: 'Cars' });
  expect(res.status).toBe(201);
  adId = ((await res.json()) as { _id: string })._id;
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const page = pageRequests(() => app);
const signedIn = () => `${SESSION_COOKIE}=${seller.token}`;

async function html(path: string, cookie?: string) {
  const res = await page(path, { cookie });
  expect(res.status).toBe(200);
  return res.text();
}

/** Each English text must be absent; each Swahili one present. */
function expectSwahili(body: string, swahili: string[], english: string[]) {
  for (const text of swahili) expect(body, `missing Swahili ${JSON.stringify(text)}`).toContain(text);
  for (const text of english) expect(body, `English left: ${JSON.stringify(text)}`).not.toContain(text);
}

describe('the ad page in Swahili', () => {
  it('/sw/listing/<id>: safety tips, seller card, actions and the report form in Swahili; the ad\'s own words as written', async () => {
    const body = await html(`/sw/listing/${adId}`);
    expect(body).toMatch(/<html lang="sw-KE"/);
    expect(body).toContain('Toyota Axio 2016 safi');
    expectSwahili(
      body,
      ['Ushauri wa usalama', 'Kutana na muuzaji mahali salama penye watu, wakati wa mchana.', 'Muuzaji', 'Mwanachama tangu', 'Vitendo vya tangazo', 'Nambari ya tangazo', 'Onyesha nambari', 'Ripoti tangazo hili', 'Utapeli', 'Tuma ripoti', 'Magari', 'Imewekwa'],
      ['Safety Tips', 'Meet the seller in a safe', 'Member since', 'Listing Actions', 'Ad ID', 'Show phone number', 'Report this ad', 'Scam or fraud', 'Send report', 'Why are you reporting', '>Posted', 'Description</h2>'],
    );
  });

  it('the seller sees their own ad\'s note in Swahili', async () => {
    const body = await html(`/sw/listing/${adId}`, signedIn());
    expectSwahili(body, ['Hili ni tangazo lako.', 'Libadilishe'], ['This is your ad.', 'Edit it']);
  });

  it('an unknown ad is "Tangazo halipatikani." (404)', async () => {
    const res = await page('/sw/listing/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expectSwahili(await res.text(), ['Tangazo halipatikani.'], ['Listing not found']);
  });
});

describe('posting, editing and Manage ads in Swahili', () => {
  it('/sw/post-ad: the form\'s labels, help and buttons', async () => {
    const body = await html('/sw/post-ad', signedIn());
    expectSwahili(
      body,
      ['Weka tangazo jipya', 'Kichwa', 'Aina ndogo', 'Acha wazi ikiwa bei ni ya maelewano.', 'Chagua sarafu', 'Picha (hadi ', 'Weka angalau picha moja.', ' — maelezo zaidi', 'Kampuni', 'Haijatajwa', 'Mpya', 'Imetumika', 'Ghairi'],
      ['Create a New Listing', 'Leave it empty if the price is negotiable.', 'Select a currency', 'Photos (up to', 'At least one image is required.', 'Cars details', 'Not given', '>Brand new<', 'Create Listing', 'N/A (No Subcategory)'],
    );
  });

  it('a Swahili post with fields missing answers the Swahili messages, at the top and beside each field', async () => {
    const form = adForm({ title: '', description: '', category: '', price: '', currency: 'KES', location: '' });
    const res = await page('/sw/post-ad', { method: 'POST', body: form, cookie: signedIn(), headers: { Origin: TEST_ORIGIN } });
    expect(res.status).toBe(400);
    const body = await res.text();
    expectSwahili(body, ['Hitilafu: Jaza sehemu zote na uweke angalau picha moja.', 'Andika kichwa.', 'Chagua aina.', 'Andika maelezo.'], ['Error: All fields', 'Enter a title.', 'Choose a category.']);
  });

  it('/sw/listings/<id>: the text-only edit form', async () => {
    const body = await html(`/sw/listings/${adId}`, signedIn());
    expectSwahili(body, ['Badilisha tangazo', 'Kichwa cha tangazo', 'Picha zilizopo', 'fomu kamili ya kubadilisha', 'Magari'], ['Edit Ad', 'Ad Title', 'Current images', 'full edit form', 'Update Ad']);
  });

  it('/sw/post-ad?id=<id>: the full edit form', async () => {
    const body = await html(`/sw/post-ad?id=${adId}`, signedIn());
    expectSwahili(body, ['Badilisha tangazo lako', 'Hifadhi mabadiliko', 'Picha ya sasa 1'], ['Edit Your Listing', 'Save Changes', 'Current photo 1']);
  });

  it('/sw/manage-ads: the seller\'s ads, their state, figures and actions', async () => {
    const body = await html('/sw/manage-ads', signedIn());
    expectSwahili(
      body,
      ['Matangazo yako (', 'Linaonekana', 'hadi ', 'Siku 7 zilizopita / jumla', 'Nimeuza', 'Badilisha', 'Futa', 'Toyota Axio 2016 safi'],
      ['Your Ads (', '>Active<', 'Last 7 days', 'Mark as sold', '>Edit<', '>Delete<'],
    );
    const dialog = await html(`/sw/manage-ads?delete=${adId}`, signedIn());
    expectSwahili(dialog, ['Una uhakika kabisa?', 'Endelea'], ['Are you absolutely sure?', 'This action cannot be undone']);
  });

  it('an ad marked sold says so in Swahili (Manage ads\' answer and the ad page)', async () => {
    const form = new FormData();
    form.set('id', adId);
    form.set('intent', 'sold');
    const res = await page('/sw/manage-ads', { method: 'POST', body: form, cookie: signedIn(), headers: { Origin: TEST_ORIGIN } });
    expect(res.status).toBe(200);
    expectSwahili(await res.text(), ['Tangazo lako limewekwa alama ya kuuzwa.', 'Imeuzwa'], ['Your ad is marked as sold']);
    const ad = await html(`/sw/listing/${adId}`);
    expectSwahili(ad, ['Imeuzwa. Bidhaa hii haipatikani tena'], ['Sold. This item is no longer available']);
  });
});

describe('the ad page\'s plain forms and links stay in Swahili', () => {
  it('Show phone, Report and WhatsApp post to or lead through /sw, so the answer and the greeting are Swahili', async () => {
    // An ad of its own: the one above is sold by now.
    const posted = await postAd(t, seller.token, { ...VALID_AD, title: 'Kochi la sebule' });
    const adId = ((await posted.json()) as { _id: string })._id;
    const body = await html(`/sw/listing/${adId}`);
    expect(body).toContain(`action="/sw/listing/${adId}#contact"`);
    expect(body).toContain(`action="/sw/listing/${adId}#report"`);
    const form = new FormData();
    form.set('intent', 'report');
    const res = await page(`/sw/listing/${adId}`, { method: 'POST', body: form, headers: { Origin: TEST_ORIGIN } });
    expectSwahili(await res.text(), ['Tafadhali chagua kwa nini unaripoti tangazo hili.'], ['Please choose why you are reporting']);
    const tap = await page(`/sw/listing/${adId}/whatsapp`, { cookie: t.deviceCookie() });
    expect(tap.status).toBe(302);
    expect(decodeURIComponent(tap.headers.get('location') ?? '')).toContain('Habari, nimevutiwa na tangazo lako "Kochi la sebule" kwenye Soko.');
    const bot = await page(`/sw/listing/${adId}/whatsapp`, { headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    // A crawler is sent back to the ad, in Swahili: React Router writes the basename into a loader's redirect.
    expect(bot.headers.get('location')).toBe(`/sw/listing/${adId}`);
  });
});
