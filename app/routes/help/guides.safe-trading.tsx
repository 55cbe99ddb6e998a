import { Link } from 'react-router';
import { Article, Callout } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import { beforePay1, beforePay2, beforePay3, beforePay4, beforePayHeading, codes, codesHeading, deposits, depositsHeading, description, fakeMpesa, fakeMpesaAfter, fakeMpesaBold, fakeMpesaHeading, goldenRule, goldenRuleBold, goldenRuleText, jobs, jobsHeading, lead, meeting1, meeting2, meeting3, meeting4, meeting5, meetingHeading, metaTitle, mistake, mistakeHeading, overpayment, overpaymentHeading, property1, property2, property3, propertyHeading, scamsHeading, tellUs, title, vehicle1, vehicle2, vehicle3, vehicleHeading, wrong1, wrong2, wrong3, wrong4, wrongHeading } from '#messages/help-safe-trading.ts';
import type { Route } from './+types/guides.safe-trading';

export const meta: Route.MetaFunction = (args) => pageMeta(args, metaTitle, description);

export default function SafeTradingGuide() {
  return (
    <Article title={title} lead={lead}>
      <Callout tone="warning" title={goldenRule}>
        <p>
          <strong>{goldenRuleBold}</strong>{' '}
          {goldenRuleText}
        </p>
      </Callout>

      <h2>{meetingHeading}</h2>
      <ul>
        <li>{meeting1}</li>
        <li>{meeting2}</li>
        <li>{meeting3}</li>
        <li>{meeting4}</li>
        <li>{meeting5}</li>
      </ul>

      <h2>{beforePayHeading}</h2>
      <ul>
        <li>{beforePay1}</li>
        <li>{beforePay2}</li>
        <li>{beforePay3}</li>
        <li>{beforePay4}</li>
      </ul>

      <h3>{vehicleHeading}</h3>
      <ul>
        <li>{vehicle1}</li>
        <li>{vehicle2}</li>
        <li>{vehicle3}</li>
      </ul>

      <h3>{propertyHeading}</h3>
      <ul>
        <li>{property1}</li>
        <li>{property2}</li>
        <li>{property3}</li>
      </ul>

      <h2>{scamsHeading}</h2>

      <h3>{fakeMpesaHeading}</h3>
      <p>
        {fakeMpesa}<strong>{fakeMpesaBold}</strong>{' '}
        {fakeMpesaAfter}
      </p>

      <h3>{mistakeHeading}</h3>
      <p>{mistake}</p>

      <h3>{depositsHeading}</h3>
      <p>{deposits}</p>

      <h3>{jobsHeading}</h3>
      <p>{jobs}</p>

      <h3>{overpaymentHeading}</h3>
      <p>{overpayment}</p>

      <h3>{codesHeading}</h3>
      <p>{codes}</p>

      <h2>{wrongHeading}</h2>
      <ul>
        <li>{wrong1}</li>
        <li>{wrong2}</li>
        <li>{wrong3}</li>
        <li>
          <Link to="/contact-form">{tellUs}</Link>{wrong4}
        </li>
      </ul>
    </Article>
  );
}
