import { Link } from 'react-router';
import { Article, Callout } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import type { Route } from './+types/guides.safe-trading';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 
    'Guide: safe trading',
    'Stay safe buying and selling in Kenya: meet in public, never pay a deposit before seeing the item, check logbooks with NTSA and land at the Ministry of Lands, and spot fake M-Pesa messages.',
  );

export default function SafeTradingGuide() {
  return (
    <Article
      title="Safe trading"
      lead="Most people on Soko are honest, but scammers target every marketplace. These habits protect your money and your safety."
    >
      <Callout tone="warning" title="The golden rule">
        <p>
          <strong>Never pay a deposit, booking fee or &ldquo;transport fee&rdquo; before you have seen the item.</strong>{' '}
          Inspect it, then pay. A real seller will wait for you to come and look.
        </p>
      </Callout>

      <h2>Meeting safely</h2>
      <ul>
        <li>Meet in a busy public place in daylight: a shopping mall, a bank banking hall, or outside a police station.</li>
        <li>Bring a friend or relative, and tell someone where you are going and who you are meeting.</li>
        <li>Do not carry large amounts of cash. Pay by M-Pesa or bank transfer once you are happy with the item.</li>
        <li>For large items you must view at a home or yard, go with someone and leave if anything feels wrong.</li>
        <li>Sellers: do not invite strangers into your home alone, and do not hand over the item before the money has arrived.</li>
      </ul>

      <h2>Before you pay</h2>
      <ul>
        <li>Inspect the item and test it: switch the phone on, make a call, check the charger, drive the car.</li>
        <li>For phones, check the IMEI (dial *#06#) matches the box and that the phone is not locked to another account.</li>
        <li>Ask for a receipt or written sale agreement with the seller&rsquo;s name and ID number for anything valuable.</li>
        <li>If the price is far below what similar items sell for, ask yourself why.</li>
      </ul>

      <h3>Buying a car or motorbike</h3>
      <ul>
        <li>
          Ask for the logbook and run an official motor vehicle search on the NTSA portal on eCitizen. Check that the
          owner&rsquo;s name matches the seller&rsquo;s ID and that there is no bank or lender listed as a joint owner.
        </li>
        <li>Check that the chassis and engine numbers on the vehicle match the logbook.</li>
        <li>Have a mechanic you trust inspect it, and do the transfer of ownership through NTSA before or at payment.</li>
      </ul>

      <h3>Buying land or a house, or renting</h3>
      <ul>
        <li>
          Do an official land search at the Ministry of Lands (through Ardhisasa or eCitizen, or at the lands registry)
          to confirm who owns the title deed and whether it is charged to a bank or has a caution on it.
        </li>
        <li>Visit the plot yourself, talk to neighbours, and use an advocate for the sale agreement and transfer.</li>
        <li>
          For rentals, never pay a &ldquo;viewing fee&rdquo; or deposit before you have seen the house and confirmed the
          person is the landlord or their real agent.
        </li>
      </ul>

      <h2>Common scams and how to spot them</h2>

      <h3>Fake M-Pesa confirmation messages</h3>
      <p>
        A buyer &ldquo;pays&rdquo; and you receive an SMS that looks like an M-Pesa confirmation, but it came from an
        ordinary phone number, not from MPESA. <strong>Check your M-Pesa balance or statement, not the message.</strong>{' '}
        Dial *334# or open the M-PESA app and confirm the money is really there before you hand anything over.
      </p>

      <h3>&ldquo;I sent money to you by mistake&rdquo;</h3>
      <p>
        Someone sends you a message (often fake) saying they sent you money by mistake, then calls begging you to send it
        back. Check your real M-Pesa balance. Do not send anything back yourself: a genuine mistake is reversed by
        Safaricom when the sender asks them to. Tell the caller to contact Safaricom.
      </p>

      <h3>Deposits for items you have not seen</h3>
      <p>
        A &ldquo;seller&rdquo; with a great price says they are upcountry or abroad and asks for a deposit, a delivery fee or
        a clearing fee at the port before they send the item. The item never comes. Never pay before you see it.
      </p>

      <h3>Fake job offers that ask for fees</h3>
      <p>
        Real employers do not charge for applications, interviews, medical tests, uniforms or training. If a job ad asks
        for money first, it is a scam. For jobs abroad, check that the recruitment agency is registered with the National
        Employment Authority (NEA).
      </p>

      <h3>Overpayment scams</h3>
      <p>
        A buyer &ldquo;accidentally&rdquo; pays you more than the price, by cheque or a transfer that is not yet cleared, and
        asks you to send the difference back. The original payment later bounces or is reversed and you lose the item and
        the &ldquo;change&rdquo;. Refuse overpayments and ask for the exact amount.
      </p>

      <h3>Requests for codes, PINs and passwords</h3>
      <p>
        No buyer needs your M-Pesa PIN, a code sent to your phone, or your Soko password. Soko staff will never ask for
        them either. Anyone who does is trying to take over your account or your money.
      </p>

      <h2>If something goes wrong</h2>
      <ul>
        <li>Stop all contact and do not send more money to &ldquo;recover&rdquo; what you lost.</li>
        <li>If M-Pesa was used, call Safaricom customer care on 100 straight away.</li>
        <li>Report it at the nearest police station and keep the messages, numbers and receipts as evidence.</li>
        <li>
          <Link to="/contact-form">Tell us</Link> with the link to the ad, so we can remove it and warn others.
        </li>
      </ul>
    </Article>
  );
}
