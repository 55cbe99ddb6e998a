import type { ReactNode } from 'react';
import { samplePage } from '#messages/help.ts';

/**
 * Says plainly that a page shows example data, so nobody mistakes it for their own account's
 * data. The real features replace these pages (see app/samples/).
 */
export function SampleNotice({ children }: { children: ReactNode }) {
  return (
    <p className="mt-3 rounded-lg border border-dashed border-gray-400 bg-white px-3 py-2 text-sm text-gray-700 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-300">
      <strong className="font-semibold">{samplePage}</strong> {children}
    </p>
  );
}
