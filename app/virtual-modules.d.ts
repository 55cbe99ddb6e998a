/** The URL of the header's suggestions chunk (vite.config.ts, suggestChunkUrl). */
declare module 'virtual:search-suggest-url' {
  const url: string;
  export default url;
}
