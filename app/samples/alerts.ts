/** Spec section 3: alert (id, type, message, date). */
export type SampleAlertType = 'price-drop' | 'new-match' | 'featured' | 'safety';
export type SampleAlert = { id: string; type: SampleAlertType; message: string; date: string };

export const ALERT_TYPE_LABELS: Record<SampleAlertType, string> = {
  'price-drop': 'Price drop',
  'new-match': 'New matching ads',
  featured: 'Featured ad',
  safety: 'Safety tip',
};

export const SAMPLE_ALERTS: SampleAlert[] = [
  { id: 'alert-1', type: 'price-drop', message: 'Toyota Axio 2014 in your favourites is now Ksh 1,290,000 (was Ksh 1,350,000).', date: '2026-03-14T09:20:00+03:00' },
  { id: 'alert-2', type: 'new-match', message: '3 new ads match your search "laptop" in Kisumu.', date: '2026-03-13T18:05:00+03:00' },
  { id: 'alert-3', type: 'featured', message: 'The featured week for "L-shaped 5-seater sofa" ends tomorrow.', date: '2026-03-12T08:00:00+03:00' },
  { id: 'alert-4', type: 'safety', message: 'Never pay a deposit before you have seen the item. Check your M-Pesa balance, not the SMS.', date: '2026-03-10T10:00:00+03:00' },
];
