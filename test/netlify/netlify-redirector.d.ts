/** The part of netlify-redirector (no bundled types) the routing test uses. */
declare module 'netlify-redirector' {
  interface Matcher {
    match(request: Record<string, unknown>): { to: string; force: boolean; status: number } | null;
  }
  const redirector: { parseJSON(rules: string, options: Record<string, string>): Promise<Matcher> };
  export default redirector;
}
