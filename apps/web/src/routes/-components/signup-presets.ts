/**
 * The signup links of the landing page (spec §2): ?type=homeowner|developer|supplier. A module of its
 * own: /signup's search validation runs in the route tree every page loads, and must not bring the
 * signup wizard with it.
 */
export const SIGNUP_PRESETS = ['homeowner', 'developer', 'supplier'] as const;
export type SignupPreset = (typeof SIGNUP_PRESETS)[number];
