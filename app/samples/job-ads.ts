/** Spec section 3: job ad (id, title, company, status, applications, datePosted). */
export type SampleJobAd = { id: string; title: string; company: string; status: 'Active' | 'Expired'; applications: number; datePosted: string };

export const SAMPLE_JOB_ADS: SampleJobAd[] = [
  { id: 'job-1', title: 'Sales Representative', company: 'Jamii Distributors Ltd', status: 'Active', applications: 24, datePosted: '2026-03-02' },
  { id: 'job-2', title: 'Accounts Assistant', company: 'Baraka Hardware', status: 'Active', applications: 11, datePosted: '2026-02-25' },
  { id: 'job-3', title: 'Delivery Rider (own motorbike)', company: 'Haraka Couriers', status: 'Expired', applications: 57, datePosted: '2026-01-18' },
  { id: 'job-4', title: 'Shop Attendant, Nakuru', company: 'Mama Pima Supermarket', status: 'Expired', applications: 32, datePosted: '2026-01-05' },
];

/** What the actions say while job ads are a sample page. */
export const JOB_AD_ACTION_NOTICE = 'Job ads are a sample page for now: this action is not available yet.';
