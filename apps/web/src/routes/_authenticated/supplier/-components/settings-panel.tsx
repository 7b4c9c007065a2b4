import { ChangePasswordSection } from '../../../../components/change-password-form';

export {
  type ChangePassword,
  ChangePasswordForm,
  changePasswordFormSchema,
  PASSWORD_CHANGED,
} from '../../../../components/change-password-form';

/** Settings tab: the password change form (the account details and Log out are in the console view). */
export function SettingsPanel() {
  return <ChangePasswordSection idPrefix="settings" />;
}
