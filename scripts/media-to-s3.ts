/**
 * `npm run media:to-s3`: copies DATA_DIR/media into the bucket that MEDIA_STORE=s3 and the
 * S3_* settings name (server/media/copy-to-bucket.ts), before or after switching an instance
 * over. Safe to stop and run again: what the bucket already has is skipped. Prints the counts;
 * exits 1 when a file could not be copied (run it again once the cause is fixed).
 */
import fs from 'node:fs';
import { copyFolderToBucket } from '../server/media/copy-to-bucket.ts';
import { loadScriptConfig } from './script-config.ts';

const config = loadScriptConfig();
const store = config.media.store;
if (store.kind !== 's3') {
  console.error('Set MEDIA_STORE=s3 and the S3_* settings of the bucket to copy into (README, "Photos in S3-compatible storage").');
  process.exit(1);
}
if (!fs.existsSync(config.mediaDir)) {
  console.error(`No media folder at ${config.mediaDir}: nothing to copy (DATA_DIR names the data folder).`);
  process.exit(1);
}
console.log(`Copying ${config.mediaDir} into bucket ${store.bucket}${store.endpoint ? ` at ${store.endpoint}` : ''} ...`);
let done = 0;
const report = await copyFolderToBucket({
  dir: config.mediaDir,
  config: store,
  onFile: () => {
    if (++done % 1000 === 0) console.log(`  ${done} files looked at`);
  },
});
for (const failure of report.failures.slice(0, 20)) console.error(`  failed: ${failure.name}: ${failure.error}`);
if (report.failures.length > 20) console.error(`  ... and ${report.failures.length - 20} more`);
console.log(`copied ${report.copied}, skipped ${report.skipped} (already in the bucket), failed ${report.failed}`);
process.exitCode = report.failed ? 1 : 0;
