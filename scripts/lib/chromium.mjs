/**
 * Debian's Chromium as the browser tests and Lighthouse start it: headless, as root (no sandbox), and
 * with none of the background connections this machine's closed network would refuse, nor the browser UI a
 * headless window never shows.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156's headless windows each build their address bar's popup as two WebUI pages
  // (chrome://omnibox-popup.top-chrome/), in a renderer of their own that nobody sees: about 0.8 CPU-s a new
  // context. Measured on 12 contexts loading /login, four runs each: 22.1 CPU-s with it, 12.7 without.
  // (Playwright adds its own --disable-features list; Chromium merges the two.)
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
