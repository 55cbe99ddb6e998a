import { jobActionNotice, statusActive, statusExpired } from '#messages/help-samples.ts';

/** Spec section 3: job ad (id, title, company, status, applications, datePosted). The status is shown as it is, in the build's language. */
export type SampleJobAd = { id: string; title: string; company: string; status: typeof statusActive | typeof statusExpired; applications: number; datePosted: string };

export const SAMPLE_JOB_ADS: SampleJobAd[] = [
  { id: 'job-1', title: 'Sales Representative', company: 'Jamii Distributors Ltd', status: statusActive, applications: 24, datePosted: '2026-03-02' },
  { id: 'job-2', title: 'Accounts Assistant', company: 'Baraka Hardware', status: statusActive, applications: 11, datePosted: '2026-02-25' },
  { id: 'job-3', title: 'Delivery Rider (own motorbike)', company: 'Haraka Couriers', status: statusExpired, applications: 57, datePosted: '2026-01-18' },
  { id: 'job-4', title: 'Shop Attendant, Nakuru', company: 'Mama Pima Supermarket', status: statusExpired, applications: 32, datePosted: '2026-01-05' },
];

/** What the actions say while job ads are a sample page. */
export const JOB_AD_ACTION_NOTICE = jobActionNotice;
