/**
 * The build plugin as Netlify's build loads it: @netlify/build (lib/plugins/child/validate.js)
 * stops the build with "Invalid event" for any export of a plugin's main module that is not an
 * event handler, a function named in @netlify/config's EVENTS or DEV_EVENTS (lib/events.js,
 * @netlify/config 25.2.6). The real check runs in `npm run test:netlify` (test/netlify-cli/).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the build plugin is plain JavaScript without types (Netlify loads it as is).
import * as plugin from '../../src/netlify/plugins/archive-cache/index.js';

const EVENTS = ['onPreBuild', 'onBuild', 'onPostBuild', 'onSuccess', 'onError', 'onEnd', 'onPreDev', 'onDev'];

describe('the build plugin’s main module', () => {
  it('exports event handlers only', () => {
    const exports = Object.entries(plugin as Record<string, unknown>);
    expect(exports.map(([name]) => name).sort()).toEqual(['onPostBuild', 'onPreBuild']);
    for (const [name, value] of exports) {
      expect(EVENTS, name).toContain(name);
      expect(typeof value, name).toBe('function');
    }
  });
});
