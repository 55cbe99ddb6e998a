import { Link } from 'react-router';
import { Article, Callout } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import type { Route } from './+types/guides.posting-ads';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 
    'Guide: posting ads',
    'How to post an ad on Soko that sells: good photos, a clear title and price, an honest description, and featuring your ad for 200 Ksh a week via M-Pesa or card.',
  );

export default function PostingAdsGuide() {
  return (
    <Article title="Posting ads" lead="Posting on Soko is free and takes a few minutes. Here is how to do it, and how to make your ad stand out.">
      <h2>Post your ad step by step</h2>
      <ol>
        <li>
          Tap <strong>Post an ad</strong> at the top of any page. If you are not signed in, you will be asked to log in
          or <Link to="/auth/register">create a free account</Link> first, then come straight back to the form.
        </li>
        <li>
          <strong>Title</strong>: say exactly what it is, e.g. &ldquo;Toyota Axio 2014, 1500cc, KCX registration&rdquo; or
          &ldquo;2-bedroom apartment to let, Kilimani&rdquo;.
        </li>
        <li>
          <strong>Category</strong>: pick the closest one, such as Cars &amp; Vehicles, Property, Electronics or Jobs, so
          buyers browsing that category find you.
        </li>
        <li>
          <strong>Price and currency</strong>: most ads use Ksh. The price may be left empty: buyers then see &ldquo;Price
          negotiable&rdquo;, but ads with a clear price get more serious calls. You can leave it empty when you edit the ad
          too.
        </li>
        <li>
          <strong>Location</strong>: your town and area, e.g. &ldquo;Nakuru, Milimani&rdquo;. Never your exact house.
        </li>
        <li>
          <strong>Description</strong>: condition, age, what is included, why you are selling, and when buyers can view it.
        </li>
        <li>
          <strong>Photos</strong>: at least one and up to 10. The first photo is the cover that buyers see in the list;
          tap <strong>Cover</strong> on another photo to make it the cover, and use the arrows to change the order.
        </li>
        <li>
          Tap <strong>Create Listing</strong>. Your ad is live immediately: you can view it, post another or feature it
          straight away, and it appears in <strong>Manage my Ads</strong>.
        </li>
      </ol>

      <h2>Photos that sell</h2>
      <ul>
        <li>Shoot in daylight, near a window or outside. Wipe the item first.</li>
        <li>Show the whole item first, then details: the screen switched on, the engine bay, the odometer, any scratches.</li>
        <li>Use your own photos. Buyers trust real pictures more than pictures copied from the internet.</li>
        <li>
          Photos can be JPEG, PNG, WebP, AVIF or GIF, up to 10 MB each. We remove hidden GPS data from them and make
          lighter copies for buyers on mobile data.
        </li>
      </ul>

      <h2>Write a description buyers trust</h2>
      <ul>
        <li>Be honest about faults. A buyer who finds a hidden fault at viewing walks away and you have wasted a trip.</li>
        <li>For phones and electronics: model, storage, battery health, and whether you have the box and receipt.</li>
        <li>For vehicles: year of manufacture, mileage, engine size, transmission, and whether the logbook is in your name.</li>
        <li>For property: rent or price, deposit, water and electricity arrangements, and parking.</li>
        <li>Do not put your phone number in the description: buyers reach you with the Show phone number and WhatsApp buttons.</li>
      </ul>

      <h2 id="featuring">Feature your ad: 200 Ksh for one week</h2>
      <p>
        A featured ad gets a <strong>Featured</strong> badge, is shown before ordinary ads in the listings and can appear in
        Featured Listings on the home page. It is a good choice for items that face a lot of competition, such as cars,
        phones and rentals.
      </p>
      <ol>
        <li>Open <strong>Manage my Ads</strong> and tap <strong>Feature Ad</strong> on the ad.</li>
        <li>Check the fee (200 Ksh) and the duration (one week), then tap <strong>Pay Now</strong>.</li>
        <li>
          You are taken to Flutterwave&rsquo;s secure checkout. Pay with <strong>M-Pesa</strong> (you confirm with your PIN
          on your phone) or with a <strong>card</strong>.
        </li>
        <li>You come back to Soko and see <strong>Payment Successful!</strong> Your ad is featured for the next 7 days.</li>
      </ol>
      <Callout title="Good to know">
        <p>
          The fee is fixed at 200 Ksh by Soko; nobody can ask you for more. Soko never sees your card number or M-Pesa PIN,
          and we never ask you to pay for featuring by sending money to a personal number. When the week is over, the
          Feature Ad button appears again and you can feature the ad for another week.
        </p>
      </Callout>

      <h2>Keep your ads up to date</h2>
      <ul>
        <li>Edit the price or description at any time from Manage my Ads.</li>
        <li>Delete the ad as soon as the item is sold, so buyers stop calling.</li>
        <li>Reply quickly: most buyers contact several sellers and go with the first who answers.</li>
      </ul>

      <h2>What you may not post</h2>
      <p>
        Stolen or counterfeit goods, weapons, drugs, prescription medicines, wildlife products such as ivory, fake
        documents and anything else that is illegal in Kenya. The full list is in our{' '}
        <Link to="/terms">Terms of Service</Link>. Ads that break the rules are removed.
      </p>
      <p>
        Before you meet a buyer, read <Link to="/guides/safe-trading">Safe trading</Link>: sellers are targeted by scams
        too, especially fake M-Pesa messages.
      </p>
    </Article>
  );
}
