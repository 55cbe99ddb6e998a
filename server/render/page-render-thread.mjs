// The render thread's entry. Node 20 does not hand a worker thread the main thread's TypeScript
// loader (tsx, from npm start's --import): not even with --import in the worker's execArgv, the
// worker's first module is loaded before it. This plain module registers tsx, then loads the thread.
import { register } from 'tsx/esm/api';

register();
await import('./page-render-thread.ts');
