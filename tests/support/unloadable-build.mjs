// A server build a render thread cannot load (tests/integration/page-renderer.test.ts).
throw new Error('this build cannot be loaded');
