/** Settings tab: the password change form (the account details and Log out are in the console view). */
export function SettingsPanel() {
  return null;
}
