import { z } from 'zod';
import type { SettingsView } from './contract.js';
import { method } from './define.js';

/** The first-run welcome page: signing in goes through `account.signIn`; this is its other way out. */
export const welcomeMethods = {
  /** "Start without signing in": the welcome page does not open at start again (Settings → Service reopens it). */
  'welcome.dismiss': method<SettingsView>()(z.undefined()),
};
