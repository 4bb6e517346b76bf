// autocannon ships no types; the runner uses its promise API with a plain options object (bench/api.ts).
declare module 'autocannon' {
  function autocannon(options: Record<string, unknown>): Promise<unknown>;
  export default autocannon;
}
