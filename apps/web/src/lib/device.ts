type NavigatorWithHints = Navigator & { userAgentData?: { mobile?: boolean } };

/**
 * A "mobile-type device" of docs/product/screens-and-routes.md#password-reset-screen (two-step reset,
 * open-app link): judged by the device, not the window width, because the open-app link only makes sense
 * where the app can be installed.
 */
export function isMobileDevice(nav: NavigatorWithHints = navigator): boolean {
  if (typeof nav.userAgentData?.mobile === 'boolean' && nav.userAgentData.mobile) return true;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent);
}
