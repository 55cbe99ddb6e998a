import { Link } from 'react-router';
import { Article } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 
    'Frequently asked questions',
    'Answers to common questions about buying and selling on Soko: posting ads, photos, featuring for 200 Ksh, M-Pesa payments, safety and your account.',
  );

export default function Faq() {
  return (
    <Article title="Frequently asked questions" lead="Short answers to what buyers and sellers ask us most. Can't find yours? Send us a message.">
      <nav aria-label="On this page" className="!mt-4 text-sm">
        <ul className="!mt-0 flex flex-wrap gap-x-4 gap-y-1 !list-none !pl-0">
          <li className="!mt-0"><a href="#buying">Buying</a></li>
          <li className="!mt-0"><a href="#selling">Selling</a></li>
          <li className="!mt-0"><a href="#featuring">Featuring and payments</a></li>
          <li className="!mt-0"><a href="#account">Your account</a></li>
          <li className="!mt-0"><a href="#safety">Safety</a></li>
        </ul>
      </nav>

      <h2 id="buying">Buying</h2>
      <h3>Does it cost anything to use Soko?</h3>
      <p>
        No. Browsing, searching, contacting sellers and posting ads are free. The only paid option is featuring an ad
        (200 Ksh for one week), and that is always your choice.
      </p>
      <h3>How do I contact a seller?</h3>
      <p>
        Open the ad and tap <strong>Show phone number</strong> to call or text the seller, or use the WhatsApp button to
        start a chat with a greeting and the ad&rsquo;s title already written for you.
      </p>
      <h3>Does Soko take payment for items?</h3>
      <p>
        No. You deal with the seller directly and Soko never holds money for a purchase. Anyone who says you must pay
        &ldquo;through Soko&rdquo; or pay a &ldquo;Soko delivery deposit&rdquo; is trying to trick you. Pay only after you
        have seen and checked the item: see <Link to="/guides/safe-trading">Safe trading</Link>.
      </p>
      <h3>What does &ldquo;Price negotiable&rdquo; mean?</h3>
      <p>The seller did not set a price. Ask them for one, and agree on it before you travel to see the item.</p>
      <h3>How do I find ads near me?</h3>
      <p>
        Type a town or estate in the <strong>Location</strong> box of the search bar, for example Nakuru or Kilimani, with or
        without a search term. You can also browse a category from the bar under the header.
      </p>

      <h2 id="selling">Selling</h2>
      <h3>How do I post an ad?</h3>
      <p>
        Tap <strong>Post an ad</strong>, sign in (or create a free account), then fill in the title, category, price,
        location and description, and add at least one photo. The full walk-through is in{' '}
        <Link to="/guides/posting-ads">Posting ads</Link>.
      </p>
      <h3>How many photos can I add?</h3>
      <p>
        Up to 10 photos per ad, each up to 10 MB, in JPEG, PNG, WebP, AVIF or GIF. We remove hidden data such as the GPS
        location from your photos before they are published, and make smaller copies so buyers on mobile data can load
        them quickly.
      </p>
      <h3>How do I change or remove my ad?</h3>
      <p>
        Open <strong>Manage my Ads</strong> from the menu. Each ad has buttons to view, edit and delete it. Please delete
        an ad as soon as the item is sold, so buyers stop calling you.
      </p>
      <h3>Why does my ad show my location?</h3>
      <p>
        Buyers want to know how far they would travel. A town or neighbourhood is enough; never put your exact home
        address in an ad.
      </p>

      <h2 id="featuring">Featuring and payments</h2>
      <h3>What is a featured ad?</h3>
      <p>
        A featured ad carries a <strong>Featured</strong> badge, appears before ordinary ads in the listings and can be
        shown in Featured Listings on the home page, so more buyers see it. Featuring costs <strong>200 Ksh for one
        week</strong>.
      </p>
      <h3>How do I pay for featuring?</h3>
      <p>
        In <strong>Manage my Ads</strong>, tap <strong>Feature Ad</strong> on the ad, then <strong>Pay Now</strong>. You are
        taken to Flutterwave&rsquo;s secure checkout, where you pay with M-Pesa or a card. Soko never sees your card number
        or your M-Pesa PIN.
      </p>
      <p>
        Or tap <strong>Pay with M-Pesa</strong>: type your M-Pesa number, and a prompt for 200 Ksh appears on your phone.
        Enter your M-Pesa PIN there; the page moves on by itself once M-Pesa confirms the payment. If you cancel, the prompt
        times out or the PIN is wrong, the page says so and you can try again.
      </p>
      <h3>I paid but my ad is not featured</h3>
      <p>
        Featuring starts as soon as the payment is confirmed, usually within a minute. If the checkout said the payment
        succeeded and your ad is still not featured after an hour, <Link to="/contact-form">send us a message</Link> with
        the transaction reference shown on the Payment Successful page, or the M-Pesa confirmation code.
      </p>
      <h3>Can I feature the same ad again?</h3>
      <p>
        Yes. When the week is over the <strong>Feature Ad</strong> button appears again in Manage my Ads and you can feature
        the ad for another week.
      </p>

      <h2 id="account">Your account</h2>
      <h3>I forgot my password</h3>
      <p>
        Use <Link to="/forgot-password">Forgot password</Link> on the login page. We e-mail you a link that works once,
        for one hour. Check your spam folder if it does not arrive within a few minutes.
      </p>
      <h3>How do I change my name, e-mail or phone number?</h3>
      <p>
        Open <strong>My Details</strong> from the menu. Details are in <Link to="/guides/account-settings">Account
        settings</Link>.
      </p>
      <h3>Why is my phone number hidden on my ads?</h3>
      <p>
        Your number is sent only when a buyer taps Show phone number on your ad. This keeps it away from the robots that
        copy numbers from websites for spam.
      </p>
      <h3>How do I delete my account?</h3>
      <p>
        Go to <strong>My Details</strong>, scroll to the <strong>Danger Zone</strong> and tap <strong>Delete My
        Account</strong>. Your ads are deleted with it. This cannot be undone.
      </p>

      <h2 id="safety">Safety</h2>
      <h3>A seller wants a deposit before I see the item. Should I pay?</h3>
      <p>
        No. Never send money for something you have not seen. This is the most common way people lose money on
        classifieds sites. Read <Link to="/guides/safe-trading">Safe trading</Link> for the scams to watch for.
      </p>
      <h3>How do I report a suspicious ad or user?</h3>
      <p>
        <Link to="/contact-form">Send us a message</Link> with the link to the ad and what happened. We check every
        report. If you have lost money, also report it at the nearest police station and call Safaricom on 100 if M-Pesa
        was used.
      </p>
    </Article>
  );
}
