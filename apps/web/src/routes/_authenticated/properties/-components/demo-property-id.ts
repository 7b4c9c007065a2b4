/**
 * The id of the built-in demo property: /properties/demo. A module of its own, because the route's
 * title is decided in the route tree every page loads, which must not bring the demo's sample data.
 */
export const DEMO_PROPERTY_ID = 'demo';
