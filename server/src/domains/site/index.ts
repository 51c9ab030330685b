/** What other parts of the server use of the site domain: everything else in this folder is private. */
export { siteRoutes } from './routes';
export { addSettingIfMissing, readCheckoutSettings } from './settings-store';
export { currentSettings, executeSettingsCommand, parseSettingsCommand, readRateChange, SettingsError, SETTINGS_USAGE, type SettingsCommand } from './settings-service';
export {
  applyDeliveryChange,
  changeDeliverySettings,
  changeTarget,
  currentDeliverySettings,
  DELIVERY_CHANGES,
  readDeliveryChange,
  type DeliveryChange,
  type DeliveryView,
} from './delivery-settings';
export { newsletterAccountPart } from './account-data';
export { settingsStaffRoutes } from './staff-routes';
